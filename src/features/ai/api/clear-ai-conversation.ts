import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { aiKeys } from '@/features/ai/api/query-keys';

export const clearConversationInputSchema = z.object({ userId: z.uuid() });
export type ClearConversationInput = z.infer<typeof clearConversationInputSchema>;

/** Clear Chat: deletes the account's own entries (policy "Users can clear their AI chat"; explicit filter, as a super admin may delete anyone's). */
export async function clearAiConversation(input: ClearConversationInput) {
  const { userId } = clearConversationInputSchema.parse(input);
  throwIfError(await supabase.from('ai_conversations').delete().eq('user_id', userId));
}

export function useClearAiConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearAiConversation,
    onSuccess: (_result, { userId }) => {
      queryClient.setQueryData(aiKeys.conversation(userId), []);
      void queryClient.invalidateQueries({ queryKey: aiKeys.conversation(userId) });
      toast({ title: 'Chat Cleared' });
    },
    onError: (error) => toastFailure('Failed to clear conversation history.', error),
  });
}
