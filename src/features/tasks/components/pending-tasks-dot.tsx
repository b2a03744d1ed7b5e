import { useTasks } from '@/features/tasks/api/get-tasks';

/** A pulsing red dot (for the Requirements tab) while any of the listing's tasks is pending. */
export function PendingTasksDot({ listingId }: { listingId: string }) {
  const tasks = useTasks(listingId);
  if (!tasks.data?.some((t) => t.status === 'pending')) return null;
  return (
    <span className="relative flex size-2" data-testid="pending-tasks-dot" aria-label="Pending requirements">
      <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-400 opacity-75 motion-reduce:animate-none" />
      <span className="relative inline-flex size-2 rounded-full bg-red-500" />
    </span>
  );
}
