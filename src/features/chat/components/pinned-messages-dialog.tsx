import { Pin } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import type { Viewer } from '@/lib/permissions';
import { usePinnedMessages } from '@/features/chat/api/get-pinned-messages';
import type { ChannelKey } from '@/features/chat/api/query-keys';
import { MessageItem } from '@/features/chat/components/message-item';

/** The channel's pinned messages; channel managers unpin from here too. */
export function PinnedMessagesDialog({ channel, viewer, canPin }: { channel: ChannelKey; viewer: Viewer; canPin: boolean }) {
  const pinned = usePinnedMessages(channel);
  const count = pinned.data?.length ?? 0;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Pin className="size-4" aria-hidden />
          Pinned ({count})
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[80vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Pinned messages</DialogTitle>
          <DialogDescription>Messages the channel admins pinned.</DialogDescription>
        </DialogHeader>
        {count === 0 ? (
          <p className="text-sm text-muted-foreground">No pinned messages yet.</p>
        ) : (
          pinned.data?.map((m) => <MessageItem key={m.id} message={m} viewer={viewer} canPin={canPin} />)
        )}
      </DialogContent>
    </Dialog>
  );
}
