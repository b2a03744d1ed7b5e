import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { aiKeys } from '@/features/ai/api/query-keys';

/**
 * The AI Workflow Insights stat cards in one request: workflow_stats() (SQL,
 * security invoker; a coordinator's own workflow, one of their agents with
 * `agentId`, 403 for someone else's agent). Averages and rates are null
 * while there is nothing to measure.
 */
export async function getWorkflowStats(agentId: string | null) {
  return throwIfError(await supabase.rpc('workflow_stats', { agent_id: agentId ?? undefined }).single());
}
export type WorkflowStats = Awaited<ReturnType<typeof getWorkflowStats>>;

export function workflowStatsQueryOptions(agentId: string | null) {
  return queryOptions({ queryKey: aiKeys.workflowStats(agentId), queryFn: () => getWorkflowStats(agentId) });
}

export function useWorkflowStats(agentId: string | null) {
  return useQuery(workflowStatsQueryOptions(agentId));
}
