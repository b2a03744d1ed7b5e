import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { invalidatePartyMessages } from '@/features/party-messages/api/act-on-party-message';

export const composePartyMessageInputSchema = z.object({ listingId: z.uuid(), templateId: z.uuid() });

/** compose_party_message(): a message from a template for this listing, waiting for review, to go now once approved. */
export async function composePartyMessage(input: z.input<typeof composePartyMessageInputSchema>) {
  const { listingId, templateId } = composePartyMessageInputSchema.parse(input);
  return throwIfError(await supabase.rpc('compose_party_message', { listing_id: listingId, template_id: templateId }));
}

export function useComposePartyMessage(listingId: string, { onComposed }: { onComposed?: (messageId: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: composePartyMessage,
    onSuccess: (row) => {
      invalidatePartyMessages(queryClient, listingId);
      onComposed?.(row.id);
    },
    onError: (error) => toastFailure('Failed to write the message', error),
  });
}
