import { FeaturePlaceholder } from '@/components/feature-placeholder';

/** Placeholder route: the feature's own screen replaces the placeholder when it lands. */
export function AgentDashboardRoute() {
  return <FeaturePlaceholder title="My Listings" description="The agent dashboard: listings with status, tasks from the coordinator and quick actions." />;
}
