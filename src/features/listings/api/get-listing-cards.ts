import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
// zod/mini: the agent dashboard's first screen, inside the first-load budget (scripts/bundle-size.ts).
import { z } from 'zod/mini';
import { throwIfError } from '@/lib/api-error';
import { STATUS_KEY_PATTERN } from '@/lib/status-key';
import { supabase } from '@/lib/supabase';
import { listingKeys } from '@/features/listings/api/query-keys';

/** Spec part 2 §9: the dashboard's Recent Listings shows the first 5. */
export const RECENT_LISTINGS = 5;
/** Rows per page of All Listings. */
export const ALL_LISTINGS_PAGE = 20;

export const listingCardsInputSchema = z.object({
  agentId: z.uuid(),
  offset: z.int().check(z.minimum(0)),
  limit: z.int().check(z.minimum(1), z.maximum(100)),
  // A key of public.listing_statuses (the table decides; an unknown one lists nothing).
  status: z.nullable(z.string().check(z.regex(STATUS_KEY_PATTERN))),
});
export type ListingCardsInput = z.infer<typeof listingCardsInputSchema>;

/**
 * One page of an agent's listings, newest first (index listings_agent_id_created_at_idx),
 * each with the number of its tasks the agent has not read — an embedded
 * count filtered to that agent's unread tasks, so the badges come in the same
 * request (index tasks_assigned_to_id_is_read_by_agent_idx). Totals come from listing_stats().
 */
export async function getListingCards(input: ListingCardsInput) {
  const { agentId, offset, limit, status } = listingCardsInputSchema.parse(input);
  let query = supabase
    .from('listings')
    .select('id, address, seller_name, listing_price, status, agent_id, tc_id, created_at, unread_tasks:tasks(count)')
    .eq('agent_id', agentId)
    .eq('unread_tasks.assigned_to_id', agentId)
    .is('unread_tasks.is_read_by_agent', false);
  if (status) query = query.eq('status', status);
  const rows = throwIfError(
    await query
      .order('created_at', { ascending: false })
      .order('id')
      .range(offset, offset + limit - 1),
  );
  // The cache keeps a plain row list (with ids), so Realtime can tell a deleted listing is shown.
  return rows.map(({ unread_tasks, ...listing }) => ({ ...listing, unreadTaskCount: unread_tasks[0]?.count ?? 0 }));
}
export type ListingCard = Awaited<ReturnType<typeof getListingCards>>[number];

export function listingCardsQueryOptions(input: ListingCardsInput) {
  const { agentId, ...page } = input;
  return queryOptions({
    queryKey: listingKeys.cards(agentId, page),
    queryFn: () => getListingCards(input),
    // Turning a page keeps the shown rows until the next arrive.
    placeholderData: keepPreviousData,
  });
}

export function useListingCards(input: ListingCardsInput) {
  return useQuery(listingCardsQueryOptions(input));
}
