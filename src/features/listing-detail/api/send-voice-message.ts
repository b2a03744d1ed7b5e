import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { removeObjects, uploadWithProgress } from '@/lib/storage-upload';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { audioExtension, VOICE_BUCKET, voiceMessageText } from '@/lib/voice-message';
import { messagesQueryKey } from '@/features/listing-detail/api/get-messages';

export const sendVoiceMessageInputSchema = z.object({
  listingId: z.uuid(),
  senderId: z.uuid(),
  audio: z.instanceof(Blob).refine((blob) => blob.size > 0, 'The recording is empty'),
  durationSeconds: z.number().int().min(0),
});
export type SendVoiceMessageInput = z.infer<typeof sendVoiceMessageInputSchema>;

/**
 * Uploads the recording under the listing in the voice bucket, then sends the
 * spec's message text ('🎤 Voice message (m:ss) - /uploads/<path>') with the
 * voice columns set. A message that cannot be written removes the file.
 */
export async function sendVoiceMessage(input: SendVoiceMessageInput) {
  const { listingId, senderId, audio, durationSeconds } = sendVoiceMessageInputSchema.parse(input);
  const path = `listings/${listingId}/messages/${crypto.randomUUID()}.${audioExtension(audio.type)}`;
  await uploadWithProgress({ bucket: VOICE_BUCKET, path, file: audio });
  try {
    return throwIfError(
      await supabase
        .from('messages')
        .insert({ listing_id: listingId, sender_id: senderId, content: voiceMessageText(durationSeconds, path), is_voice: true, voice_url: path, duration: durationSeconds })
        .select('id')
        .single(),
    );
  } catch (error) {
    await removeObjects(VOICE_BUCKET, [path]);
    throw error;
  }
}

export function useSendVoiceMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendVoiceMessage,
    onSuccess: (_row, { listingId }) => queryClient.invalidateQueries({ queryKey: messagesQueryKey(listingId) }),
    onError: (error) => toastFailure('Failed to send voice message', error),
  });
}
