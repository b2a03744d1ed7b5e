import { z } from 'zod';
import { ApiError, throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { useAdminMutation } from '@/features/admin/hooks/use-admin-mutation';

export const deleteInvitationInputSchema = z.object({ invitationId: z.uuid() });
export type DeleteInvitationInput = z.infer<typeof deleteInvitationInputSchema>;

/** Deletes an invitation (policy "Super admins can delete invitations"); its link stops working. */
export async function deleteInvitation(input: DeleteInvitationInput): Promise<void> {
  const { invitationId } = deleteInvitationInputSchema.parse(input);
  const deleted = throwIfError(await supabase.from('invitations').delete().eq('id', invitationId).select('id'));
  // RLS turns a forbidden delete into "0 rows", which must not read as success.
  if (deleted.length === 0) throw new ApiError(404, 'Invitation not found');
}

export function useDeleteInvitation() {
  return useAdminMutation({ mutationFn: deleteInvitation, success: { title: 'Invitation deleted' }, failure: 'Failed to delete invitation' });
}
