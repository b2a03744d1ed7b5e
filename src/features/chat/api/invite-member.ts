import { z } from 'zod';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { CHANNEL_ROLES } from '@/features/chat/api/get-channel-members';
import { chatKeys } from '@/features/chat/api/query-keys';

export const inviteMemberInputSchema = z.object({ channelId: z.uuid(), tcId: z.uuid('Select a coordinator'), role: z.enum(CHANNEL_ROLES) });
export type InviteMemberInput = z.infer<typeof inviteMemberInputSchema>;

/** Only the channel's creator and admins may add (policy "Channel managers can add coordinators to their channels"). */
export async function inviteMember(input: InviteMemberInput) {
  const { channelId, tcId, role } = inviteMemberInputSchema.parse(input);
  return throwIfError(await supabase.from('tc_channel_members').insert({ channel_id: channelId, tc_id: tcId, role }).select('id').single());
}

export function useInviteMember() {
  return useRefetchingMutation({ mutationFn: inviteMember, refetch: () => chatKeys.all, failure: 'Failed to invite TC. Make sure the email is valid.' });
}
