import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { partyKeys } from '@/features/parties/api/query-keys';

export const CONTACT_COLUMNS = 'id, name, display_name, company, email, phone, preferred_channel';
const PARTY_COLUMNS = `id, listing_id, role, position, notes, contact:contacts!listing_parties_contact_id_fkey(${CONTACT_COLUMNS})`;

/** The listing's parties in role order, each with its contact (readable to everyone on the listing). */
export async function getListingParties(listingId: string) {
  return throwIfError(
    await supabase.from('listing_parties').select(PARTY_COLUMNS).eq('listing_id', listingId).order('role').order('position').order('created_at'),
  );
}

export type ListingParty = Awaited<ReturnType<typeof getListingParties>>[number];
export type PartyContact = ListingParty['contact'];

export function listingPartiesQueryOptions(listingId: string) {
  return queryOptions({ queryKey: partyKeys.byListing(listingId), queryFn: () => getListingParties(listingId) });
}

export function useListingParties(listingId: string) {
  return useQuery(listingPartiesQueryOptions(listingId));
}
