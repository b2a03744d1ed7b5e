import { z } from 'zod';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { messageKeys } from '@/features/messages/api/query-keys';

export const sendMessageInputSchema = z.object({
  listingId: z.uuid(),
  senderId: z.uuid(),
  content: z.string().trim().min(1, 'Required').max(10000),
});
export type SendMessageInput = z.infer<typeof sendMessageInputSchema>;

export async function sendMessage(input: SendMessageInput) {
  const { listingId, senderId, content } = sendMessageInputSchema.parse(input);
  return throwIfError(await supabase.from('messages').insert({ listing_id: listingId, sender_id: senderId, content }).select('id').single());
}

export function useSendMessage() {
  return useRefetchingMutation({ mutationFn: sendMessage, refetch: ({ listingId }) => messageKeys.byListing(listingId), failure: 'Failed to send message' });
}
