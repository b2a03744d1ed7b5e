/**
 * Keyset paging on (created_at, id), newest first: a page ends at its oldest
 * row, and the next (older) page starts strictly after it in that order.
 * Rows written by one statement share created_at (now() of the transaction),
 * so id breaks ties and every row lands on exactly one page. created_at stays
 * the string PostgREST sent (microseconds), never a Date (milliseconds).
 * A table whose time column has another name (listing_events.at) passes it.
 */
export interface KeysetCursor {
  createdAt: string;
  id: string | number;
}

/** The cursor after a page's last (oldest) row, or undefined when the page was not full (no older rows). */
export function nextCursor<C extends string = 'created_at'>(
  page: readonly (Record<NoInfer<C>, string> & { id: string | number })[],
  pageSize: number,
  column: C = 'created_at' as C,
): KeysetCursor | undefined {
  const last = page.at(-1);
  return last && page.length >= pageSize ? { createdAt: last[column], id: last.id } : undefined;
}

/** PostgREST `or` filter for rows strictly older than the cursor in (<column> desc, id desc) order. */
export function olderThanFilter({ createdAt, id }: KeysetCursor, column = 'created_at'): string {
  const at = JSON.stringify(createdAt);
  const key = JSON.stringify(id);
  return `${column}.lt.${at},and(${column}.eq.${at},id.lt.${key})`;
}

interface KeysetRow {
  created_at: string;
  id: string;
}

/** Microseconds since the epoch of a PostgREST timestamp (which drops trailing zeros of the fraction). */
function micros(timestamp: string): number {
  const match = /^(.*?:\d\d)(?:\.(\d+))?(Z|[+-]\d\d(?::?\d\d)?)?$/.exec(timestamp);
  if (!match) return Date.parse(timestamp) * 1000;
  const fraction = Number((match[2] ?? '').padEnd(6, '0').slice(0, 6));
  return Date.parse(`${match[1]}${match[3] ?? 'Z'}`) * 1000 + fraction;
}

/** Order of two rows in (created_at, id): negative when `a` is older. */
export function compareKeyset(a: KeysetRow, b: KeysetRow): number {
  return micros(a.created_at) - micros(b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export interface KeysetPages<T, P> {
  pages: T[][];
  pageParams: P[];
}

/**
 * Folds a fresh newest page (newest first) into pages already loaded (newest
 * page first), so a live update costs one request however far back the
 * reader has scrolled. Rows the fresh page covers are taken from it (new
 * ones added, deleted ones gone); older loaded rows stay. When the fresh
 * page does not reach the rows on screen (more than a page arrived unseen),
 * the history restarts from it rather than keep a gap.
 */
export function mergeNewestPage<T extends KeysetRow, P>(loaded: KeysetPages<T, P>, newest: T[], pageSize: number): KeysetPages<T, P> {
  const [firstPage = [], ...olderPages] = loaded.pages;
  const boundary = newest.at(-1);
  const shownTop = firstPage[0];
  const reachesStart = newest.length < pageSize;
  if (reachesStart || !boundary || !shownTop || compareKeyset(boundary, shownTop) > 0) {
    return { pages: [newest], pageParams: loaded.pageParams.slice(0, 1) };
  }
  const fresh = new Set(newest.map((row) => row.id));
  const keptOlder = firstPage.filter((row) => !fresh.has(row.id) && compareKeyset(row, boundary) < 0);
  return {
    pages: [[...newest, ...keptOlder], ...olderPages.map((page) => page.filter((row) => !fresh.has(row.id)))],
    pageParams: loaded.pageParams,
  };
}
