import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { voiceMessageText } from '@/lib/voice-message';
import { saveVoiceRecording, voiceColumns, voiceRecordingSchema } from '@/lib/voice-upload';
import { feedScopeSchema, scopeColumns, type FeedScope } from '@/features/messages/api/feed-scope';
import { useRefreshNewestMessages } from '@/features/messages/api/live-messages';
import { announceSent, toastSendFailure } from '@/features/messages/api/send-feedback';

export const sendVoiceMessageInputSchema = voiceRecordingSchema.extend({ scope: feedScopeSchema, senderId: z.uuid() });
export type SendVoiceMessageInput = z.infer<typeof sendVoiceMessageInputSchema>;

/**
 * Uploads the recording into the feed's folder of the voice bucket
 * (listings/<id>/messages/ or teams/<coordinator_id>/messages/), then sends
 * the spec's message text ('🎤 Voice message (m:ss) - /uploads/<path>') with
 * the voice columns set (neither half stays behind on failure).
 */
export async function sendVoiceMessage(input: SendVoiceMessageInput) {
  const { scope, senderId, audio, durationSeconds } = sendVoiceMessageInputSchema.parse(input);
  return saveVoiceRecording({ ...scope, kind: 'messages', audio }, async (path) =>
    throwIfError(
      await supabase
        .from('messages')
        .insert({ ...scopeColumns(scope), sender_id: senderId, content: voiceMessageText(durationSeconds, path), ...voiceColumns(path, durationSeconds) })
        .select('id')
        .single(),
    ),
  );
}

export function useSendVoiceMessage(scope: FeedScope) {
  const refreshNewest = useRefreshNewestMessages(scope);
  return useMutation({
    mutationFn: sendVoiceMessage,
    onSuccess: async (_data, input) => {
      await refreshNewest();
      announceSent(input.scope, 'voice');
    },
    onError: (error, input) => toastSendFailure(input.scope, 'voice', error),
  });
}
