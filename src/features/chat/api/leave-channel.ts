import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { chatKeys } from '@/features/chat/api/query-keys';

export const leaveChannelInputSchema = z.object({ channelId: z.uuid(), me: z.uuid() });
export type LeaveChannelInput = z.infer<typeof leaveChannelInputSchema>;

/** Any member leaves (policy "Members can leave and managers remove others but the creator"). */
export async function leaveChannel(input: LeaveChannelInput) {
  const { channelId, me } = leaveChannelInputSchema.parse(input);
  throwIfError(await supabase.from('tc_channel_members').delete().eq('channel_id', channelId).eq('tc_id', me).select('id'));
}

export function useLeaveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }),
    onError: (error) => toastFailure('Failed to leave channel.', error),
  });
}
