import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { aiKeys } from '@/features/ai/api/query-keys';

/** Spec part 2 §9: Recent workflow patterns: 10. */
export const RECENT_PATTERNS = 10;

/**
 * The latest workflow patterns (task assigned, responded, completed, reminder
 * sent) of a coordinator (`tcId`), or of everyone for a super admin
 * (`'all'`, as workflow_stats counts them), optionally of one agent.
 */
export async function getWorkflowPatterns(tcId: string | 'all', agentId: string | null) {
  let query = supabase.from('ai_workflow_patterns').select('id, action_type, pattern_type, metadata, timestamp');
  if (tcId !== 'all') query = query.eq('tc_id', tcId);
  if (agentId) query = query.eq('agent_id', agentId);
  return throwIfError(await query.order('timestamp', { ascending: false }).order('id').limit(RECENT_PATTERNS));
}
export type WorkflowPattern = Awaited<ReturnType<typeof getWorkflowPatterns>>[number];

export function workflowPatternsQueryOptions(tcId: string | 'all', agentId: string | null) {
  return queryOptions({ queryKey: [...aiKeys.workflowPatterns(agentId), tcId] as const, queryFn: () => getWorkflowPatterns(tcId, agentId) });
}

export function useWorkflowPatterns(tcId: string | 'all', agentId: string | null) {
  return useQuery(workflowPatternsQueryOptions(tcId, agentId));
}
