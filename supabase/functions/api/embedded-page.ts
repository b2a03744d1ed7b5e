/**
 * One page of a row's children in one request: the parent (a listing, an
 * account) with its children embedded, newest first. RLS hides a parent the
 * caller may not see, which becomes a 404 instead of an empty list, and
 * filters the children as it does for the app's direct query.
 */
import type { SupabaseClient } from '../_shared/deps.ts';
import { found } from './db.ts';
import { embeddedPage, type PageQuery } from './shapes.ts';

export interface EmbeddedPage {
  /** The parent table, e.g. `listings`. */
  parent: string;
  id: string;
  /** The children's embedding, e.g. `messages` or `tasks!tasks_assigned_to_id_fkey`. */
  embed: string;
  columns: string;
  page: PageQuery;
  /** The 404 message when the parent is hidden or unknown. */
  notFound: string;
  /** Extra filters on the children (or their own embeddings), as [column, operator, value], e.g. ['tasks.status', 'neq', 'completed']. */
  where?: [string, string, string | boolean][];
  /** Tie-break on id among equal created_at: descending (feeds) unless false. */
  idDescending?: boolean;
}

/** The children of `parent` `id`, newest first (created_at, then id), one page. */
export async function fetchChildrenPage(db: SupabaseClient, spec: EmbeddedPage): Promise<unknown[]> {
  let query = db.from(spec.parent).select(`id, items:${spec.embed}(${spec.columns})`).eq('id', spec.id);
  for (const [column, operator, value] of spec.where ?? []) query = query.filter(`items.${column}`, operator, value);
  const order = [
    ['created_at', 'desc'],
    ['id', spec.idDescending === false ? 'asc' : 'desc'],
  ] as const;
  const row = found(await embeddedPage(query, 'items', order, spec.page).maybeSingle(), spec.notFound);
  return (row as { items: unknown[] }).items;
}
