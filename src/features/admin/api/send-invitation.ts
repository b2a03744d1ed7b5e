import { z } from 'zod';
import { throwIfFunctionError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { useAdminMutation } from '@/features/admin/hooks/use-admin-mutation';

/** Roles one may be invited with (invitations.role check; spec §9). */
export const INVITATION_ROLES = ['tc', 'agent'] as const;

export const sendInvitationInputSchema = z.object({
  email: z.string().trim().pipe(z.email({ error: 'Enter a valid e-mail address' })),
  role: z.enum(INVITATION_ROLES),
});
export type SendInvitationInput = z.input<typeof sendInvitationInputSchema>;

/** The invitations Edge Function: creates the row and mails the link after checking the caller is a super admin. */
export async function sendInvitation(input: SendInvitationInput) {
  const body = { action: 'send' as const, ...sendInvitationInputSchema.parse(input) };
  return throwIfFunctionError(await supabase.functions.invoke<{ invitation: { id: string } }>('invitations', { body }));
}

export function useSendInvitation({ onSent }: { onSent: () => void }) {
  return useAdminMutation({ mutationFn: sendInvitation, success: { title: 'Invitation sent' }, failure: 'Failed to send invitation', onSuccess: onSent });
}
