import { CalendarDays, Copy, RefreshCw, Power } from 'lucide-react';
import { useState } from 'react';
import { ConfirmAction } from '@/components/confirm-action';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useDisableCalendarFeed } from '@/features/contracts/api/disable-calendar-feed';
import { useEnableCalendarFeed } from '@/features/contracts/api/enable-calendar-feed';
import { useCalendarFeed } from '@/features/contracts/api/get-calendar-feed';
import { useResumeCalendarFeed } from '@/features/contracts/api/resume-calendar-feed';
import { useNow } from '@/hooks/use-now';
import { isStopped, lastFetchedText } from '@/features/contracts/lib/calendar-feed-status';

/** The address just made, with a copy button: the only time it can be shown (the database keeps only its hash). */
function FeedAddress({ url }: { url: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Calendar address copied!', description: 'Paste it into your calendar app as a subscription (from URL).' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the address and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="calendar-feed-url">Your private calendar address</Label>
      <div className="flex gap-2">
        <Input id="calendar-feed-url" readOnly value={url} className="font-mono text-xs" onFocus={(event) => event.target.select()} />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy />
          Copy
        </Button>
      </div>
      <p className="text-muted-foreground text-xs">
        Copy it now: for your security it is shown only this once. Anyone with the address sees your deadlines; make a new one if it leaks.
      </p>
    </div>
  );
}

/**
 * The profile screens' 'Calendar feed' card: turn on a private iCalendar
 * address (Google Calendar, Outlook, Apple Calendar subscribe to it) listing
 * the deadlines of the transactions the person may see; make a new address
 * (the old one stops working); turn it off. It says when a calendar last
 * fetched the feed; a feed no calendar fetched for 180 days has stopped (its
 * address answers nothing), which the card says, with Turn on again (the same
 * address, for calendars still subscribed) beside New URL.
 */
export function CalendarFeedCard({ userId }: { userId: string }) {
  const feed = useCalendarFeed(userId);
  const enable = useEnableCalendarFeed();
  const disable = useDisableCalendarFeed();
  const resume = useResumeCalendarFeed();
  const now = useNow();
  const [url, setUrl] = useState<string | null>(null);
  const turnOn = () => enable.mutate(undefined, { onSuccess: setUrl });
  const busy = enable.isPending || disable.isPending || resume.isPending;
  const on = !!feed.data;
  const stopped = !!feed.data && isStopped(feed.data, now);

  return (
    <Card className="gap-4" data-testid="calendar-feed">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays aria-hidden className="size-5" />
          <h2>Calendar feed</h2>
        </CardTitle>
        <CardDescription>The key dates of your transactions in your own calendar app, kept up to date by subscription.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {feed.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : feed.isError ? (
          <p className="text-destructive text-sm">Could not load the calendar feed: {feed.error.message}</p>
        ) : !on ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-muted-foreground text-sm">Off. Turn it on to get a private address to subscribe to.</p>
            <Button type="button" disabled={busy} onClick={turnOn}>
              <Power />
              Turn on
            </Button>
          </div>
        ) : (
          <>
            {stopped ? (
              <p className="text-sm" data-testid="calendar-feed-stopped">
                Stopped on {formatTimestamp(feed.data!.expires_at)}: no calendar fetched it for 180 days, so its address answers nothing, as if turned
                off. Turn it on again to keep the same address (calendars still subscribed get your deadlines again), or make a new one.
              </p>
            ) : url ? (
              <FeedAddress url={url} />
            ) : (
              <p className="text-sm">
                On since {formatTimestamp(feed.data!.created_at)}. The address was shown when it was made; make a new one to see an address again.
              </p>
            )}
            <p className="text-muted-foreground text-sm" data-testid="calendar-feed-last-fetched">
              {lastFetchedText(feed.data!, now)}.{stopped ? '' : ' A feed no calendar fetches for 180 days stops.'}
            </p>
            <div className="flex flex-wrap gap-2">
              {stopped && (
                <Button type="button" disabled={busy} onClick={() => resume.mutate()}>
                  <Power />
                  Turn on again
                </Button>
              )}
              <ConfirmAction
                title="New calendar address"
                question="Calendars subscribed to the current address stop receiving your deadlines; subscribe them to the new one."
                confirmLabel="Make new address"
                onConfirm={turnOn}
                trigger={
                  <Button type="button" variant="outline" disabled={busy}>
                    <RefreshCw />
                    New URL
                  </Button>
                }
              />
              <Button
                type="button"
                variant="outline"
                disabled={busy}
                onClick={() => disable.mutate(undefined, { onSuccess: () => setUrl(null) })}
              >
                <Power />
                Turn off
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
