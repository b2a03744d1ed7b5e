import { z } from 'zod';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { chatKeys } from '@/features/chat/api/query-keys';

export const editTeamMessageInputSchema = z.object({ messageId: z.uuid(), content: z.string().trim().min(1, 'Required').max(10000) });
export type EditTeamMessageInput = z.infer<typeof editTeamMessageInputSchema>;

/** Policy "Senders can edit their messages": zero rows changed means it was not one's own. */
export async function editTeamMessage(input: EditTeamMessageInput) {
  const { messageId, content } = editTeamMessageInputSchema.parse(input);
  const rows = throwIfError(await supabase.from('tc_team_messages').update({ content }).eq('id', messageId).select('id'));
  if (rows.length === 0) throw new Error('Only the sender edits a message.');
}

export function useEditTeamMessage() {
  return useRefetchingMutation({ mutationFn: editTeamMessage, refetch: () => chatKeys.messages, failure: 'Failed to edit message.' });
}
