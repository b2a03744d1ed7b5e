import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { voiceMessageText } from '@/lib/voice-message';
import { saveVoiceRecording, voiceRecordingFields } from '@/lib/voice-upload';
import { messagesQueryKey } from '@/features/listing-detail/api/get-messages';

export const sendVoiceMessageInputSchema = z.object({
  listingId: z.uuid(),
  senderId: z.uuid(),
  ...voiceRecordingFields,
});
export type SendVoiceMessageInput = z.infer<typeof sendVoiceMessageInputSchema>;

/**
 * Uploads the recording, then sends the spec's message text
 * ('🎤 Voice message (m:ss) - /uploads/<path>') with the voice columns set
 * (neither half stays behind on failure).
 */
export async function sendVoiceMessage(input: SendVoiceMessageInput) {
  const { listingId, senderId, audio, durationSeconds } = sendVoiceMessageInputSchema.parse(input);
  return saveVoiceRecording({ listingId, kind: 'messages', audio }, async (path) =>
    throwIfError(
      await supabase
        .from('messages')
        .insert({ listing_id: listingId, sender_id: senderId, content: voiceMessageText(durationSeconds, path), is_voice: true, voice_url: path, duration: durationSeconds })
        .select('id')
        .single(),
    ),
  );
}

export function useSendVoiceMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendVoiceMessage,
    onSuccess: (_row, { listingId }) => queryClient.invalidateQueries({ queryKey: messagesQueryKey(listingId) }),
    onError: (error) => toastFailure('Failed to send voice message', error),
  });
}
