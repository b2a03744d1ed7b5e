import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { CurrentUser } from '@/hooks/use-current-user';
import { MessageComposer } from '@/features/messages/components/message-composer';
import { MessageFeed } from '@/features/messages/components/message-feed';

/** 'Communication Thread' (spec part 1 §2): the listing's feed in a 16 rem box, text and voice sending. */
export function MessagesTab({ listingId, user }: { listingId: string; user: CurrentUser }) {
  const scope = { listingId };
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Communication Thread</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <MessageFeed scope={scope} viewerId={user.id} className="h-64" />
        <MessageComposer scope={scope} senderId={user.id} />
      </CardContent>
    </Card>
  );
}
