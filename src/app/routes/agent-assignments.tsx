import { FeaturePlaceholder } from '@/components/feature-placeholder';

/** Placeholder route: the feature's own screen replaces the placeholder when it lands. */
export function AgentAssignmentsRoute() {
  return <FeaturePlaceholder title="Agent Assignments" description="Assign unassigned agents to yourself or release your own." />;
}
