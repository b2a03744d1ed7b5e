import { Loader2, Mic, Send, Square } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { personName, UserAvatar } from '@/components/user-avatar';
import { VoicePlayer } from '@/components/voice-player';
import type { CurrentUser } from '@/hooks/use-current-user';
import { useVoiceRecorder } from '@/hooks/use-voice-recorder';
import { formatTimestamp } from '@/lib/format-timestamp';
import { cn } from '@/lib/utils';
import { formatDuration, parseVoiceMessage } from '@/lib/voice-message';
import { useMessages, type Message } from '@/features/messages/api/get-messages';
import { useSendMessage } from '@/features/messages/api/send-message';
import { useSendVoiceMessage } from '@/features/messages/api/send-voice-message';

function MessageBubble({ message, own }: { message: Message; own: boolean }) {
  const voice = parseVoiceMessage(message.content);
  const voicePath = message.voice_url ?? voice?.objectPath ?? null;
  return (
    <li className={cn('flex items-end gap-2', own && 'flex-row-reverse')} data-testid="message" data-own={own}>
      <UserAvatar person={message.sender} className="size-7" />
      <div className={cn('flex max-w-[75%] flex-col gap-1 rounded-lg px-3 py-2', own ? 'bg-primary text-primary-foreground' : 'bg-muted')}>
        <span className={cn('text-xs font-medium', own ? 'text-primary-foreground/80' : 'text-muted-foreground')}>
          {own ? 'You' : personName(message.sender)} · {formatTimestamp(message.created_at)}
        </span>
        {voicePath ? (
          <div className="flex items-center gap-2 text-sm">
            {/* An icon rather than the text's emoji: not every system has an emoji font. */}
            <Mic className="size-4" aria-hidden />
            <span>Voice message</span>
            <VoicePlayer objectPath={voicePath} durationSeconds={message.duration ?? voice?.durationSeconds ?? null} className="rounded-md bg-background/90 px-1 py-0.5 text-foreground" />
          </div>
        ) : (
          <p className="text-sm break-words whitespace-pre-wrap">{message.content}</p>
        )}
      </div>
    </li>
  );
}

/** 'Communication Thread': a 16 rem box kept scrolled to the newest message, text and voice sending. */
export function MessagesTab({ listingId, user }: { listingId: string; user: CurrentUser }) {
  const messages = useMessages(listingId);
  const sendMessage = useSendMessage();
  const sendVoice = useSendVoiceMessage();
  const [text, setText] = useState('');
  const boxRef = useRef<HTMLDivElement>(null);
  const recorder = useVoiceRecorder((recording) =>
    sendVoice.mutate({ listingId, senderId: user.id, audio: recording.blob, durationSeconds: recording.durationSeconds }),
  );

  const count = messages.data?.length ?? 0;
  useEffect(() => {
    const box = boxRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [count]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || sendMessage.isPending) return;
    sendMessage.mutate({ listingId, senderId: user.id, content: text.trim() }, { onSuccess: () => setText('') });
  };

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Communication Thread</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div ref={boxRef} className="h-64 overflow-y-auto rounded-md border p-3" data-testid="message-box">
          {messages.isPending ? (
            <Loader2 className="text-muted-foreground mx-auto mt-20 animate-spin" />
          ) : messages.isError ? (
            <p className="text-destructive text-sm">Could not load messages: {messages.error.message}</p>
          ) : count === 0 ? (
            <p className="text-muted-foreground mt-24 text-center text-sm">No messages yet. Start the conversation!</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {messages.data.map((message) => (
                <MessageBubble key={message.id} message={message} own={message.sender_id === user.id} />
              ))}
            </ul>
          )}
        </div>
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
      </CardContent>
    </Card>
  );
}
