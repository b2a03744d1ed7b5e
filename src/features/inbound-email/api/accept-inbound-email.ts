import { z } from 'zod';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { toast } from '@/hooks/use-toast';
import { throwIfFunctionError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

export const acceptInboundEmailInputSchema = z.object({ listingId: z.uuid(), id: z.uuid(), subject: z.string() });
export type AcceptInboundEmailInput = z.infer<typeof acceptInboundEmailInputSchema>;

/** The inbound-email function checks the reviewer (accept_inbound_email) and files the mail as a note with its documents. */
export async function acceptInboundEmail(input: AcceptInboundEmailInput) {
  const { id } = acceptInboundEmailInputSchema.parse(input);
  return throwIfFunctionError(await supabase.functions.invoke<{ noteId: string }>('inbound-email/accept', { body: { id } }));
}

/** Accepting files a note and documents too, so everything under the listing is refetched. */
export function useAcceptInboundEmail() {
  return useRefetchingMutation({
    mutationFn: acceptInboundEmail,
    refetch: ({ listingId }) => ['listings', listingId],
    failure: 'Failed to file e-mail',
    success: (_data, { subject }) => toast({ title: 'E-mail filed', description: `"${subject}" was added to the listing's notes.` }),
  });
}
