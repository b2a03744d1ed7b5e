import { z } from 'zod';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { chatKeys } from '@/features/chat/api/query-keys';

export const deleteTeamMessageInputSchema = z.object({ messageId: z.uuid() });
export type DeleteTeamMessageInput = z.infer<typeof deleteTeamMessageInputSchema>;

/** Policy "Senders and super admins can delete messages"; its thread replies go with it. */
export async function deleteTeamMessage(input: DeleteTeamMessageInput) {
  const { messageId } = deleteTeamMessageInputSchema.parse(input);
  const rows = throwIfError(await supabase.from('tc_team_messages').delete().eq('id', messageId).select('id'));
  if (rows.length === 0) throw new Error('Only the sender deletes a message.');
}

export function useDeleteTeamMessage() {
  return useRefetchingMutation({ mutationFn: deleteTeamMessage, refetch: () => chatKeys.messages, failure: 'Failed to delete message.' });
}
