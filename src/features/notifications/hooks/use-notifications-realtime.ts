import { useTableRealtime } from '@/hooks/use-table-realtime';
import { notificationKeys } from '@/features/notifications/api/query-keys';

/**
 * Live changes of one inbox (filter on user_id: a super admin, who may read
 * every inbox, follows only their own) refetch its pages and unread count;
 * `onInsert` receives each new notification.
 */
export function useNotificationsRealtime(userId: string, options: { onInsert?: (row: Record<string, unknown>) => void } = {}) {
  useTableRealtime({ table: 'notifications', column: 'user_id', value: userId, queryKey: notificationKeys.byUser(userId), ...options });
}
