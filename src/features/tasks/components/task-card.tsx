import { RotateCw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import type { CurrentUser } from '@/hooks/use-current-user';
import { formatTimestamp } from '@/lib/format-timestamp';
import { can } from '@/lib/permissions';
import { cn } from '@/lib/utils';
import type { Task } from '@/features/tasks/api/get-tasks';
import { useResendTask } from '@/features/tasks/api/resend-task';
import { useSetTaskCompleted } from '@/features/tasks/api/set-task-completed';
import { RespondTaskDialog } from '@/features/tasks/components/respond-task-dialog';

/** Spec part 1 §2: red = no response and not completed, green = completed, blue otherwise. */
function cardColour(task: Task): { tone: 'red' | 'green' | 'blue'; className: string } {
  if (task.status === 'completed') return { tone: 'green', className: 'border-green-300 bg-green-50 dark:border-green-900 dark:bg-green-950/40' };
  if (!task.agent_response) return { tone: 'red', className: 'border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/40' };
  return { tone: 'blue', className: 'border-blue-300 bg-blue-50 dark:border-blue-900 dark:bg-blue-950/40' };
}

export const PRIORITY_STYLES: Record<string, string> = {
  urgent: 'border-red-300 text-red-700 dark:text-red-300',
  high: 'border-orange-300 text-orange-700 dark:text-orange-300',
  medium: 'border-yellow-300 text-yellow-700 dark:text-yellow-300',
  low: 'border-slate-300 text-slate-600 dark:text-slate-300',
};

export function TaskCard({ task, user }: { task: Task; user: CurrentUser }) {
  const setCompleted = useSetTaskCompleted();
  const resend = useResendTask();
  const { tone, className } = cardColour(task);
  const completed = task.status === 'completed';
  const hasResponse = !!task.agent_response;

  return (
    <li className={cn('flex gap-3 rounded-lg border p-4', className)} data-testid="task" data-tone={tone} data-task-title={task.title}>
      <div className="flex flex-col items-center gap-2 pt-0.5">
        <Checkbox checked={hasResponse} disabled aria-label="Agent response received" title="Agent response received" className="disabled:opacity-100" />
        {can.completeTask(user) && (
          <Checkbox
            checked={completed}
            disabled={setCompleted.isPending}
            aria-label={completed ? 'Mark as pending' : 'Mark as completed'}
            title={completed ? 'Completed (click to reopen)' : 'Mark as completed'}
            onCheckedChange={(checked) => setCompleted.mutate({ listingId: task.listing_id, taskId: task.id, completed: checked === true })}
          />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className={cn('font-medium', completed && 'text-muted-foreground line-through')}>{task.title}</span>
          <Badge variant="outline" className={PRIORITY_STYLES[task.priority]}>
            {task.priority}
          </Badge>
          {can.respondToTask(user, task) && !task.is_read_by_agent && <Badge className="bg-red-600 text-white">NEW</Badge>}
          {hasResponse && !completed && <Badge className="bg-blue-600 text-white">Responded</Badge>}
          {completed && <Badge className="bg-green-600 text-white">Completed</Badge>}
        </div>
        {task.description && <p className="text-muted-foreground text-sm whitespace-pre-wrap">{task.description}</p>}
        {hasResponse && (
          <p className="bg-background/70 rounded-md border px-3 py-2 text-sm whitespace-pre-wrap">
            <span className="font-medium">Agent response: </span>
            {task.agent_response}
          </p>
        )}
        <p className="text-muted-foreground text-xs">
          Created {formatTimestamp(task.created_at)}
          {task.due_date && ` · due ${task.due_date}`}
          {task.completed_at && ` · completed ${formatTimestamp(task.completed_at)}`}
        </p>
        <div className="flex flex-wrap gap-2">
          {can.respondToTask(user, task) && <RespondTaskDialog task={task} />}
          {can.resendTask(user, task) && (
            <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate({ listingId: task.listing_id, taskId: task.id })}>
              <RotateCw />
              Resend
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
