import { FeaturePlaceholder } from '@/components/feature-placeholder';

/** Placeholder route: the feature's own screen replaces the placeholder when it lands. */
export function AiWorkflowInsightsRoute() {
  return <FeaturePlaceholder title="AI Workflow Insights" description="Patterns and insights drawn from how tasks are assigned, answered and completed." />;
}
