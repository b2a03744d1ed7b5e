import { wordSearchFilters } from '@/lib/person-search';

/** Rows per page of the admin lists. */
export const ADMIN_PAGE_SIZE = 25;

/** What one admin list is asked for: the search box's text and the zero-based page. */
export interface AdminPageParams {
  search: string;
  page: number;
}

/** One page of an admin list and the total (of the search) it was cut from. */
export interface AdminPage<Row> {
  rows: Row[];
  total: number;
}

interface SearchablePagedQuery<Q> {
  or(filters: string): Q;
  range(from: number, to: number): Q;
}

/** Applies the search (in the database: every word in one of `columns`) and the page to a PostgREST query. */
export function searchAndPageAdmin<Q extends SearchablePagedQuery<Q>>(query: Q, columns: readonly string[], { search, page }: AdminPageParams): Q {
  let filtered = query;
  for (const filter of wordSearchFilters(search, columns)) filtered = filtered.or(filter);
  const from = Math.max(page, 0) * ADMIN_PAGE_SIZE;
  return filtered.range(from, from + ADMIN_PAGE_SIZE - 1);
}
