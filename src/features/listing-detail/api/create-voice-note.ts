import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { formatDuration } from '@/lib/voice-message';
import { saveVoiceRecording, voiceRecordingFields } from '@/lib/voice-upload';
import { notesQueryKey } from '@/features/listing-detail/api/get-notes';

export const createVoiceNoteInputSchema = z.object({
  listingId: z.uuid(),
  userId: z.uuid(),
  ...voiceRecordingFields,
});
export type CreateVoiceNoteInput = z.infer<typeof createVoiceNoteInputSchema>;

/** Uploads the recording, then writes the note that plays it (neither half stays behind on failure). */
export async function createVoiceNote(input: CreateVoiceNoteInput) {
  const { listingId, userId, audio, durationSeconds } = createVoiceNoteInputSchema.parse(input);
  return saveVoiceRecording({ listingId, kind: 'notes', audio }, async (path) =>
    throwIfError(
      await supabase
        .from('notes')
        .insert({ listing_id: listingId, user_id: userId, content: `Voice note (${formatDuration(durationSeconds)})`, is_voice: true, voice_url: path, duration: durationSeconds })
        .select('id')
        .single(),
    ),
  );
}

export function useCreateVoiceNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVoiceNote,
    onSuccess: (_note, { listingId }) => queryClient.invalidateQueries({ queryKey: notesQueryKey(listingId) }),
    onError: (error) => toastFailure('Upload failed.', error),
  });
}
