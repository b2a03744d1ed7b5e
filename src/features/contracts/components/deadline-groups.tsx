import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { useDeadlinePages } from '@/features/contracts/api/get-deadline-pages';
import { deadlineState } from '@/features/contracts/lib/countdown';
import { DeadlineListItem } from '@/features/contracts/components/deadline-list-item';

const GROUPS = [
  { state: 'overdue', title: 'Overdue' },
  { state: 'today', title: 'Today' },
  { state: 'upcoming', title: 'Next 14 days' },
] as const;

/**
 * The Deadlines screen's list: the pages loaded so far, grouped Overdue,
 * Today, Next 14 days (in each contract's own zone), each by due date, and
 * 'Show more' while another page follows.
 */
export function DeadlineGroups({ pages, now }: { pages: ReturnType<typeof useDeadlinePages>; now: Date }) {
  if (pages.isPending) return <Skeleton className="h-40 w-full" />;
  if (pages.isError) return <p className="text-destructive text-sm">Could not load deadlines: {pages.error.message}</p>;
  const rows = pages.data.pages.flatMap((page) => page.rows);
  if (rows.length === 0) return <p className="text-muted-foreground py-10 text-center text-sm">No open deadlines are overdue or due in the next 14 days.</p>;

  const grouped = GROUPS.map((group) => ({ ...group, rows: rows.filter((row) => deadlineState(row, now, row.contract?.time_zone ?? 'America/Chicago') === group.state) }));
  return (
    <div className="flex flex-col gap-6">
      {grouped
        .filter((group) => group.rows.length > 0)
        .map((group) => (
          <section key={group.state} className="flex flex-col gap-2" aria-labelledby={`deadlines-${group.state}`} data-testid="deadline-group" data-group={group.state}>
            <h2 id={`deadlines-${group.state}`} className="text-lg font-semibold">
              {group.title}
            </h2>
            <ol className="flex flex-col gap-2">
              {group.rows.map((row) => (
                <DeadlineListItem key={row.id} row={row} now={now} />
              ))}
            </ol>
          </section>
        ))}
      {pages.hasNextPage && (
        <Button type="button" variant="ghost" size="sm" className="self-center" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {pages.isFetchingNextPage && <Loader2 className="animate-spin" />}
          Show more
        </Button>
      )}
    </div>
  );
}
