import { z } from 'zod';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { ApiError, throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { noteKeys } from '@/features/notes/api/query-keys';

export const updateNoteInputSchema = z.object({
  listingId: z.uuid(),
  noteId: z.uuid(),
  content: z.string().trim().min(1, 'Required'),
});
export type UpdateNoteInput = z.infer<typeof updateNoteInputSchema>;

/** Only the author may edit (RLS); a note RLS hides from the update comes back as no row. */
export async function updateNote(input: UpdateNoteInput) {
  const { noteId, content } = updateNoteInputSchema.parse(input);
  const rows = throwIfError(await supabase.from('notes').update({ content }).eq('id', noteId).select('id'));
  if (rows.length === 0) throw new ApiError(403, 'Only the author can edit this note.');
}

export function useUpdateNote() {
  return useRefetchingMutation({ mutationFn: updateNote, refetch: ({ listingId }) => noteKeys.byListing(listingId), failure: 'Failed to update note' });
}
