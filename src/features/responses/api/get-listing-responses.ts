import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { responseKeys } from '@/features/responses/api/query-keys';

/** How many of a listing's latest coordinator responses are shown. */
export const LISTING_RESPONSES_LIMIT = 20;

/** A listing's coordinator responses, newest first (RLS: the coordinator and agent involved, super admins). */
export async function getListingResponses(listingId: string) {
  return throwIfError(
    await supabase
      .from('tc_responses')
      .select('id, listing_id, response_type, content, is_read, created_at, tc:users!tc_responses_tc_id_fkey(first_name, last_name, profile_image_url)')
      .eq('listing_id', listingId)
      .order('created_at', { ascending: false })
      .limit(LISTING_RESPONSES_LIMIT),
  );
}

export type CoordinatorResponse = Awaited<ReturnType<typeof getListingResponses>>[number];

export function listingResponsesQueryOptions(listingId: string) {
  return queryOptions({ queryKey: responseKeys.byListing(listingId), queryFn: () => getListingResponses(listingId) });
}

export function useListingResponses(listingId: string) {
  return useQuery(listingResponsesQueryOptions(listingId));
}
