import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';

/** The question box: Enter sends, Shift+Enter starts a new line; blank text is ignored; disabled while an answer streams. */
export function ChatComposer({ value, onChange, onSend, busy }: { value: string; onChange: (value: string) => void; onSend: () => void; busy: boolean }) {
  const canSend = !busy && value.trim().length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSend) onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSend) onSend();
    }
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <Textarea
        aria-label="Message the AI assistant"
        placeholder="Ask the AI assistant…"
        value={value}
        maxLength={4000}
        rows={2}
        className="max-h-40 min-h-11 resize-none"
        disabled={busy}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button type="submit" disabled={!canSend}>
        <Send aria-hidden />
        Send
      </Button>
    </form>
  );
}
