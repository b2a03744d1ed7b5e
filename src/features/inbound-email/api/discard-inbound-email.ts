import { z } from 'zod';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { inboundEmailKeys } from '@/features/inbound-email/api/query-keys';

export const discardInboundEmailInputSchema = z.object({ listingId: z.uuid(), id: z.uuid() });
export type DiscardInboundEmailInput = z.infer<typeof discardInboundEmailInputSchema>;

/** discard_inbound_email(): the listing's agent, coordinator or a super admin; the mail is deleted after 30 days. */
export async function discardInboundEmail(input: DiscardInboundEmailInput) {
  const { id } = discardInboundEmailInputSchema.parse(input);
  return throwIfError(await supabase.rpc('discard_inbound_email', { email_id: id }));
}

export function useDiscardInboundEmail() {
  return useRefetchingMutation({
    mutationFn: discardInboundEmail,
    refetch: ({ listingId }) => inboundEmailKeys.byListing(listingId),
    failure: 'Failed to discard e-mail',
    success: () => toast({ title: 'E-mail discarded' }),
  });
}
