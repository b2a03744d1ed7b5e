import { z } from 'zod';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { CHANNEL_ROLES } from '@/features/chat/api/get-channel-members';
import { chatKeys } from '@/features/chat/api/query-keys';

export const changeMemberRoleInputSchema = z.object({ memberId: z.uuid(), channelId: z.uuid(), role: z.enum(CHANNEL_ROLES) });
export type ChangeMemberRoleInput = z.infer<typeof changeMemberRoleInputSchema>;

/** Policy "Channel managers can change roles except the creator's": zero rows changed means not allowed. */
export async function changeMemberRole(input: ChangeMemberRoleInput) {
  const { memberId, role } = changeMemberRoleInputSchema.parse(input);
  const rows = throwIfError(await supabase.from('tc_channel_members').update({ role }).eq('id', memberId).select('id'));
  if (rows.length === 0) throw new Error('Only the channel creator and admins change roles.');
}

export function useChangeMemberRole() {
  return useRefetchingMutation({ mutationFn: changeMemberRole, refetch: ({ channelId }) => chatKeys.members(channelId), failure: 'Failed to change role.' });
}
