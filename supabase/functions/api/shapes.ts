/**
 * Answers in the spec's shapes (part 1 §3, part 2 §3 'Shapes as used by
 * these screens'): the database's snake_case columns, embedded people
 * included, become camelCase keys; payloads in the spec's camelCase field
 * names become columns.
 */
import { z } from '../_shared/deps.ts';

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

type Camelized<T> = T extends readonly (infer U)[] ? Camelized<U>[] : T extends Record<string, unknown> ? { [key: string]: unknown } : T;

/** A row (or rows, or embedded rows) with camelCase keys; values are kept as they are (JSON columns included). */
export function camelize<T>(value: T): Camelized<T> {
  if (Array.isArray(value)) return value.map((item) => camelize(item)) as Camelized<T>;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [camel(k), camelize(v)])) as Camelized<T>;
  }
  return value as Camelized<T>;
}

/** Paging of list calls: old clients send nothing and get the first `limit` rows. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100).describe('Rows per page (1–500, default 100).'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).describe('Rows to skip (default 0).'),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** The `.range()` bounds of a page. */
export function pageRange(page: PageQuery): [number, number] {
  return [page.offset, page.offset + page.limit - 1];
}

/** The people embedded in answers (the fields the screens read). */
export const PERSON = 'id, first_name, last_name, email, role, profile_image_url';

export const personShape = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  role: z.string(),
  profileImageUrl: z.string().nullable(),
});

export const idParam = z.object({ id: z.uuid() });

/** What embeddedPage() needs of a supabase-js query. */
interface EmbeddedPageable<Q> {
  order(column: string, options: { ascending: boolean; referencedTable: string }): Q;
  range(from: number, to: number, options: { referencedTable: string }): Q;
}

/**
 * One page of the rows embedded under `table` (e.g. a listing's `notes`), in
 * this order (`[column, 'asc' | 'desc']`, the last one unique), so a parent
 * row RLS hides answers 404 in the same request as its children's page.
 */
export function embeddedPage<Q extends EmbeddedPageable<Q>>(query: Q, table: string, orders: readonly (readonly [string, 'asc' | 'desc'])[], page: PageQuery): Q {
  let ordered = query;
  for (const [column, direction] of orders) ordered = ordered.order(column, { ascending: direction === 'asc', referencedTable: table });
  const [from, to] = pageRange(page);
  return ordered.range(from, to, { referencedTable: table });
}

/** Newest first, ties broken by id (keyset-stable): the feeds' order. */
export const NEWEST_FIRST = [
  ['created_at', 'desc'],
  ['id', 'desc'],
] as const;

/**
 * A voice recording's object path as the app stores it (voice_url): the
 * `/uploads/<path>` form POST /api/voice-messages answers, or a bare path.
 */
export function voiceObjectPath(url: string): string {
  return url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : url.replace(/^\/+/, '');
}
