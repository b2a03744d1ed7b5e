import { Activity, CheckCircle2, FileUp, Home, ImagePlus, Mic, type LucideIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useLiveChanges } from '@/hooks/use-live-changes';
import { formatTimestamp } from '@/lib/format-timestamp';
import { ACTIVITY_PAGE, useUserActivity } from '@/features/activity/api/get-user-activity';
import { activityKeys } from '@/features/activity/api/query-keys';

/** Spec part 2 §2: the icon and text of each known action; any other action reads as its words. */
const ACTIONS: Record<string, { icon: LucideIcon; text: string; className: string }> = {
  document_upload: { icon: FileUp, text: 'Uploaded new document', className: 'bg-blue-100 text-blue-700' },
  photo_upload: { icon: ImagePlus, text: 'Added photos to listing', className: 'bg-purple-100 text-purple-700' },
  task_response: { icon: CheckCircle2, text: 'Completed task response', className: 'bg-green-100 text-green-700' },
  voice_message: { icon: Mic, text: 'Sent voice message', className: 'bg-orange-100 text-orange-700' },
  listing_creation: { icon: Home, text: 'Created new listing', className: 'bg-yellow-100 text-yellow-800' },
};

export function activityText(action: string): string {
  return ACTIONS[action]?.text ?? action.replaceAll('_', ' ');
}

/** One account's activity, newest first, live, with 'Show more' for older rows. */
export function ActivityList({ userId }: { userId: string }) {
  const [limit, setLimit] = useState(ACTIVITY_PAGE);
  const activity = useUserActivity(userId, limit);
  const queryClient = useQueryClient();
  // The viewer hears the activity they may read (their own, their agents', their listings'); this list shows one account's.
  useLiveChanges({}, { activity_log: () => void queryClient.invalidateQueries({ queryKey: activityKeys.byUser(userId) }) });

  if (activity.isPending) return <Skeleton className="h-32 w-full" />;
  if (activity.isError) return <p className="text-destructive text-sm">Could not load activity: {activity.error.message}</p>;
  const { items, hasMore } = activity.data;
  if (items.length === 0) return <p className="text-muted-foreground rounded-xl border border-dashed py-12 text-center text-sm">No recent activity</p>;

  return (
    <div className="flex flex-col gap-3">
      <ul className="bg-card divide-y rounded-xl border" aria-label="Recent activity">
        {items.map((item) => {
          const known = ACTIONS[item.action];
          const Icon = known?.icon ?? Activity;
          return (
            <li key={item.id} className="flex items-start gap-3 p-3" data-testid="activity-item" data-action={item.action}>
              <span className={`grid size-8 shrink-0 place-items-center rounded-full ${known?.className ?? 'bg-muted text-muted-foreground'}`}>
                <Icon aria-hidden className="size-4" />
              </span>
              <div className="flex min-w-0 flex-col">
                <span className="text-sm font-medium">{activityText(item.action)}</span>
                {/* The triggers often describe the action in the same words; show a description only when it adds something. */}
                {item.description && item.description.toLowerCase() !== activityText(item.action).toLowerCase() && (
                  <span className="text-muted-foreground text-sm break-words">{item.description}</span>
                )}
                <span className="text-muted-foreground text-xs">{formatTimestamp(item.created_at)}</span>
              </div>
            </li>
          );
        })}
      </ul>
      {hasMore && (
        <Button variant="outline" className="self-center" disabled={activity.isFetching} onClick={() => setLimit((n) => n + ACTIVITY_PAGE)}>
          Show more
        </Button>
      )}
    </div>
  );
}
