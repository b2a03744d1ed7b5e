import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { notesQueryKey } from '@/features/listing-detail/api/get-notes';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNote,
    onSuccess: (_data, { listingId }) => queryClient.invalidateQueries({ queryKey: notesQueryKey(listingId) }),
    onError: (error) => toastFailure('Failed to update note', error),
  });
}
