import { Loader2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { OUTBOX_TAB_LABELS, OUTBOX_TABS, useOutboxCounts, useOutboxTab, type OutboxScope, type OutboxTab } from '@/features/party-messages/api/get-party-messages';
import { PartyMessageRow } from '@/features/party-messages/components/party-message-row';
import { usePartyMessagesLive } from '@/features/party-messages/hooks/use-party-messages-live';

const EMPTY_TEXT: Record<OutboxTab, string> = {
  waiting: 'Nothing waits for your approval.',
  held: 'No message is held.',
  approved: 'Nothing is scheduled.',
  sent: 'Nothing sent yet.',
  failed: 'No message failed.',
  skipped: 'Nothing skipped.',
};

/** Tabs whose messages need the coordinator: their count stands out while it is not zero. */
const NEEDS_YOU = new Set<OutboxTab>(['waiting', 'held', 'failed']);

function OutboxTabList({ scope, tab }: { scope: OutboxScope; tab: OutboxTab }) {
  const pages = useOutboxTab(scope, tab);
  if (pages.isPending) return <Skeleton className="h-40 w-full" />;
  if (pages.isError) return <p className="text-destructive text-sm">Could not load the messages: {pages.error.message}</p>;
  const rows = pages.data.pages.flatMap((page) => page.rows);
  if (rows.length === 0) return <p className="text-muted-foreground rounded-xl border border-dashed py-12 text-center text-sm">{EMPTY_TEXT[tab]}</p>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3" aria-label={`${OUTBOX_TAB_LABELS[tab]} messages`}>
        {rows.map((message) => (
          <PartyMessageRow key={message.id} message={message} showListing canAct />
        ))}
      </ul>
      {pages.hasNextPage && (
        <Button variant="outline" className="self-center" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {pages.isFetchingNextPage && <Loader2 className="animate-spin" />}
          Show more
        </Button>
      )}
    </div>
  );
}

/**
 * The coordinator's Outbox (issue 55): every message to the parties of their
 * listings by status, with each tab's count; live, so a message written,
 * re-rendered or sent by the job shows at once.
 */
export function Outbox({ scope, tab, onTab }: { scope: OutboxScope; tab: OutboxTab; onTab: (tab: OutboxTab) => void }) {
  const counts = useOutboxCounts();
  usePartyMessagesLive();
  return (
    <Tabs value={tab} onValueChange={(next) => onTab(next as OutboxTab)} className="gap-4">
      <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
        {OUTBOX_TABS.map((key) => (
          <TabsTrigger key={key} value={key} className="flex-none">
            {OUTBOX_TAB_LABELS[key]}
            {counts.data && (
              <Badge variant={NEEDS_YOU.has(key) && counts.data[key] > 0 ? 'default' : 'secondary'} className="px-1.5" aria-label={`${counts.data[key]} messages`}>
                {counts.data[key]}
              </Badge>
            )}
          </TabsTrigger>
        ))}
      </TabsList>
      {OUTBOX_TABS.map((key) => (
        <TabsContent key={key} value={key}>
          {key === tab && <OutboxTabList scope={scope} tab={key} />}
        </TabsContent>
      ))}
    </Tabs>
  );
}
