import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { AGENT_TASKS_PAGE, useAgentTasks } from '@/features/tasks/api/get-agent-tasks';
import { TaskSummaryCard } from '@/features/tasks/components/task-summary-card';

/** The Tasks tab: every task assigned to the agent, newest first, 'Show more' for older ones. */
export function AgentTasks({ agentId }: { agentId: string }) {
  const [limit, setLimit] = useState(AGENT_TASKS_PAGE);
  const tasks = useAgentTasks(agentId, limit);
  if (tasks.isPending) return <Skeleton className="h-32 w-full" />;
  if (tasks.isError) return <p className="text-destructive text-sm">Could not load tasks: {tasks.error.message}</p>;
  if (tasks.data.tasks.length === 0) {
    return (
      <div className="text-muted-foreground flex flex-col items-center gap-2 rounded-xl border border-dashed py-12 text-center text-sm">
        <ClipboardList aria-hidden className="size-8" />
        No tasks assigned to this agent yet.
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="grid gap-3 md:grid-cols-2" aria-label="Tasks">
        {tasks.data.tasks.map((task) => (
          <TaskSummaryCard key={task.id} task={task} />
        ))}
      </ul>
      {tasks.data.hasMore && (
        <Button variant="outline" className="self-center" disabled={tasks.isFetching} onClick={() => setLimit((n) => n + AGENT_TASKS_PAGE)}>
          Show more
        </Button>
      )}
    </div>
  );
}
