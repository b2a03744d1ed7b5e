import { useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { partyKeys } from '@/features/parties/api/query-keys';

/** The roles the listing's current status requires that have no party yet (public.party_role_requirements). */
export async function getMissingPartyRoles(listingId: string): Promise<string[]> {
  return throwIfError(await supabase.rpc('listing_missing_party_roles', { listing_id: listingId })) ?? [];
}

/** Refetched with the parties (its key is below theirs) and when the listing's status changes (`status` is part of the key). */
export function useMissingPartyRoles(listingId: string, status: string) {
  return useQuery({ queryKey: [...partyKeys.missingRoles(listingId), status], queryFn: () => getMissingPartyRoles(listingId) });
}
