import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { activityKeys } from '@/features/activity/api/query-keys';

/** How many activity rows are shown at first and added per 'Show more'. */
export const ACTIVITY_PAGE = 20;

/**
 * What one account did, newest first (RLS: the actor, their coordinator, a super
 * admin): the first `limit` rows plus one, to know whether there are more.
 */
export async function getUserActivity(userId: string, limit: number) {
  return throwIfError(
    await supabase
      .from('activity_log')
      .select('id, action, description, listing_id, created_at')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .order('id')
      .range(0, limit),
  );
}

export type ActivityItem = Awaited<ReturnType<typeof getUserActivity>>[number];

export function userActivityQueryOptions(userId: string, limit = ACTIVITY_PAGE) {
  return queryOptions({
    queryKey: activityKeys.byUserPage(userId, limit),
    queryFn: () => getUserActivity(userId, limit),
    select: (rows) => ({ items: rows.slice(0, limit), hasMore: rows.length > limit }),
    placeholderData: keepPreviousData,
  });
}

export function useUserActivity(userId: string, limit = ACTIVITY_PAGE) {
  return useQuery(userActivityQueryOptions(userId, limit));
}
