import { FeaturePlaceholder } from '@/components/feature-placeholder';
import { PublicPageFrame } from '@/components/public-page-frame';

/** Placeholder route: the onboarding feature (invitation → names → account) replaces it. */
export function OnboardingRoute() {
  return (
    <PublicPageFrame>
      <FeaturePlaceholder title="Onboarding" description="Invited people confirm their names here and their account is set up." />
    </PublicPageFrame>
  );
}
