import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import type { Tables } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';
import { listingKeys } from '@/features/listings/api/query-keys';

export type Listing = Tables<'listings'>;

/** The listing, or null when it does not exist or RLS hides it (both read as 'Listing not found'). */
export async function getListing(listingId: string): Promise<Listing | null> {
  // A malformed id in the address bar is a listing that does not exist, not a database error.
  if (!z.uuid().safeParse(listingId).success) return null;
  return throwIfError(await supabase.from('listings').select('*').eq('id', listingId).maybeSingle());
}

export function listingQueryOptions(listingId: string) {
  return queryOptions({ queryKey: listingKeys.detail(listingId), queryFn: () => getListing(listingId) });
}

export function useListing(listingId: string) {
  return useQuery(listingQueryOptions(listingId));
}

/** Shows a listing row the server returned from a write (e.g. a photo save) at once, without a refetch. */
export function useReceiveListing() {
  const queryClient = useQueryClient();
  return useCallback((listing: Listing) => queryClient.setQueryData(listingKeys.detail(listing.id), listing), [queryClient]);
}
