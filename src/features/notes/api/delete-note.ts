import { z } from 'zod';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { ApiError, throwIfError } from '@/lib/api-error';
import { BUCKETS } from '@/lib/storage-buckets';
import { supabase } from '@/lib/supabase';
import { noteKeys } from '@/features/notes/api/query-keys';

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
  return useRefetchingMutation({ mutationFn: deleteNote, refetch: ({ listingId }) => noteKeys.byListing(listingId), failure: 'Failed to delete note' });
}
