/**
 * Deadlines (as public.calendar_feed_deadlines() returns them) as calendar
 * events: "label — address" at the due time, a link to the listing's Contract
 * tab, done ones marked, waived ones cancelled. Pure, for the unit tests.
 */
import { contractUrl } from '../_shared/app-links.ts';
import type { FeedEvent } from './ical.ts';

export interface FeedDeadline {
  id: string;
  listing_id: string;
  key: string;
  label: string;
  due_at: string;
  status: 'open' | 'done' | 'waived';
  updated_at: string;
  address: string;
  time_zone: string;
  rule: string | null;
}

// A formatter costs far more to make than to use: one per time zone and feed.
const formatters = new Map<string, Intl.DateTimeFormat>();

function dueText(due: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    formatters.set(timeZone, format);
  }
  return format.format(due);
}

export function deadlineEvent(d: FeedDeadline, siteUrl: string | undefined): FeedEvent {
  const due = new Date(d.due_at);
  const url = contractUrl(siteUrl, d.listing_id);
  const state = d.status === 'done' ? 'Done: ' : d.status === 'waived' ? 'Waived: ' : '';
  const description = [
    `${state}${d.label} for ${d.address}, due ${dueText(due, d.time_zone)}.`,
    d.rule ? `How the date came about: ${d.rule}` : null,
    url ? `Open the contract: ${url}` : null,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    uid: `${d.id}@deadlines.listingdesk`,
    stamp: new Date(d.updated_at),
    start: due,
    summary: `${state}${d.label} — ${d.address}`,
    description,
    url,
    status: d.status === 'waived' ? 'CANCELLED' : 'CONFIRMED',
    categories: ['Deadline'],
  };
}
