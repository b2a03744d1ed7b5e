import { toast } from '@/hooks/use-toast';
import { useUnreadCount } from '@/features/notifications/api/get-unread-count';
import { useNotificationsRealtime } from '@/features/notifications/hooks/use-notifications-realtime';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/**
 * For the signed-in shell: follows the inbox live, announces each new
 * notification with a toast (its title and content) and returns the unread
 * count for the sidebar badge. Mount once.
 */
export function useNotificationAlerts(userId: string): number {
  const unread = useUnreadCount(userId);
  useNotificationsRealtime(userId, {
    onInsert: (row) => toast({ title: text(row.title) ?? 'New notification', description: text(row.content) }),
  });
  return unread.data ?? 0;
}
