import { format } from 'date-fns';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import type { Task } from '@/features/tasks/api/get-tasks';
import { PRIORITY_STYLES } from '@/features/tasks/components/task-card';

/** A due date column (yyyy-mm-dd) read as that calendar day, not as UTC midnight. */
function formatDueDate(value: string): string {
  const [year, month, day] = value.split('-').map(Number);
  return format(new Date(year, month - 1, day), 'MMM d, yyyy');
}

/** A task on the coordinator dashboard: title, priority, status, description, due and created dates (spec part 2 §2). */
export function TaskSummaryCard({ task }: { task: Task }) {
  const completed = task.status === 'completed';
  return (
    <li className="bg-card flex flex-col gap-2 rounded-xl border p-4 shadow-sm" data-testid="agent-task" data-task-title={task.title}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn('min-w-0 font-semibold break-words', completed && 'text-muted-foreground line-through')}>{task.title}</span>
        <Badge variant="outline" className={cn('capitalize', PRIORITY_STYLES[task.priority])}>
          {task.priority}
        </Badge>
        <Badge variant={completed ? 'default' : 'secondary'} className={cn('capitalize', completed && 'bg-green-700 text-white')}>
          {task.status.replaceAll('_', ' ')}
        </Badge>
      </div>
      {task.description && <p className="text-muted-foreground text-sm whitespace-pre-wrap">{task.description}</p>}
      <p className="text-muted-foreground flex flex-wrap gap-x-4 text-xs">
        {task.due_date && <span>Due {formatDueDate(task.due_date)}</span>}
        <span>Created {format(new Date(task.created_at), 'MMM d, yyyy')}</span>
      </p>
    </li>
  );
}
