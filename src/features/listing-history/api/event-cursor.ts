/**
 * Keyset paging of a listing's history on (at, id), newest first: a page ends
 * at its oldest event, and the next (older) page starts strictly after it in
 * that order. Events written by one statement share `at` (the transaction's
 * now()), so id breaks ties and every event lands on exactly one page. `at`
 * stays the string PostgREST sent (microseconds), never a Date.
 */
export interface EventCursor {
  at: string;
  id: number;
}

/** The cursor after a page's last (oldest) event, or null when the page was not full (no older events). */
export function nextEventCursor(page: readonly { at: string; id: number }[], pageSize: number): EventCursor | null {
  const last = page.at(-1);
  return last && page.length >= pageSize ? { at: last.at, id: last.id } : null;
}

/** PostgREST `or` filter for events strictly older than the cursor in (at desc, id desc) order. */
export function olderEventsFilter({ at, id }: EventCursor): string {
  const quoted = JSON.stringify(at);
  return `at.lt.${quoted},and(at.eq.${quoted},id.lt.${Math.trunc(id)})`;
}
