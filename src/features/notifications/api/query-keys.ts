import type { QueryClient } from '@tanstack/react-query';

/** The tabs of the notifications page (spec part 2 §2): every filter is a column the inbox indexes cover. */
export const NOTIFICATION_TABS = ['all', 'unread', 'message', 'task'] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

/** Query keys of the notifications table: one family per inbox (the active account's id). */
export const notificationKeys = {
  byUser: (userId: string) => ['notifications', userId] as const,
  list: (userId: string, tab: NotificationTab) => ['notifications', userId, 'list', tab] as const,
  unreadCount: (userId: string) => ['notifications', userId, 'unread-count'] as const,
};

/** After any write to an inbox: its pages and its unread count. */
export function invalidateNotifications(queryClient: QueryClient, userId: string) {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.byUser(userId) });
}
