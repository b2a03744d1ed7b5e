import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { Viewer } from '@/lib/permissions';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import type { NotificationTab } from '@/features/notifications/api/query-keys';
import { NotificationCard } from '@/features/notifications/components/notification-card';

/** One tab of the inbox: keyset pages, newest first, 'Show more' for older ones. */
export function NotificationList({ user, tab }: { user: Viewer; tab: NotificationTab }) {
  const query = useNotifications(user.id, tab);
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading notifications">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) return <p className="text-destructive text-sm">{query.error.message}</p>;

  const rows = query.data.pages.flat();
  if (rows.length === 0) {
    return <p className="text-muted-foreground rounded-lg border border-dashed p-8 text-center text-sm">No notifications to display</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3" aria-label="Notifications">
        {rows.map((notification) => (
          <NotificationCard key={notification.id} notification={notification} user={user} />
        ))}
      </ul>
      {query.hasNextPage && (
        <Button type="button" variant="ghost" size="sm" className="self-center" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage && <Loader2 className="animate-spin" />}
          Show more
        </Button>
      )}
    </div>
  );
}
