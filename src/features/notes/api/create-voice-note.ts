import { z } from 'zod';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { formatDuration } from '@/lib/voice-message';
import { listingVoiceInputSchema, saveVoiceRecording, voiceColumns } from '@/lib/voice-upload';
import { noteKeys } from '@/features/notes/api/query-keys';

export const createVoiceNoteInputSchema = listingVoiceInputSchema.extend({ userId: z.uuid() });
export type CreateVoiceNoteInput = z.infer<typeof createVoiceNoteInputSchema>;

/** Uploads the recording, then writes the note that plays it (neither half stays behind on failure). */
export async function createVoiceNote(input: CreateVoiceNoteInput) {
  const { listingId, userId, audio, durationSeconds } = createVoiceNoteInputSchema.parse(input);
  return saveVoiceRecording({ listingId, kind: 'notes', audio }, async (path) =>
    throwIfError(
      await supabase
        .from('notes')
        .insert({ listing_id: listingId, user_id: userId, content: `Voice note (${formatDuration(durationSeconds)})`, ...voiceColumns(path, durationSeconds) })
        .select('id')
        .single(),
    ),
  );
}

export function useCreateVoiceNote() {
  return useRefetchingMutation({ mutationFn: createVoiceNote, refetch: ({ listingId }) => noteKeys.byListing(listingId), failure: 'Upload failed.' });
}
