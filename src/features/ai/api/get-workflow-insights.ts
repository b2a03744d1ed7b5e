import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { aiKeys } from '@/features/ai/api/query-keys';

/** Generations keep at most a handful of insights per scope; the list is bounded anyway. */
const MAX_INSIGHTS = 50;

/**
 * The caller's active insights of one scope (all agents, or one agent), as the
 * last Generate Insights stored them (metadata.scope, see
 * replace_workflow_insights()). Named by tc_id: RLS would also let a super
 * admin read every coordinator's insights.
 */
export async function getWorkflowInsights(tcId: string, agentId: string | null) {
  return throwIfError(
    await supabase
      .from('ai_learning_insights')
      .select('id, agent_id, insight_type, title, description, recommendation, confidence, created_at')
      .eq('tc_id', tcId)
      .eq('is_active', true)
      .eq('metadata->>scope', agentId ?? 'all')
      .order('confidence', { ascending: false })
      .order('created_at')
      .order('id')
      .limit(MAX_INSIGHTS),
  );
}
export type WorkflowInsight = Awaited<ReturnType<typeof getWorkflowInsights>>[number];

export function workflowInsightsQueryOptions(tcId: string, agentId: string | null) {
  return queryOptions({ queryKey: [...aiKeys.workflowInsights(agentId), tcId] as const, queryFn: () => getWorkflowInsights(tcId, agentId) });
}

export function useWorkflowInsights(tcId: string, agentId: string | null) {
  return useQuery(workflowInsightsQueryOptions(tcId, agentId));
}
