import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { agentKeys } from '@/features/agents/api/query-keys';

const OVERVIEW_COLUMNS = 'id, first_name, last_name, email, profile_image_url, assigned_tc_id, is_test_profile, listing_count, task_count, open_task_count';

/**
 * The dashboard's agent cards with their listing and task counts in one request
 * (view agent_overview, security_invoker: the counts are what the caller may
 * read). A coordinator asks for their own agents; `'all'` (super admin) for every agent.
 */
export async function getAgentOverview(tcId: string | 'all') {
  const query = supabase.from('agent_overview').select(OVERVIEW_COLUMNS);
  const filtered = tcId === 'all' ? query : query.eq('assigned_tc_id', tcId);
  return throwIfError(await filtered.order('first_name').order('last_name').order('id'));
}

export type AgentOverview = Awaited<ReturnType<typeof getAgentOverview>>[number];

export function agentOverviewQueryOptions(tcId: string | 'all') {
  return queryOptions({
    queryKey: agentKeys.overview(tcId),
    queryFn: () => getAgentOverview(tcId),
    // The counts follow listings and tasks live only while the grid is shown; coming back to it reads them afresh.
    refetchOnMount: 'always',
  });
}

export function useAgentOverview(tcId: string | 'all') {
  return useQuery(agentOverviewQueryOptions(tcId));
}
