import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { searchAndPage, type AgentListParams, type AgentPage } from '@/features/agents/api/agent-list-page';
import { agentKeys } from '@/features/agents/api/query-keys';

/**
 * Unassigned agents ('Available Agents'): available_agents() returns only
 * name, e-mail and avatar, to coordinators and super admins; PostgREST
 * filters, orders, counts and pages its result like a table.
 */
export async function getAvailableAgents(params: AgentListParams): Promise<AgentPage> {
  const query = supabase
    .rpc('available_agents', {}, { count: 'exact' })
    // search_text is read only so the search can filter on it: PostgREST filters a
    // function's table result on selected columns only.
    .select('id, first_name, last_name, email, profile_image_url, search_text')
    .order('first_name')
    .order('last_name')
    .order('id');
  const result = await searchAndPage(query, params);
  return { agents: throwIfError(result), total: result.count ?? 0 };
}

export function availableAgentsQueryOptions(params: AgentListParams) {
  return queryOptions({
    queryKey: [...agentKeys.available, params] as const,
    queryFn: () => getAvailableAgents(params),
    placeholderData: keepPreviousData,
  });
}

export function useAvailableAgents(params: AgentListParams, { enabled = true } = {}) {
  return useQuery({ ...availableAgentsQueryOptions(params), enabled });
}
