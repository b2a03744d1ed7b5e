import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { adminKeys } from '@/features/admin/api/query-keys';

/** The tab counts and the System Stats cards in one request (admin_stats(), super admins only). */
export async function getAdminStats() {
  const rows = throwIfError(await supabase.rpc('admin_stats'));
  const stats = rows[0];
  if (!stats) throw new ApiError(500, 'admin_stats() returned no row');
  return stats;
}

export type AdminStats = Awaited<ReturnType<typeof getAdminStats>>;

export function adminStatsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.stats, queryFn: getAdminStats });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
