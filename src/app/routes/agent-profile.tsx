import { FeaturePlaceholder } from '@/components/feature-placeholder';

/** Placeholder route: the feature's own screen replaces the placeholder when it lands. */
export function AgentProfileRoute() {
  return <FeaturePlaceholder title="My Profile" description="The agent's profile: photo, contact details, MLS and brokerage." />;
}
