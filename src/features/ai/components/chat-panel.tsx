import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmAction } from '@/components/confirm-action';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useClearAiConversation } from '@/features/ai/api/clear-ai-conversation';
import { useAiConversation } from '@/features/ai/api/get-ai-conversation';
import { ChatComposer } from '@/features/ai/components/chat-composer';
import { ChatMessage, ChatThinking } from '@/features/ai/components/chat-message';
import { useAiChat } from '@/features/ai/hooks/use-ai-chat';

export const CHAT_WELCOME =
  "Hello! I'm your AI assistant. Ask me about your listings, open tasks and requirements, listings missing documents or photos, or recent messages — I look them up in your own data.";

/**
 * The AI Chat tab (spec part 2 §2): history, a welcome message, the answer
 * streaming in, Clear Chat behind a confirmation. `readOnly` (no provider
 * configured): the past conversation only, without the welcome or the
 * question box, and nothing at all when there is none.
 */
export function ChatPanel({ userId, readOnly = false }: { userId: string; readOnly?: boolean }) {
  const history = useAiConversation(userId);
  const clear = useClearAiConversation();
  const [draft, setDraft] = useState('');
  const chat = useAiChat(userId, { onFailure: (question) => setDraft((current) => current || question) });
  const scroller = useRef<HTMLDivElement>(null);
  const entries = history.data ?? [];

  // Follow the conversation as it grows.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [entries.length, chat.pending?.answer, chat.pending?.question]);

  const send = () => {
    const question = draft;
    setDraft('');
    void chat.send(question);
  };

  if (readOnly && history.isSuccess && entries.length === 0) return null;
  return (
    <Card className="flex min-h-0 flex-col gap-0 py-0">
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3 sm:px-6">
        <h2 className="text-base font-semibold">{readOnly ? 'Earlier conversation' : 'AI Chat'}</h2>
        <ConfirmAction
          trigger={
            <Button variant="outline" size="sm" disabled={chat.busy || clear.isPending || entries.length === 0}>
              <Trash2 aria-hidden />
              Clear Chat
            </Button>
          }
          title="Clear Chat"
          question="Delete your whole conversation with the AI assistant? This cannot be undone."
          confirmLabel="Clear Chat"
          onConfirm={() => clear.mutate({ userId })}
        />
      </div>
      <CardContent className="flex flex-col gap-3 px-0">
        <div
          ref={scroller}
          className={`${readOnly ? 'max-h-[min(60vh,36rem)]' : 'h-[min(60vh,36rem)]'} overflow-y-auto px-4 py-4 sm:px-6`}
          data-testid="chat-scroller"
        >
          {history.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <ol className="flex flex-col gap-3" aria-label="Conversation" aria-live="polite" aria-relevant="additions">
              {!readOnly && <ChatMessage role="assistant" content={CHAT_WELCOME} />}
              {entries.map((entry) => (
                <ChatMessage key={entry.id} role={entry.role} content={entry.content} />
              ))}
              {chat.pending && <ChatMessage role="user" content={chat.pending.question} />}
              {chat.pending &&
                (chat.pending.answer ? <ChatMessage role="assistant" content={chat.pending.answer} streaming /> : <ChatThinking tool={chat.pending.tool} />)}
            </ol>
          )}
          {history.isError && <p className="text-destructive text-sm">Failed to load the conversation.</p>}
        </div>
        {!readOnly && (
          <div className="border-t px-4 pt-3 pb-4 sm:px-6">
            <ChatComposer value={draft} onChange={setDraft} onSend={send} busy={chat.busy} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
