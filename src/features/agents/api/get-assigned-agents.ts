import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { searchAndPage, type AgentListParams, type AgentPage } from '@/features/agents/api/agent-list-page';
import { agentKeys } from '@/features/agents/api/query-keys';

/**
 * One coordinator's agents ('My Assigned Agents'), from agent_overview named
 * by assigned_tc_id (RLS lets a tc read only their own team; the super admin any).
 */
export async function getAssignedAgents(tcId: string, params: AgentListParams): Promise<AgentPage> {
  const query = supabase
    .from('agent_overview')
    .select('id, first_name, last_name, email, profile_image_url, is_test_profile', { count: 'exact' })
    .eq('assigned_tc_id', tcId)
    .order('first_name')
    .order('last_name')
    .order('id');
  const result = await searchAndPage(query, params);
  const agents = throwIfError(result).flatMap((row) => (row.id && row.email ? [{ ...row, id: row.id, email: row.email }] : []));
  return { agents, total: result.count ?? 0 };
}

export function assignedAgentsQueryOptions(tcId: string, params: AgentListParams) {
  return queryOptions({
    // Under the coordinator's agent_overview key, so every agent-list refresh reaches it.
    queryKey: [...agentKeys.overview(tcId), 'assignments', params] as const,
    queryFn: () => getAssignedAgents(tcId, params),
    placeholderData: keepPreviousData,
  });
}

export function useAssignedAgents(tcId: string | undefined, params: AgentListParams) {
  return useQuery({ ...assignedAgentsQueryOptions(tcId ?? '', params), enabled: !!tcId });
}
