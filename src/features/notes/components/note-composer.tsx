import { Loader2, Mic, MicOff, Send, Square } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import type { CurrentUser } from '@/hooks/use-current-user';
import { useDictation } from '@/hooks/use-dictation';
import { useVoiceRecorder } from '@/hooks/use-voice-recorder';
import { can } from '@/lib/permissions';
import { formatDuration } from '@/lib/voice-message';
import { useCreateNote } from '@/features/notes/api/create-note';
import { useCreateVoiceNote } from '@/features/notes/api/create-voice-note';

/** 'Add Note': typed text (Enter sends, Shift+Enter breaks the line), dictation and voice notes. */
export function NoteComposer({ listingId, user }: { listingId: string; user: CurrentUser }) {
  const [content, setContent] = useState('');
  const [interim, setInterim] = useState('');
  // Text typed before dictation started; recognised speech is appended to it.
  const baseRef = useRef('');
  const createNote = useCreateNote();
  const createVoiceNote = useCreateVoiceNote();
  const dictation = useDictation((finalText, interimText) => {
    setContent(joinText(baseRef.current, finalText));
    setInterim(interimText);
  });
  const recorder = useVoiceRecorder((recording) =>
    createVoiceNote.mutate({ listingId, userId: user.id, audio: recording.blob, durationSeconds: recording.durationSeconds }),
  );
  const voiceTools = can.useVoiceTools(user);
  const blank = content.trim() === '';

  const send = () => {
    if (blank || createNote.isPending) return;
    if (dictation.isListening) dictation.stop();
    createNote.mutate({ listingId, userId: user.id, content: content.trim() }, { onSuccess: () => setContent('') });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const toggleDictation = () => {
    if (!dictation.isListening) baseRef.current = content;
    setInterim('');
    dictation.toggle();
  };

  return (
    <div className="flex flex-col gap-3 rounded-lg border p-4">
      <h3 className="text-sm font-medium">Add Note</h3>
      <Textarea
        aria-label="Note"
        placeholder="Write a note… (Enter sends, Shift+Enter for a new line)"
        value={interim ? joinText(content, interim) : content}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={onKeyDown}
        className="min-h-20"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" onClick={send} disabled={blank || createNote.isPending}>
          {createNote.isPending ? <Loader2 className="animate-spin" /> : <Send />}
          Send
        </Button>
        <Button type="button" variant="outline" onClick={() => setContent('')} disabled={blank}>
          Cancel
        </Button>
        {voiceTools && (
          <>
            <Button type="button" variant={dictation.isListening ? 'secondary' : 'outline'} onClick={toggleDictation} aria-pressed={dictation.isListening}>
              {dictation.isListening ? <MicOff /> : <Mic />}
              {dictation.isListening ? 'Stop Dictation' : 'Voice-to-Text'}
            </Button>
            {recorder.isRecording ? (
              <Button type="button" variant="destructive" onClick={recorder.stop}>
                <Square />
                Stop Recording ({formatDuration(recorder.elapsedSeconds)})
              </Button>
            ) : (
              <Button type="button" variant="outline" onClick={() => void recorder.start()} disabled={createVoiceNote.isPending}>
                {createVoiceNote.isPending ? <Loader2 className="animate-spin" /> : <Mic />}
                {createVoiceNote.isPending ? 'Uploading…' : 'Voice Note'}
              </Button>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function joinText(before: string, after: string): string {
  if (!before) return after.trimStart();
  if (!after) return before;
  return `${before.trimEnd()} ${after.trimStart()}`;
}
