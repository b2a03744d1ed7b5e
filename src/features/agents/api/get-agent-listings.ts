import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { agentKeys } from '@/features/agents/api/query-keys';

/**
 * One agent's listings with their open tasks, newest first, in one request:
 * the embedded tasks are filtered to those not completed, so their number is
 * the open-task count. RLS shows a coordinator only listings they coordinate.
 */
export async function getAgentListings(agentId: string, limit: number) {
  const result = await supabase
    .from('listings')
    .select('id, address, status, listing_price, seller_name, created_at, tasks(id)', { count: 'exact' })
    .eq('agent_id', agentId)
    .neq('tasks.status', 'completed')
    .order('created_at', { ascending: false })
    .order('id')
    .range(0, Math.max(limit, 1) - 1);
  const listings = throwIfError(result).map(({ tasks, ...listing }) => ({ ...listing, openTaskCount: tasks.length }));
  return { listings, total: result.count ?? 0 };
}

export type AgentListing = Awaited<ReturnType<typeof getAgentListings>>['listings'][number];

export function agentListingsQueryOptions(agentId: string, limit: number) {
  return queryOptions({
    queryKey: [...agentKeys.profile(agentId), 'listings', { limit }] as const,
    queryFn: () => getAgentListings(agentId, limit),
    placeholderData: keepPreviousData,
  });
}

export function useAgentListings(agentId: string, limit: number) {
  return useQuery(agentListingsQueryOptions(agentId, limit));
}
