import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { listingKeys } from '@/features/listings/api/query-keys';

/**
 * One agent's listing counts by status in one request: listing_stats() (a
 * function, since hosted PostgREST has aggregates off). The agent, their
 * coordinator or a super admin may ask; others get 403.
 */
export async function getListingStats(agentId: string) {
  return throwIfError(await supabase.rpc('listing_stats', { agent_id: agentId }).single());
}
export type ListingStats = Awaited<ReturnType<typeof getListingStats>>;

export function listingStatsQueryOptions(agentId: string) {
  return queryOptions({ queryKey: listingKeys.stats(agentId), queryFn: () => getListingStats(agentId) });
}

export function useListingStats(agentId: string) {
  return useQuery(listingStatsQueryOptions(agentId));
}
