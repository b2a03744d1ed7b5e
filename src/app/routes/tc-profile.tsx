import { FeaturePlaceholder } from '@/components/feature-placeholder';

/** Placeholder route: the feature's own screen replaces the placeholder when it lands. */
export function TcProfileRoute() {
  return <FeaturePlaceholder title="My Profile" description="The coordinator's profile: photo and contact details." />;
}
