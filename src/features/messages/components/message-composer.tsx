import { Loader2, Mic, Send, Square } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useVoiceRecorder } from '@/hooks/use-voice-recorder';
import { formatDuration } from '@/lib/voice-message';
import type { FeedScope } from '@/features/messages/api/feed-scope';
import { useSendMessage } from '@/features/messages/api/send-message';
import { useSendVoiceMessage } from '@/features/messages/api/send-voice-message';

/** Text input, voice recorder and Send for one feed; blank text is never sent (spec part 1 §5, part 2 §5). */
export function MessageComposer({ scope, senderId }: { scope: FeedScope; senderId: string }) {
  const sendMessage = useSendMessage(scope);
  const sendVoice = useSendVoiceMessage(scope);
  const [text, setText] = useState('');
  const recorder = useVoiceRecorder((recording) => sendVoice.mutate({ scope, senderId, audio: recording.blob, durationSeconds: recording.durationSeconds }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || sendMessage.isPending) return;
    sendMessage.mutate({ scope, senderId, content: text.trim() }, { onSuccess: () => setText('') });
  };

  return (
    <form onSubmit={submit} className="flex gap-2">
      <Input aria-label="Message" placeholder="Type a message…" value={text} onChange={(event) => setText(event.target.value)} />
      {recorder.isRecording ? (
        <Button type="button" variant="destructive" onClick={recorder.stop} aria-label="Stop recording">
          <Square />
          {formatDuration(recorder.elapsedSeconds)}
        </Button>
      ) : (
        <Button type="button" variant="outline" size="icon" onClick={() => void recorder.start()} disabled={sendVoice.isPending} aria-label="Record voice message">
          {sendVoice.isPending ? <Loader2 className="animate-spin" /> : <Mic />}
        </Button>
      )}
      <Button type="submit" disabled={!text.trim() || sendMessage.isPending} aria-label="Send message">
        <Send />
      </Button>
    </form>
  );
}
