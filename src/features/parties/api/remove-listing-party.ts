import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { toast } from '@/hooks/use-toast';
import { partyKeys } from '@/features/parties/api/query-keys';

export const removeListingPartyInputSchema = z.object({ listingId: z.uuid(), partyId: z.uuid() });
export type RemoveListingPartyInput = z.infer<typeof removeListingPartyInputSchema>;

/** Takes a party off the listing; the contact stays in the book. */
export async function removeListingParty(input: RemoveListingPartyInput) {
  const { listingId, partyId } = removeListingPartyInputSchema.parse(input);
  throwIfError(await supabase.from('listing_parties').delete().eq('id', partyId).eq('listing_id', listingId).select('id').single());
}

export function useRemoveListingParty() {
  return useRefetchingMutation({
    mutationFn: removeListingParty,
    refetch: ({ listingId }) => partyKeys.byListing(listingId),
    failure: 'Could not remove the party',
    success: () => toast({ title: 'Party removed' }),
  });
}
