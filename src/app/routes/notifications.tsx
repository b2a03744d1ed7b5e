import { CheckCheck } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { RequireSignedIn } from '@/components/require-signed-in';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { CurrentUser } from '@/hooks/use-current-user';
import { useUnreadCount } from '@/features/notifications/api/get-unread-count';
import { useMarkAllNotificationsRead } from '@/features/notifications/api/mark-all-notifications-read';
import { NOTIFICATION_TABS, type NotificationTab } from '@/features/notifications/api/query-keys';
import { NotificationList } from '@/features/notifications/components/notification-list';

const asTab = (value: string | null): NotificationTab => (NOTIFICATION_TABS as readonly string[]).includes(value ?? '') ? (value as NotificationTab) : 'all';

/**
 * /notifications for every role (spec part 2 §2 'Notifications'): tabs All,
 * Unread (n), Messages, Tasks; the unread badge; 'Mark all as read'. The
 * shell already follows the inbox live (sidebar badge), which refreshes these lists too.
 */
export function NotificationsRoute() {
  return <RequireSignedIn>{(user) => <NotificationsScreen user={user} />}</RequireSignedIn>;
}

function NotificationsScreen({ user }: { user: CurrentUser }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = asTab(searchParams.get('tab'));
  const unread = useUnreadCount(user.id).data ?? 0;
  const markAll = useMarkAllNotificationsRead();
  const labels: Record<NotificationTab, string> = { all: 'All', unread: `Unread (${unread})`, message: 'Messages', task: 'Tasks' };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">Notifications</h1>
          {unread > 0 && (
            <Badge variant="destructive" data-testid="notifications-unread-badge">
              {unread} unread
            </Badge>
          )}
        </div>
        <Button variant="outline" size="sm" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate({ userId: user.id })}>
          <CheckCheck aria-hidden />
          Mark all as read
        </Button>
      </div>
      <Tabs value={tab} onValueChange={(value) => setSearchParams(value === 'all' ? {} : { tab: value }, { replace: true })}>
        <TabsList className="w-full sm:w-fit">
          {NOTIFICATION_TABS.map((name) => (
            <TabsTrigger key={name} value={name}>
              {labels[name]}
            </TabsTrigger>
          ))}
        </TabsList>
        {NOTIFICATION_TABS.map((name) => (
          <TabsContent key={name} value={name} className="pt-2">
            <NotificationList user={user} tab={name} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
