import { Bot } from 'lucide-react';
import { MarkdownView } from '@/features/ai/components/markdown-view';

/**
 * One chat entry: the person's questions on the right as plain text, the
 * assistant's answers on the left rendered as (safe) Markdown.
 */
export function ChatMessage({ role, content, streaming }: { role: 'user' | 'assistant'; content: string; streaming?: boolean }) {
  if (role === 'user') {
    return (
      <li className="flex justify-end" data-testid="chat-entry-user">
        <p className="bg-primary text-primary-foreground max-w-[85%] rounded-2xl rounded-br-sm px-4 py-2 text-sm break-words whitespace-pre-wrap">{content}</p>
      </li>
    );
  }
  return (
    <li className="flex items-start gap-2" data-testid={streaming ? 'chat-entry-streaming' : 'chat-entry-assistant'}>
      <span className="bg-primary/10 text-primary mt-1 grid size-7 shrink-0 place-items-center rounded-full">
        <Bot aria-hidden className="size-4" />
      </span>
      <div className="bg-muted max-w-[85%] min-w-0 rounded-2xl rounded-bl-sm px-4 py-2">
        <span className="sr-only">Assistant: </span>
        <MarkdownView source={content} />
      </div>
    </li>
  );
}

/** Shown until the first piece of the answer arrives. */
export function ChatThinking({ tool }: { tool: string | null }) {
  return (
    <li className="flex items-center gap-2" role="status" data-testid="chat-thinking">
      <span className="bg-primary/10 text-primary grid size-7 shrink-0 place-items-center rounded-full">
        <Bot aria-hidden className="size-4 animate-pulse" />
      </span>
      <span className="text-muted-foreground text-sm">
        AI is thinking...{tool && <span className="sr-only"> (looking up your data)</span>}
      </span>
    </li>
  );
}
