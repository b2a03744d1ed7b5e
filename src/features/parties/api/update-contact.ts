import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toast } from '@/hooks/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { contactInputSchema, type ContactFormValues } from '@/features/parties/api/contact-input';
import { CONTACT_COLUMNS } from '@/features/parties/api/get-listing-parties';
import { partyKeys } from '@/features/parties/api/query-keys';

export const updateContactInputSchema = z.object({ listingId: z.uuid(), contactId: z.uuid(), values: contactInputSchema });
export type UpdateContactInput = { listingId: string; contactId: string; values: ContactFormValues };

/** Changes a contact of the book: every listing it is a party on shows the change. */
export async function updateContact(input: UpdateContactInput) {
  const { contactId, values } = updateContactInputSchema.parse(input);
  return throwIfError(await supabase.from('contacts').update(values).eq('id', contactId).select(CONTACT_COLUMNS).single());
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: async (_contact, { listingId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: partyKeys.byListing(listingId) }),
        queryClient.invalidateQueries({ queryKey: partyKeys.contacts() }),
      ]);
      toast({ title: 'Contact saved' });
    },
    onError: (error) => toastFailure('Could not save the contact', error),
  });
}
