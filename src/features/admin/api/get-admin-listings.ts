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
  const from = Math.max(page, 0) * ADMIN_PAGE_SIZE;
  const to = from + ADMIN_PAGE_SIZE - 1;
  if (term) {
    const result = await supabase.rpc('admin_search_listings', { search: term }, { count: 'exact' }).select(LISTING_COLUMNS).order('created_at', { ascending: false }).order('id').range(from, to);
    return { rows: throwIfError(result), total: result.count ?? 0 };
  }
  // Unsearched, the total is the brokerage's listing count, which admin_stats() keeps
  // (counting 100,000 rows per page turn would grow with the table); both in parallel.
  const [result, stats] = await Promise.all([
    supabase.from('listings').select(LISTING_COLUMNS).order('created_at', { ascending: false }).order('id').range(from, to),
    supabase.rpc('admin_stats'),
  ]);
  return { rows: throwIfError(result), total: Number(throwIfError(stats)[0]?.total_listings ?? 0) };
}

export type AdminListing = Awaited<ReturnType<typeof getAdminListings>>['rows'][number];

export function adminListingsQueryOptions(params: AdminPageParams) {
  return queryOptions({ queryKey: [...adminKeys.listings, params] as const, queryFn: () => getAdminListings(params), placeholderData: keepPreviousData });
}

export function useAdminListings(params: AdminPageParams) {
  return useQuery(adminListingsQueryOptions(params));
}
