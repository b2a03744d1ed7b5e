import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { searchAndPageAdmin, type AdminPage, type AdminPageParams } from '@/features/admin/api/admin-page';
import { adminKeys } from '@/features/admin/api/query-keys';

const USER_COLUMNS = 'id, first_name, last_name, email, profile_image_url, role, original_role, created_at, coordinator:assigned_tc_id(first_name, last_name)';
const SEARCH_COLUMNS = ['first_name', 'last_name', 'email'] as const;

/** A page of every account, newest first, searched by name and e-mail in the database (RLS: super admins read all). */
export async function getAdminUsers(params: AdminPageParams) {
  const query = supabase.from('users').select(USER_COLUMNS, { count: 'exact' }).order('created_at', { ascending: false }).order('id');
  const result = await searchAndPageAdmin(query, SEARCH_COLUMNS, params);
  return { rows: throwIfError(result), total: result.count ?? 0 };
}

export type AdminUser = Awaited<ReturnType<typeof getAdminUsers>>['rows'][number];
export type AdminUserPage = AdminPage<AdminUser>;

export function adminUsersQueryOptions(params: AdminPageParams) {
  return queryOptions({ queryKey: [...adminKeys.users, params] as const, queryFn: () => getAdminUsers(params), placeholderData: keepPreviousData });
}

export function useAdminUsers(params: AdminPageParams) {
  return useQuery(adminUsersQueryOptions(params));
}
