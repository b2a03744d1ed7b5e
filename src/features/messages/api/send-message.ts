import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { feedScopeSchema, scopeColumns, type FeedScope } from '@/features/messages/api/feed-scope';
import { useRefreshNewestMessages } from '@/features/messages/api/live-messages';
import { announceSent, toastSendFailure } from '@/features/messages/api/send-feedback';

export const sendMessageInputSchema = z.object({
  scope: feedScopeSchema,
  senderId: z.uuid(),
  content: z.string().trim().min(1, 'Required').max(10000),
});
export type SendMessageInput = z.infer<typeof sendMessageInputSchema>;

export async function sendMessage(input: SendMessageInput) {
  const { scope, senderId, content } = sendMessageInputSchema.parse(input);
  return throwIfError(await supabase.from('messages').insert({ ...scopeColumns(scope), sender_id: senderId, content }).select('id').single());
}

/** Sends into one feed; success re-reads only its newest page (the message appears at the bottom). */
export function useSendMessage(scope: FeedScope) {
  const refreshNewest = useRefreshNewestMessages(scope);
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: async (_data, input) => {
      await refreshNewest();
      announceSent(input.scope, 'text');
    },
    onError: (error, input) => toastSendFailure(input.scope, 'text', error),
  });
}
