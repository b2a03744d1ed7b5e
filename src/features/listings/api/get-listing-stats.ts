import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { listingKeys } from '@/features/listings/api/query-keys';

/** Counts by status key, and their total. */
export type ListingStats = Record<string, number> & { total: number };

/**
 * One agent's listing counts by status in one request: listing_stats() (a
 * function, since hosted PostgREST has aggregates off), one (status, n) row
 * per status of public.listing_statuses, zero included, read here as one
 * object with the total. The agent, their coordinator or a super admin may
 * ask; others get 403.
 */
export async function getListingStats(agentId: string): Promise<ListingStats> {
  const rows = throwIfError(await supabase.rpc('listing_stats', { agent_id: agentId }));
  return { ...Object.fromEntries(rows.map((row) => [row.status, row.n])), total: rows.reduce((sum, row) => sum + row.n, 0) };
}

export function listingStatsQueryOptions(agentId: string) {
  return queryOptions({ queryKey: listingKeys.stats(agentId), queryFn: () => getListingStats(agentId) });
}

export function useListingStats(agentId: string) {
  return useQuery(listingStatsQueryOptions(agentId));
}
