import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { PARTY_ROLES, partyRoleLabel } from '@/lib/party-roles';
import { supabase } from '@/lib/supabase';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { toast } from '@/hooks/use-toast';
import { contactInputSchema, type ContactFormValues } from '@/features/parties/api/contact-input';
import { partyKeys } from '@/features/parties/api/query-keys';

export const addListingPartyInputSchema = z.union([
  z.object({ listingId: z.uuid(), role: z.enum(PARTY_ROLES), contactId: z.uuid() }),
  z.object({ listingId: z.uuid(), role: z.enum(PARTY_ROLES), contact: contactInputSchema }),
]);
export type AddListingPartyInput =
  | { listingId: string; role: z.infer<typeof addListingPartyInputSchema>['role']; contactId: string }
  | { listingId: string; role: z.infer<typeof addListingPartyInputSchema>['role']; contact: ContactFormValues };

/**
 * Puts someone on the listing in a role (public.add_listing_party): a contact
 * of the book by id, or a contact's fields, which the database matches to the
 * book's contact with the same e-mail or phone (never a second one) or adds to
 * the listing's team book. 409 when the contact already holds that role.
 */
export async function addListingParty(input: AddListingPartyInput) {
  const parsed = addListingPartyInputSchema.parse(input);
  const who = 'contactId' in parsed ? { contact_id: parsed.contactId } : { contact: parsed.contact };
  return throwIfError(await supabase.rpc('add_listing_party', { listing_id: parsed.listingId, role: parsed.role, ...who }));
}

export function useAddListingParty({ quiet = false }: { quiet?: boolean } = {}) {
  return useRefetchingMutation({
    mutationFn: addListingParty,
    refetch: ({ listingId }) => partyKeys.byListing(listingId),
    failure: 'Could not add the party',
    success: quiet ? undefined : (_party, { role }) => toast({ title: `${partyRoleLabel(role)} added` }),
  });
}
