import { formatDistanceStrict } from 'date-fns';

/** What the owner reads of their calendar feed (public.calendar_feeds, all but the token's hash). */
export interface CalendarFeedRow {
  created_at: string;
  last_fetched_at: string | null;
  expires_at: string;
}

/**
 * A feed stops once its expires_at has passed: the database set it 180 days
 * after the last fetch (or turning it on), and from then on its address
 * answers 404 until the owner turns it on again.
 */
export function isStopped(feed: CalendarFeedRow, now: Date): boolean {
  return new Date(feed.expires_at).getTime() <= now.getTime();
}

/** 'Last fetched 3 hours ago' or 'Never fetched yet' (a fetch a moment ahead of this clock reads as 0 seconds ago). */
export function lastFetchedText(feed: CalendarFeedRow, now: Date): string {
  if (!feed.last_fetched_at) return 'Never fetched yet';
  const fetched = new Date(Math.min(new Date(feed.last_fetched_at).getTime(), now.getTime()));
  return `Last fetched ${formatDistanceStrict(fetched, now, { addSuffix: true })}`;
}
