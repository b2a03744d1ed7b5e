import { formatDistanceToNow } from 'date-fns';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatTimestamp } from '@/lib/format-timestamp';
import type { WorkflowPattern } from '@/features/ai/api/get-workflow-patterns';

const ACTION_LABELS: Record<string, string> = {
  task_assigned: 'Task assigned',
  task_responded: 'Task responded',
  task_completed: 'Task completed',
  reminder_sent: 'Reminder sent',
};

/** What the database trigger records in metadata (taskTitle; responseTimeHours for responses). */
function details(metadata: WorkflowPattern['metadata']): { taskTitle?: string; responseTimeHours?: number } {
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) return {};
  const { taskTitle, responseTimeHours } = metadata as Record<string, unknown>;
  return {
    taskTitle: typeof taskTitle === 'string' ? taskTitle : undefined,
    responseTimeHours: typeof responseTimeHours === 'number' ? responseTimeHours : undefined,
  };
}

/** Recent patterns (spec part 2 §2, §9: the latest 10): action, task, response time, when. */
export function WorkflowPatternList({ patterns, isPending }: { patterns: WorkflowPattern[] | undefined; isPending: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Recent patterns</h2>
        </CardTitle>
        <CardDescription>The latest task events of your workflow.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : !patterns?.length ? (
          <p className="text-muted-foreground text-sm">No workflow patterns recorded yet.</p>
        ) : (
          <ul className="divide-y" aria-label="Recent patterns">
            {patterns.map((pattern) => {
              const { taskTitle, responseTimeHours } = details(pattern.metadata);
              return (
                <li key={pattern.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between" data-testid="workflow-pattern">
                  <div className="flex min-w-0 flex-col">
                    <span className="text-sm font-medium">{ACTION_LABELS[pattern.action_type] ?? pattern.action_type}</span>
                    {taskTitle && <span className="text-muted-foreground truncate text-sm">{taskTitle}</span>}
                  </div>
                  <div className="text-muted-foreground flex shrink-0 gap-3 text-xs">
                    {responseTimeHours !== undefined && <span>{responseTimeHours.toLocaleString()} h to respond</span>}
                    <time dateTime={pattern.timestamp} title={formatTimestamp(pattern.timestamp)}>
                      {formatDistanceToNow(new Date(pattern.timestamp), { addSuffix: true })}
                    </time>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
