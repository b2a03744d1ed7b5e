import { useLayoutEffect, useRef, type UIEvent } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { Viewer } from '@/lib/permissions';
import { useMessages } from '@/features/chat/api/get-messages';
import type { ChannelKey } from '@/features/chat/api/query-keys';
import { MessageItem } from '@/features/chat/components/message-item';

/** Load older history when the reader scrolls this close to the top. */
const LOAD_OLDER_WITHIN_PX = 120;

/**
 * A channel's top-level messages, oldest at the top. Opens at the newest
 * message and stays there as messages arrive, unless the reader scrolled up;
 * scrolling to the top loads the previous page and keeps the view in place.
 */
export function MessageFeed({ channel, viewer, canPin, onOpenThread }: { channel: ChannelKey; viewer: Viewer; canPin: boolean; onOpenThread: (messageId: string) => void }) {
  const { data: messages, isPending, fetchNextPage, hasNextPage, isFetchingNextPage } = useMessages(channel);
  const box = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number; atBottom: boolean }>({ height: 0, top: 0, atBottom: true });
  const newest = messages?.[messages.length - 1]?.id;
  const oldest = messages?.[0]?.id;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = anchor.current;
    // Older page prepended: keep the same message under the reader's eyes; otherwise follow the newest message.
    if (!before.atBottom && before.height > 0) el.scrollTop = before.top + (el.scrollHeight - before.height);
    else el.scrollTop = el.scrollHeight;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop, atBottom: before.atBottom };
  }, [newest, oldest, channel]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop, atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < 40 };
    if (el.scrollTop < LOAD_OLDER_WITHIN_PX && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  return (
    <div ref={box} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto px-2" role="log" aria-label="Messages" aria-live="polite" tabIndex={0}>
      {isPending ? (
        <div className="grid gap-3 py-4">
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="h-12 w-1/2" />
        </div>
      ) : messages?.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted-foreground">No messages yet. Start the conversation!</p>
      ) : (
        <>
          {isFetchingNextPage && <p className="py-2 text-center text-xs text-muted-foreground">Loading older messages…</p>}
          {!hasNextPage && <p className="py-2 text-center text-xs text-muted-foreground">Beginning of the channel</p>}
          {messages?.map((m) => <MessageItem key={m.id} message={m} viewer={viewer} canPin={canPin} onReply={() => onOpenThread(m.id)} />)}
        </>
      )}
    </div>
  );
}
