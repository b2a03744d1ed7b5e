import { z } from 'zod';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { voiceMessageText } from '@/lib/voice-message';
import { listingVoiceInputSchema, saveVoiceRecording, voiceColumns } from '@/lib/voice-upload';
import { messageKeys } from '@/features/messages/api/query-keys';

export const sendVoiceMessageInputSchema = listingVoiceInputSchema.extend({ senderId: z.uuid() });
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
        .insert({ listing_id: listingId, sender_id: senderId, content: voiceMessageText(durationSeconds, path), ...voiceColumns(path, durationSeconds) })
        .select('id')
        .single(),
    ),
  );
}

export function useSendVoiceMessage() {
  return useRefetchingMutation({ mutationFn: sendVoiceMessage, refetch: ({ listingId }) => messageKeys.byListing(listingId), failure: 'Failed to send voice message' });
}
