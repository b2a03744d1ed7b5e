import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { ADMIN_PAGE_SIZE, type AdminPageParams } from '@/features/admin/api/admin-page';
import { adminKeys } from '@/features/admin/api/query-keys';

const LISTING_COLUMNS = 'id, address, seller_name, listing_price, status, created_at, agent_id, tc_id, agent:users!agent_id(first_name, last_name)';

/**
 * A page of every listing, newest first (RLS: super admins read all). A search
 * goes through admin_search_listings(), which matches every word in the
 * address or seller name with the trigram indexes (through the table, RLS
 * would force a scan of every listing); PostgREST pages and counts either.
 */
export async function getAdminListings({ search, page }: AdminPageParams) {
  const term = search.trim();
  const source = term ? supabase.rpc('admin_search_listings', { search: term }, { count: 'exact' }).select(LISTING_COLUMNS) : supabase.from('listings').select(LISTING_COLUMNS, { count: 'exact' });
  const from = Math.max(page, 0) * ADMIN_PAGE_SIZE;
  const result = await source.order('created_at', { ascending: false }).order('id').range(from, from + ADMIN_PAGE_SIZE - 1);
  return { rows: throwIfError(result), total: result.count ?? 0 };
}

export type AdminListing = Awaited<ReturnType<typeof getAdminListings>>['rows'][number];

export function adminListingsQueryOptions(params: AdminPageParams) {
  return queryOptions({ queryKey: [...adminKeys.listings, params] as const, queryFn: () => getAdminListings(params), placeholderData: keepPreviousData });
}

export function useAdminListings(params: AdminPageParams) {
  return useQuery(adminListingsQueryOptions(params));
}
