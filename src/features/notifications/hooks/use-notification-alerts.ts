import { useQueryClient } from '@tanstack/react-query';
import { useLiveChanges } from '@/hooks/use-live-changes';
import { toast } from '@/hooks/use-toast';
import { getNewNotifications } from '@/features/notifications/api/get-new-notifications';
import { useUnreadCount } from '@/features/notifications/api/get-unread-count';
import { invalidateNotifications } from '@/features/notifications/api/query-keys';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/**
 * For the signed-in shell: follows the inbox live (its pages and unread
 * count refetch on every change), announces each new notification with a
 * toast (its title and content, read through RLS) and returns the unread
 * count for the sidebar badge. Mount once.
 */
export function useNotificationAlerts(userId: string): number {
  const queryClient = useQueryClient();
  const unread = useUnreadCount(userId);
  useLiveChanges(
    {},
    {
      notifications: (changes) => {
        void invalidateNotifications(queryClient, userId);
        const inserted = changes.filter((change) => change.op === 'INSERT').map((change) => change.id);
        void getNewNotifications(userId, inserted)
          .then((rows) => rows.forEach((row) => toast({ title: text(row.title) ?? 'New notification', description: text(row.content) })))
          .catch(() => undefined);
      },
    },
  );
  return unread.data ?? 0;
}
