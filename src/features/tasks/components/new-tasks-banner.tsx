import { BellRing } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { useUnreadTaskCount } from '@/features/tasks/api/get-unread-task-count';

/**
 * Spec part 2 §2: the red 'New Task(s) Assigned' banner while the agent has
 * tasks they have not read, in the spec's exact words (its "(s)" forms kept
 * as written, so the text is the same whatever the count).
 */
export function NewTasksBanner({ agentId }: { agentId: string }) {
  const { data: count = 0 } = useUnreadTaskCount(agentId);
  if (count === 0) return null;
  return (
    <Alert
      className="border-red-300 bg-red-50 text-red-800 *:data-[slot=alert-description]:text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-100 dark:*:data-[slot=alert-description]:text-red-100"
      data-testid="new-tasks-banner"
      role="status"
    >
      <BellRing />
      <AlertTitle>New Task(s) Assigned</AlertTitle>
      <AlertDescription>
        You have {count} new task(s) that need(s) your attention.
      </AlertDescription>
    </Alert>
  );
}

/** Spec part 2 §2: the per-listing badge 'N new task(s)'; nothing when none are unread. */
export function NewTasksBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Badge variant="destructive" data-testid="new-tasks-badge">
      {count} new task(s)
    </Badge>
  );
}
