import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { searchAndPageAdmin, type AdminPageParams } from '@/features/admin/api/admin-page';
import { adminKeys } from '@/features/admin/api/query-keys';

const LISTING_COLUMNS = 'id, address, seller_name, listing_price, status, created_at, agent_id, tc_id, agent:users!agent_id(first_name, last_name)';
const SEARCH_COLUMNS = ['address', 'seller_name'] as const;

/** A page of every listing, newest first, searched by address and seller in the database (RLS: super admins read all). */
export async function getAdminListings(params: AdminPageParams) {
  const query = supabase.from('listings').select(LISTING_COLUMNS, { count: 'exact' }).order('created_at', { ascending: false }).order('id');
  const result = await searchAndPageAdmin(query, SEARCH_COLUMNS, params);
  return { rows: throwIfError(result), total: result.count ?? 0 };
}

export type AdminListing = Awaited<ReturnType<typeof getAdminListings>>['rows'][number];

export function adminListingsQueryOptions(params: AdminPageParams) {
  return queryOptions({ queryKey: [...adminKeys.listings, params] as const, queryFn: () => getAdminListings(params), placeholderData: keepPreviousData });
}

export function useAdminListings(params: AdminPageParams) {
  return useQuery(adminListingsQueryOptions(params));
}
