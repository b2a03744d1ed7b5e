import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { listingKeys } from '@/features/listings/api/query-keys';

/** How many listings the dashboard shows at first and adds per 'Show more'. */
export const AGENT_LISTINGS_PAGE = 24;

/**
 * One agent's listings, newest first, the first `limit` of them (one more is
 * read to know whether there are more). RLS keeps a coordinator to listings they coordinate.
 */
export async function getAgentListings(agentId: string, limit: number) {
  return throwIfError(await supabase.from('listings').select('*').eq('agent_id', agentId).order('created_at', { ascending: false }).order('id').range(0, limit));
}

export function agentListingsQueryOptions(agentId: string, limit = AGENT_LISTINGS_PAGE) {
  return queryOptions({
    queryKey: listingKeys.byAgentPage(agentId, limit),
    queryFn: () => getAgentListings(agentId, limit),
    // The cache keeps the rows as read (so Realtime can tell which rows are shown); the screen gets the page.
    select: (rows) => ({ listings: rows.slice(0, limit), hasMore: rows.length > limit }),
    // 'Show more' keeps the shown cards while the longer page loads.
    placeholderData: keepPreviousData,
  });
}

export function useAgentListings(agentId: string, limit = AGENT_LISTINGS_PAGE) {
  return useQuery(agentListingsQueryOptions(agentId, limit));
}
