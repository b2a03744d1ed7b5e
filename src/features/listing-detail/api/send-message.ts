import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { messagesQueryKey } from '@/features/listing-detail/api/get-messages';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (_row, { listingId }) => queryClient.invalidateQueries({ queryKey: messagesQueryKey(listingId) }),
    onError: (error) => toastFailure('Failed to send message', error),
  });
}
