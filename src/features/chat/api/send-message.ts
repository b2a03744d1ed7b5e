import { z } from 'zod';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { channelIdOf, chatKeys } from '@/features/chat/api/query-keys';

export const sendTeamMessageInputSchema = z.object({
  channel: z.string().min(1),
  senderId: z.uuid(),
  content: z.string().trim().min(1, 'Required').max(10000),
  parentMessageId: z.uuid().nullable().default(null),
});
export type SendTeamMessageInput = z.input<typeof sendTeamMessageInputSchema>;

/** Posts to a channel (or a thread of it); the database checks membership and stamps the sender. */
export async function sendTeamMessage(input: SendTeamMessageInput) {
  const { channel, senderId, content, parentMessageId } = sendTeamMessageInputSchema.parse(input);
  return throwIfError(
    await supabase
      .from('tc_team_messages')
      .insert({ channel_id: channelIdOf(channel), sender_id: senderId, content, parent_message_id: parentMessageId, is_thread_reply: parentMessageId !== null })
      .select('id')
      .single(),
  );
}

export function useSendTeamMessage() {
  return useRefetchingMutation({ mutationFn: sendTeamMessage, refetch: () => chatKeys.messages, failure: 'Failed to send message.' });
}
