import { z } from 'zod';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { chatKeys } from '@/features/chat/api/query-keys';

export const pinTeamMessageInputSchema = z.object({ messageId: z.uuid(), pinned: z.boolean() });
export type PinTeamMessageInput = z.infer<typeof pinTeamMessageInputSchema>;

/** public.set_message_pinned(): the channel's creator and admins, or a super admin. */
export async function pinTeamMessage(input: PinTeamMessageInput) {
  const { messageId, pinned } = pinTeamMessageInputSchema.parse(input);
  throwIfError(await supabase.rpc('set_message_pinned', { message_id: messageId, pinned }));
}

export function usePinTeamMessage() {
  return useRefetchingMutation({ mutationFn: pinTeamMessage, refetch: () => chatKeys.messages, failure: 'Failed to pin message.' });
}
