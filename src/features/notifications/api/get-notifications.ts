import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { nextCursor, olderThanFilter, type KeysetCursor } from '@/lib/keyset-cursor';
import { supabase } from '@/lib/supabase';
import { notificationKeys, type NotificationTab } from '@/features/notifications/api/query-keys';

/** Rows per page; older ones load with 'Show more'. */
export const NOTIFICATIONS_PAGE = 20;

const NOTIFICATION_COLUMNS = 'id, user_id, type, title, content, is_read, action_url, created_at';

/**
 * One keyset page of the caller's inbox, newest first, ordered by (created_at, id)
 * so equal timestamps neither repeat nor vanish between pages. The user_id
 * filter is explicit: RLS lets a super admin read every inbox.
 */
export async function getNotifications(userId: string, tab: NotificationTab, cursor: KeysetCursor | null) {
  let query = supabase.from('notifications').select(NOTIFICATION_COLUMNS).eq('user_id', userId);
  if (tab === 'unread') query = query.is('is_read', false);
  if (tab === 'message' || tab === 'task') query = query.eq('type', tab);
  if (cursor) query = query.or(olderThanFilter(cursor));
  return throwIfError(await query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(NOTIFICATIONS_PAGE));
}

export type Notification = Awaited<ReturnType<typeof getNotifications>>[number];

export function notificationsQueryOptions(userId: string, tab: NotificationTab) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(userId, tab),
    queryFn: ({ pageParam }) => getNotifications(userId, tab, pageParam),
    initialPageParam: null as KeysetCursor | null,
    getNextPageParam: (page) => nextCursor(page, NOTIFICATIONS_PAGE) ?? null,
  });
}

export function useNotifications(userId: string, tab: NotificationTab) {
  return useInfiniteQuery(notificationsQueryOptions(userId, tab));
}
