import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { notificationKeys, type NotificationTab } from '@/features/notifications/api/query-keys';

/** Rows per page; older ones load with 'Show more'. */
export const NOTIFICATIONS_PAGE = 20;

const NOTIFICATION_COLUMNS = 'id, user_id, type, title, content, is_read, action_url, created_at';

/** Where the next page starts: the last row of the previous one. */
export interface NotificationCursor {
  created_at: string;
  id: string;
}

/**
 * One keyset page of the caller's inbox, newest first, ordered by (created_at, id)
 * so equal timestamps neither repeat nor vanish between pages. The user_id
 * filter is explicit: RLS lets a super admin read every inbox.
 */
export async function getNotifications(userId: string, tab: NotificationTab, cursor: NotificationCursor | null) {
  let query = supabase.from('notifications').select(NOTIFICATION_COLUMNS).eq('user_id', userId);
  if (tab === 'unread') query = query.eq('is_read', false);
  if (tab === 'message' || tab === 'task') query = query.eq('type', tab);
  if (cursor) query = query.or(`created_at.lt.${cursor.created_at},and(created_at.eq.${cursor.created_at},id.lt.${cursor.id})`);
  return throwIfError(await query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(NOTIFICATIONS_PAGE));
}

export type Notification = Awaited<ReturnType<typeof getNotifications>>[number];

export function notificationsQueryOptions(userId: string, tab: NotificationTab) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(userId, tab),
    queryFn: ({ pageParam }) => getNotifications(userId, tab, pageParam),
    initialPageParam: null as NotificationCursor | null,
    getNextPageParam: (page): NotificationCursor | null => {
      const last = page.at(-1);
      return page.length === NOTIFICATIONS_PAGE && last ? { created_at: last.created_at, id: last.id } : null;
    },
  });
}

export function useNotifications(userId: string, tab: NotificationTab) {
  return useInfiniteQuery(notificationsQueryOptions(userId, tab));
}
