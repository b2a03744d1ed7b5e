import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { agentKeys } from '@/features/agents/api/query-keys';

const OVERVIEW_COLUMNS = 'id, first_name, last_name, email, profile_image_url, assigned_tc_id, is_test_profile, listing_count, task_count, open_task_count';

/** Agent cards per page of the grid; a super admin's brokerage has a thousand agents. */
export const AGENT_OVERVIEW_PAGE = 24;

/**
 * The dashboard's agent cards with their listing and task counts in one request
 * (view agent_overview: each count is computed only for the rows and columns
 * asked for). A coordinator asks for their own agents; `'all'` (super admin)
 * for every agent. One page (`limit` cards, read one more to know there are more).
 */
export async function getAgentOverview(tcId: string | 'all', limit: number) {
  return throwIfError(await agentsByName(OVERVIEW_COLUMNS, tcId).range(0, limit));
}

/**
 * agent_overview rows of one coordinator's team (every agent for `'all'`), in
 * name order; the team named as a filter so the database reads it on its index.
 */
export function agentsByName<Columns extends string>(columns: Columns, tcId: string | 'all') {
  const query = supabase.from('agent_overview').select(columns);
  const filtered = tcId === 'all' ? query : query.eq('assigned_tc_id', tcId);
  return filtered.order('first_name').order('last_name').order('id');
}

export type AgentOverview = Awaited<ReturnType<typeof getAgentOverview>>[number];

export function agentOverviewQueryOptions(tcId: string | 'all', limit = AGENT_OVERVIEW_PAGE) {
  return queryOptions({
    queryKey: [...agentKeys.overview(tcId), { limit }] as const,
    queryFn: () => getAgentOverview(tcId, limit),
    select: (rows) => ({ agents: rows.slice(0, limit), hasMore: rows.length > limit }),
    // The counts follow listings and tasks live only while the grid is shown; coming back to it reads them afresh.
    refetchOnMount: 'always',
    // 'Show more' keeps the shown cards while the longer page loads.
    placeholderData: keepPreviousData,
  });
}

export function useAgentOverview(tcId: string | 'all', limit = AGENT_OVERVIEW_PAGE) {
  return useQuery(agentOverviewQueryOptions(tcId, limit));
}

/** One agent's card (the workspace header), whoever's team it is in. */
export async function getAgentCard(agentId: string) {
  return throwIfError(await supabase.from('agent_overview').select(OVERVIEW_COLUMNS).eq('id', agentId).maybeSingle());
}

export function useAgentCard(agentId: string) {
  return useQuery({ queryKey: agentKeys.card(agentId), queryFn: () => getAgentCard(agentId) });
}
