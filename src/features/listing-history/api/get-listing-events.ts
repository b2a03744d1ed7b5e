import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { nextCursor, olderThanFilter, type KeysetCursor } from '@/lib/keyset-cursor';
import { supabase } from '@/lib/supabase';
import { listingHistoryKeys } from '@/features/listing-history/api/query-keys';
import { listingEventSchema, type ListingEvent } from '@/features/listing-history/api/listing-event';

/** Events per page; older ones load with 'Show more'. */
export const LISTING_EVENTS_PAGE = 20;

const EVENT_COLUMNS = 'id, kind, from_value, to_value, reason, detail, at, actor_id, actor:users!listing_events_actor_id_fkey(first_name, last_name)';

/**
 * One keyset page of a listing's history, newest first, ordered by (at, id):
 * events written by one statement share `at`, so id breaks ties and none
 * repeats or vanishes between pages. RLS: the people on the listing.
 */
export async function getListingEvents(listingId: string, cursor: KeysetCursor | null): Promise<ListingEvent[]> {
  let query = supabase.from('listing_events').select(EVENT_COLUMNS).eq('listing_id', listingId);
  if (cursor) query = query.or(olderThanFilter(cursor, 'at'));
  const rows = throwIfError(await query.order('at', { ascending: false }).order('id', { ascending: false }).limit(LISTING_EVENTS_PAGE));
  return z.array(listingEventSchema).parse(rows);
}

export function listingEventsQueryOptions(listingId: string) {
  return infiniteQueryOptions({
    queryKey: listingHistoryKeys.byListing(listingId),
    queryFn: ({ pageParam }) => getListingEvents(listingId, pageParam),
    initialPageParam: null as KeysetCursor | null,
    getNextPageParam: (page) => nextCursor(page, LISTING_EVENTS_PAGE, 'at') ?? null,
    // Other screens' writes do not invalidate the history: it is read afresh whenever it is shown.
    staleTime: 0,
  });
}

export function useListingEvents(listingId: string) {
  return useInfiniteQuery(listingEventsQueryOptions(listingId));
}
