import { Loader2 } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { FeedScope } from '@/features/messages/api/feed-scope';
import { useMessagesFeed } from '@/features/messages/hooks/use-messages-feed';
import { MessageBubble } from '@/features/messages/components/message-bubble';

/** How close to the top (px) scrolling starts loading older messages, and to the bottom counts as "at the newest". */
const EDGE_PX = 64;

/**
 * A feed's scrolling box, newest at the bottom. It follows new messages while
 * the reader is at the bottom (or sent them); scrolling to the top (or the
 * 'Load older messages' button) loads the previous page and keeps the
 * messages on screen where they were.
 */
export function MessageFeed({ scope, viewerId, className }: { scope: FeedScope; viewerId: string; className?: string }) {
  const feed = useMessagesFeed(scope);
  const { messages, hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  const boxRef = useRef<HTMLDivElement>(null);
  const atBottomRef = useRef(true);
  const heightBeforeOlderRef = useRef<number | null>(null);

  const newestId = messages.at(-1)?.id;
  const newestIsOwn = messages.at(-1)?.sender_id === viewerId;
  const oldestId = messages[0]?.id;

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (box && newestId && (atBottomRef.current || newestIsOwn)) box.scrollTop = box.scrollHeight;
  }, [newestId, newestIsOwn]);

  useLayoutEffect(() => {
    const box = boxRef.current;
    const before = heightBeforeOlderRef.current;
    if (!box || before === null) return;
    // Older messages went in above: move down by their height so the same messages stay in view.
    box.scrollTop += box.scrollHeight - before;
    heightBeforeOlderRef.current = null;
  }, [oldestId]);

  const loadOlder = () => {
    const box = boxRef.current;
    if (!box || !hasNextPage || isFetchingNextPage) return;
    heightBeforeOlderRef.current = box.scrollHeight;
    void fetchNextPage();
  };

  const onScroll = () => {
    const box = boxRef.current;
    if (!box) return;
    atBottomRef.current = box.scrollHeight - box.scrollTop - box.clientHeight < EDGE_PX;
    if (box.scrollTop < EDGE_PX) loadOlder();
  };

  return (
    <div
      ref={boxRef}
      onScroll={onScroll}
      role="log"
      aria-label="Messages"
      tabIndex={0}
      className={cn('focus-visible:ring-ring/50 overflow-y-auto rounded-md border p-3 outline-none focus-visible:ring-[3px]', className)}
      data-testid="message-box"
    >
      {feed.isPending ? (
        <Loader2 className="text-muted-foreground mx-auto mt-20 animate-spin" aria-label="Loading messages" />
      ) : feed.isError ? (
        <p className="text-destructive text-sm">Could not load messages: {feed.error.message}</p>
      ) : messages.length === 0 ? (
        <p className="text-muted-foreground mt-24 text-center text-sm">No messages yet. Start the conversation!</p>
      ) : (
        <div className="flex flex-col gap-3">
          {hasNextPage && (
            <Button type="button" variant="ghost" size="sm" className="self-center" onClick={loadOlder} disabled={isFetchingNextPage}>
              {isFetchingNextPage && <Loader2 className="animate-spin" />}
              Load older messages
            </Button>
          )}
          <ul className="flex flex-col gap-3">
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} own={message.sender_id === viewerId} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
