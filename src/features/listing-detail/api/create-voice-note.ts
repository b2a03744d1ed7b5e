import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { removeObjects, uploadWithProgress } from '@/lib/storage-upload';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { audioExtension, formatDuration, VOICE_BUCKET } from '@/lib/voice-message';
import { notesQueryKey } from '@/features/listing-detail/api/get-notes';

export const createVoiceNoteInputSchema = z.object({
  listingId: z.uuid(),
  userId: z.uuid(),
  audio: z.instanceof(Blob).refine((blob) => blob.size > 0, 'The recording is empty'),
  durationSeconds: z.number().int().min(0),
});
export type CreateVoiceNoteInput = z.infer<typeof createVoiceNoteInputSchema>;

/**
 * Uploads the recording to the voice bucket under the listing, then writes the
 * note. If the note cannot be written the file is removed again, so a failure
 * leaves neither half behind.
 */
export async function createVoiceNote(input: CreateVoiceNoteInput) {
  const { listingId, userId, audio, durationSeconds } = createVoiceNoteInputSchema.parse(input);
  const path = `listings/${listingId}/notes/${crypto.randomUUID()}.${audioExtension(audio.type)}`;
  await uploadWithProgress({ bucket: VOICE_BUCKET, path, file: audio });
  try {
    return throwIfError(
      await supabase
        .from('notes')
        .insert({ listing_id: listingId, user_id: userId, content: `Voice note (${formatDuration(durationSeconds)})`, is_voice: true, voice_url: path, duration: durationSeconds })
        .select('id')
        .single(),
    );
  } catch (error) {
    await removeObjects(VOICE_BUCKET, [path]);
    throw error;
  }
}

export function useCreateVoiceNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVoiceNote,
    onSuccess: (_note, { listingId }) => queryClient.invalidateQueries({ queryKey: notesQueryKey(listingId) }),
    onError: (error) => toastFailure('Upload failed.', error),
  });
}
