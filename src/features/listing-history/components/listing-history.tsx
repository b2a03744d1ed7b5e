import { formatDistanceStrict } from 'date-fns';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/hooks/use-now';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useStatusLabel } from '@/lib/listing-status';
import { useListingEvents } from '@/features/listing-history/api/get-listing-events';
import type { ListingEvent } from '@/features/listing-history/api/listing-event';
import { actorName, eventPredicate } from '@/features/listing-history/components/event-sentence';
import { useRefreshListingHistory } from '@/features/listing-history/hooks/use-refresh-listing-history';

/** '3 days ago'; a time a moment ahead of this clock (another machine's) reads as now. */
function relative(at: string, now: Date): string {
  const when = new Date(Math.min(new Date(at).getTime(), now.getTime()));
  return formatDistanceStrict(when, now, { addSuffix: true });
}

function HistoryLine({ event, statusLabel, now }: { event: ListingEvent; statusLabel: (key: string) => string; now: Date }) {
  return (
    <li className="flex flex-col gap-0.5 p-3" data-testid="history-event" data-kind={event.kind}>
      <p className="text-sm break-words">
        <span className="font-medium">{actorName(event)}</span> {eventPredicate(event, statusLabel)}
      </p>
      {event.reason && <p className="text-muted-foreground text-sm break-words whitespace-pre-line" data-testid="history-reason">Reason: {event.reason}</p>}
      <time className="text-muted-foreground text-xs" dateTime={event.at} title={formatTimestamp(event.at)}>
        {relative(event.at, now)}
      </time>
    </li>
  );
}

/**
 * What happened to a listing (public.listing_events), newest first, for the
 * people on it: status changes, its contract, document reviews, waivers and
 * key dates, each a sentence naming who did it, with the reason when one was
 * given and a relative date (the full time on hover). Older events load with
 * 'Show more' (keyset pages). It is read afresh when shown and whenever
 * `listingUpdatedAt` (the listing row's updated_at, which the screen keeps
 * live) moves, e.g. after a status change made in the header above it.
 */
export function ListingHistory({ listingId, listingUpdatedAt }: { listingId: string; listingUpdatedAt?: string }) {
  const events = useListingEvents(listingId);
  const statusLabel = useStatusLabel();
  const now = useNow();
  const refresh = useRefreshListingHistory(listingId);
  const seenUpdate = useRef(listingUpdatedAt);
  useEffect(() => {
    if (seenUpdate.current === listingUpdatedAt) return;
    seenUpdate.current = listingUpdatedAt;
    refresh();
  }, [listingUpdatedAt, refresh]);

  return (
    <section className="flex flex-col gap-3" aria-labelledby="listing-history-heading">
      <h2 id="listing-history-heading" className="text-lg font-semibold">
        History
      </h2>
      {events.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : events.isError ? (
        <p className="text-destructive text-sm">Could not load the history: {events.error.message}</p>
      ) : events.data.pages[0].length === 0 ? (
        <p className="text-muted-foreground rounded-xl border border-dashed py-12 text-center text-sm">Nothing has happened to this listing yet.</p>
      ) : (
        <>
          <ol className="bg-card divide-y rounded-xl border" aria-label="Listing history">
            {events.data.pages.flat().map((event) => (
              <HistoryLine key={event.id} event={event} statusLabel={statusLabel} now={now} />
            ))}
          </ol>
          {events.hasNextPage && (
            <Button variant="outline" className="self-center" disabled={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()}>
              Show more
            </Button>
          )}
        </>
      )}
    </section>
  );
}
