// zod/mini: the admin console's first screen, inside the first-load budget (scripts/bundle-size.ts).
import { z } from 'zod/mini';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { useAdminMutation } from '@/features/admin/hooks/use-admin-mutation';

export const deleteUserInputSchema = z.object({ accountId: z.uuid() });
export type DeleteUserInput = z.infer<typeof deleteUserInputSchema>;

/**
 * delete_user(): the account (and its sign-in when it was the last one); shared
 * work stays with a null owner (docs/data-model.md 'Deleting users'). 403 for
 * non-admins, 409 for the caller's own active account.
 */
export async function deleteUser(input: DeleteUserInput): Promise<void> {
  const { accountId } = deleteUserInputSchema.parse(input);
  throwIfError(await supabase.rpc('delete_user', { account_id: accountId }));
}

export function useDeleteUser() {
  return useAdminMutation({ mutationFn: deleteUser, success: { title: 'User deleted' }, failure: 'Failed to delete user' });
}
