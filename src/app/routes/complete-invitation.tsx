import { FeaturePlaceholder } from '@/components/feature-placeholder';
import { PublicPageFrame } from '@/components/public-page-frame';

/** Placeholder route: the onboarding feature's completion step replaces it. */
export function CompleteInvitationRoute() {
  return (
    <PublicPageFrame>
      <FeaturePlaceholder title="Completing Setup" description="Finishes creating the account of an accepted invitation, then continues to the app." />
    </PublicPageFrame>
  );
}
