import { z } from 'zod';
import { throwIfFunctionError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { useAdminMutation } from '@/features/admin/hooks/use-admin-mutation';

export const resendInvitationInputSchema = z.object({ invitationId: z.uuid() });
export type ResendInvitationInput = z.infer<typeof resendInvitationInputSchema>;

/** The invitations Edge Function mails a pending invitation's link again (404 unknown, 409 no longer pending). */
export async function resendInvitation(input: ResendInvitationInput) {
  const body = { action: 'resend' as const, ...resendInvitationInputSchema.parse(input) };
  return throwIfFunctionError(await supabase.functions.invoke<{ invitation: { id: string } }>('invitations', { body }));
}

export function useResendInvitation() {
  return useAdminMutation({ mutationFn: resendInvitation, success: { title: 'Invitation sent' }, failure: 'Failed to send invitation' });
}
