import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from '@/features/notifications/api/query-keys';

/** The caller's unread notifications, counted by the database in one head request (partial index on unread rows). */
export async function getUnreadCount(userId: string): Promise<number> {
  const result = await supabase.from('notifications').select('id', { count: 'exact', head: true }).eq('user_id', userId).is('is_read', false);
  throwIfError(result);
  return result.count ?? 0;
}

export function unreadCountQueryOptions(userId: string) {
  return queryOptions({ queryKey: notificationKeys.unreadCount(userId), queryFn: () => getUnreadCount(userId) });
}

/** The sidebar badge and the 'Unread (n)' tab. */
export function useUnreadCount(userId: string) {
  return useQuery(unreadCountQueryOptions(userId));
}
