import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * The frame of an admin list: skeleton rows while the first page loads, the
 * empty text, else one row per item that wraps on narrow screens (the lists
 * have up to seven fields, more than a phone's width).
 */
export function AdminList<Row extends { id: string }>({
  rows,
  loading,
  fetching,
  empty,
  label,
  renderRow,
}: {
  rows: Row[] | undefined;
  loading: boolean;
  fetching: boolean;
  empty: string;
  label: string;
  renderRow: (row: Row) => ReactNode;
}) {
  if (loading) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true" aria-label={`Loading ${label}`}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (!rows || rows.length === 0) return <p className="text-muted-foreground py-8 text-center text-sm">{empty}</p>;
  return (
    // aria-busy while a newer page replaces this one: the dimmed rows are about to change.
    <ul aria-label={label} aria-busy={fetching} className={cn('divide-y rounded-md border transition-opacity', fetching && 'opacity-60')}>
      {rows.map((row) => (
        <li key={row.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3" data-testid={`${label.toLowerCase()}-row`}>
          {renderRow(row)}
        </li>
      ))}
    </ul>
  );
}
