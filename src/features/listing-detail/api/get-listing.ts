import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import type { Tables } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

export type Listing = Tables<'listings'>;

export const listingQueryKey = (listingId: string) => ['listings', listingId] as const;

/** The listing, or null when it does not exist or RLS hides it (both read as 'Listing not found'). */
export async function getListing(listingId: string): Promise<Listing | null> {
  // A malformed id in the address bar is a listing that does not exist, not a database error.
  if (!z.uuid().safeParse(listingId).success) return null;
  return throwIfError(await supabase.from('listings').select('*').eq('id', listingId).maybeSingle());
}

export function listingQueryOptions(listingId: string) {
  return queryOptions({ queryKey: listingQueryKey(listingId), queryFn: () => getListing(listingId) });
}

export function useListing(listingId: string) {
  return useQuery(listingQueryOptions(listingId));
}
