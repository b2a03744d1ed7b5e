import { SendHorizontal } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useSendTeamMessage } from '@/features/chat/api/send-message';
import type { ChannelKey } from '@/features/chat/api/query-keys';

/** Enter sends, Shift+Enter starts a new line; blank text is ignored (spec part 2 §5). */
export function MessageComposer({ channel, senderId, parentMessageId = null, label }: { channel: ChannelKey; senderId: string; parentMessageId?: string | null; label: string }) {
  const [content, setContent] = useState('');
  const send = useSendTeamMessage();

  const submit = () => {
    const text = content.trim();
    if (!text || send.isPending) return;
    send.mutate({ channel, senderId, content: text, parentMessageId }, { onSuccess: () => setContent('') });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="flex items-end gap-2">
      <Textarea
        aria-label={label}
        placeholder={`${label}…`}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        onKeyDown={onKeyDown}
        rows={1}
        maxLength={10000}
        className="max-h-40 min-h-10 resize-none"
      />
      <Button type="button" size="icon" aria-label="Send message" onClick={submit} disabled={send.isPending || !content.trim()}>
        <SendHorizontal className="size-4" />
      </Button>
    </div>
  );
}
