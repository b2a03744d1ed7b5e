import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import type { Viewer } from '@/lib/permissions';
import type { ChatMessage } from '@/features/chat/api/get-messages';
import { useThread } from '@/features/chat/api/get-thread';
import type { ChannelKey } from '@/features/chat/api/query-keys';
import { MessageComposer } from '@/features/chat/components/message-composer';
import { MessageItem } from '@/features/chat/components/message-item';

/** A message's thread: the parent, its replies (oldest first) and a reply box, beside the feed. */
export function ThreadSheet({
  channel,
  parent,
  viewer,
  canPin,
  onClose,
}: {
  channel: ChannelKey;
  parent: ChatMessage | undefined;
  viewer: Viewer;
  canPin: boolean;
  onClose: () => void;
}) {
  const replies = useThread(parent?.id ?? '');
  return (
    <Sheet open={!!parent} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="flex w-full flex-col gap-0 sm:max-w-md">
        <SheetHeader>
          <SheetTitle>Thread</SheetTitle>
          <SheetDescription>Replies stay with their message.</SheetDescription>
        </SheetHeader>
        {parent && (
          <>
            <div className="min-h-0 flex-1 overflow-y-auto px-2">
              <MessageItem message={parent} viewer={viewer} canPin={canPin} />
              <p className="border-b px-2 pb-2 text-xs text-muted-foreground">
                {replies.data?.length ?? 0} {replies.data?.length === 1 ? 'reply' : 'replies'}
              </p>
              {replies.data?.map((r) => <MessageItem key={r.id} message={r} viewer={viewer} canPin={canPin} />)}
            </div>
            <div className="border-t p-3">
              <MessageComposer channel={channel} senderId={viewer.id} parentMessageId={parent.id} label="Reply" />
            </div>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
