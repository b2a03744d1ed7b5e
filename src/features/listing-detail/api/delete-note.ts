import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, throwIfError } from '@/lib/api-error';
import { BUCKETS } from '@/lib/storage-buckets';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { notesQueryKey } from '@/features/listing-detail/api/get-notes';

export const deleteNoteInputSchema = z.object({ listingId: z.uuid(), noteId: z.uuid(), voiceUrl: z.string().nullable() });
export type DeleteNoteInput = z.infer<typeof deleteNoteInputSchema>;

export async function deleteNote(input: DeleteNoteInput) {
  const { noteId, voiceUrl } = deleteNoteInputSchema.parse(input);
  const rows = throwIfError(await supabase.from('notes').delete().eq('id', noteId).select('id'));
  if (rows.length === 0) throw new ApiError(403, 'Only the author can delete this note.');
  // The recording goes with its note; a leftover file would only cost space, so a failure here is not the user's problem.
  if (voiceUrl) await supabase.storage.from(BUCKETS.voiceRecordings).remove([voiceUrl]);
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: (_data, { listingId }) => queryClient.invalidateQueries({ queryKey: notesQueryKey(listingId) }),
    onError: (error) => toastFailure('Failed to delete note', error),
  });
}
