import { Bell, CalendarClock, Check, ClipboardList, FileText, MessageSquare, Sparkles, Trash2, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { can, type Viewer } from '@/lib/permissions';
import { appPath } from '@/lib/app-path';
import { formatTimestamp } from '@/lib/format-timestamp';
import { cn } from '@/lib/utils';
import { useDeleteNotification } from '@/features/notifications/api/delete-notification';
import type { Notification } from '@/features/notifications/api/get-notifications';
import { useMarkNotificationRead } from '@/features/notifications/api/mark-notification-read';

/** Spec part 2 §3: the notification types (check constraint on notifications.type), each with its icon. */
const TYPE_ICONS: Record<string, { icon: LucideIcon; tone: string; label: string }> = {
  ai_reminder: { icon: Sparkles, tone: 'bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300', label: 'AI reminder' },
  message: { icon: MessageSquare, tone: 'bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300', label: 'Message' },
  task: { icon: ClipboardList, tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300', label: 'Task' },
  document: { icon: FileText, tone: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300', label: 'Document' },
  alert: { icon: TriangleAlert, tone: 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300', label: 'Alert' },
  deadline: { icon: CalendarClock, tone: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300', label: 'Deadline' },
  other: { icon: Bell, tone: 'bg-muted text-muted-foreground', label: 'Notification' },
};

/**
 * One notification: type icon, title, content, date; opening it (when it has
 * an action_url) goes there and marks it read; mark-read while unread; delete.
 */
export function NotificationCard({ notification, user }: { notification: Notification; user: Viewer }) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const { icon: Icon, tone, label } = TYPE_ICONS[notification.type] ?? TYPE_ICONS.other;
  const target = appPath(notification.action_url);
  const ids = { userId: user.id, notificationId: notification.id };
  const unread = !notification.is_read;

  const body = (
    <>
      <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', tone)}>
        <Icon aria-hidden className="size-4.5" />
        <span className="sr-only">{label}</span>
      </span>
      <span className="flex min-w-0 flex-col gap-1">
        <span className="flex items-start gap-2 font-medium break-words">
          {unread && <span aria-hidden className="bg-destructive mt-2 size-2 shrink-0 rounded-full" />}
          {notification.title}
          {unread && <span className="sr-only">(unread)</span>}
        </span>
        {notification.content && <span className="text-muted-foreground line-clamp-3 text-sm break-words whitespace-pre-line">{notification.content}</span>}
        <span className="text-muted-foreground text-xs">{formatTimestamp(notification.created_at)}</span>
      </span>
    </>
  );

  return (
    <li
      className={cn('bg-card flex items-start gap-2 rounded-lg border p-3 sm:p-4', unread && 'border-l-primary border-l-4')}
      data-testid="notification-card"
      data-read={notification.is_read}
    >
      {target ? (
        <button
          type="button"
          className="focus-visible:ring-ring/50 -m-1 flex min-w-0 flex-1 items-start gap-3 rounded-md p-1 text-left outline-none focus-visible:ring-[3px]"
          onClick={() => {
            if (unread) markRead.mutate({ ...ids, quiet: true });
            void navigate(target);
          }}
        >
          {body}
        </button>
      ) : (
        <div className="flex min-w-0 flex-1 items-start gap-3">{body}</div>
      )}
      <div className="flex shrink-0 gap-1">
        {unread && can.markNotificationRead(user, notification) && (
          <Button variant="ghost" size="icon" aria-label="Mark as read" title="Mark as read" disabled={markRead.isPending} onClick={() => markRead.mutate(ids)}>
            <Check aria-hidden />
          </Button>
        )}
        {can.deleteNotification(user, notification) && (
          <Button
            variant="ghost"
            size="icon"
            aria-label="Delete notification"
            title="Delete"
            className="text-muted-foreground hover:text-destructive"
            disabled={remove.isPending}
            onClick={() => remove.mutate(ids)}
          >
            <Trash2 aria-hidden />
          </Button>
        )}
      </div>
    </li>
  );
}
