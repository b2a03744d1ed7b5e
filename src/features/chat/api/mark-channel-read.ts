import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { channelIdOf, chatKeys } from '@/features/chat/api/query-keys';

export const markChannelReadInputSchema = z.object({ channel: z.string().min(1) });
export type MarkChannelReadInput = z.infer<typeof markChannelReadInputSchema>;

/** Moves the caller's read marker of the channel to now (public.mark_channel_read). */
export async function markChannelRead(input: MarkChannelReadInput) {
  const { channel } = markChannelReadInputSchema.parse(input);
  const id = channelIdOf(channel);
  throwIfError(await supabase.rpc('mark_channel_read', id === null ? {} : { channel_id: id }));
}

/** Quiet: a failed read marker only leaves the count up, so no toast. */
export function useMarkChannelRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markChannelRead, onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.unread }) });
}
