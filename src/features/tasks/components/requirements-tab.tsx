import { AlertCircle, Info } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import type { CurrentUser } from '@/hooks/use-current-user';
import type { Tables } from '@/lib/database.types';
import { can } from '@/lib/permissions';
import { useTasks, type Task } from '@/features/tasks/api/get-tasks';
import { AddTaskDialog } from '@/features/tasks/components/add-task-dialog';
import { TaskCard } from '@/features/tasks/components/task-card';

/** Spec part 1 §9: completed over total, rounded. */
export function taskProgress(tasks: Pick<Task, 'status'>[]): { done: number; total: number; percent: number } {
  const done = tasks.filter((t) => t.status === 'completed').length;
  return { done, total: tasks.length, percent: tasks.length ? Math.round((done / tasks.length) * 100) : 0 };
}

export function RequirementsTab({ listing, user }: { listing: Tables<'listings'>; user: CurrentUser }) {
  const tasks = useTasks(listing.id);
  const list = tasks.data ?? [];
  const { done, total, percent } = taskProgress(list);
  // The agent's alert counts the tasks they answer; the coordinator's, the responses they review.
  const unread = list.filter((t) => can.respondToTask(user, t) && !t.is_read_by_agent && t.status !== 'completed').length;
  const awaitingReview = list.filter((t) => t.agent_response && t.status !== 'completed').length;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Listing Requirements</h2>
          <p className="text-muted-foreground text-sm">Information needed to make listing live</p>
        </div>
        {can.createTask(user) && <AddTaskDialog listing={listing} userId={user.id} />}
      </div>
      <div className="flex flex-col gap-2 rounded-lg border p-4" data-testid="requirements-progress">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium">
            {done}/{total} completed
          </span>
          <span className="text-muted-foreground tabular-nums">{percent}%</span>
        </div>
        <Progress value={percent} aria-label="Requirements completed" />
      </div>
      {unread > 0 && (
        <Alert variant="destructive">
          <AlertCircle />
          <AlertDescription>
            You have {unread} new requirement{unread === 1 ? '' : 's'} from your coordinator.
          </AlertDescription>
        </Alert>
      )}
      {can.completeTask(user) && awaitingReview > 0 && (
        <Alert>
          <Info />
          <AlertDescription>
            {awaitingReview} response{awaitingReview === 1 ? '' : 's'} awaiting your review.
          </AlertDescription>
        </Alert>
      )}
      {can.createTask(user) && !listing.agent_id && (
        <Alert>
          <Info />
          <AlertDescription>No agent assigned to create task for</AlertDescription>
        </Alert>
      )}
      {tasks.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : tasks.isError ? (
        <p className="text-destructive text-sm">Could not load requirements: {tasks.error.message}</p>
      ) : list.length === 0 ? (
        <p className="text-muted-foreground py-8 text-center text-sm">No requirements yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.map((task) => (
            <TaskCard key={task.id} task={task} user={user} />
          ))}
        </ul>
      )}
    </div>
  );
}
