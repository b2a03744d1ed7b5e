import { ArrowRight } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import type { AmendmentChange, AmendmentRow } from '@/features/contracts/lib/amendment-review';
import { formatZonedDateTime } from '@/features/contracts/lib/zoned-time';

const CHANGE_LABELS: Record<AmendmentChange, { label: string; className: string }> = {
  unchanged: { label: 'Unchanged', className: 'border-slate-300 bg-slate-100 text-slate-700' },
  moved: { label: 'Moves', className: 'border-blue-300 bg-blue-100 text-blue-800' },
  added: { label: 'New', className: 'border-green-300 bg-green-100 text-green-800' },
  removed: { label: 'Removed', className: 'border-red-300 bg-red-100 text-red-800' },
  'kept-by-hand': { label: 'Changed by hand: stays', className: 'border-amber-300 bg-amber-100 text-amber-900' },
  'kept-settled': { label: 'Settled: stays', className: 'border-slate-300 bg-slate-100 text-slate-700' },
  custom: { label: 'Added by hand: stays', className: 'border-slate-300 bg-slate-100 text-slate-700' },
};

/** Every date of the contract, old → new, as the amendment would leave it. */
export function AmendmentReviewList({ rows, zone }: { rows: AmendmentRow[]; zone: string }) {
  const show = (value: string | null) => (value ? formatZonedDateTime(new Date(value), zone) : 'none');
  return (
    <ol className="flex flex-col gap-2" aria-label="Dates before and after the amendment">
      {rows.map((row) => {
        const { label, className } = CHANGE_LABELS[row.change];
        return (
          <li key={row.key} className={cn('flex flex-col gap-1 rounded-md border p-3', row.change !== 'unchanged' && 'bg-muted/30')} data-testid="amendment-row" data-change={row.change}>
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{row.label}</span>
              <Badge variant="outline" className={className}>
                {label}
              </Badge>
            </div>
            <p className="flex flex-wrap items-center gap-1.5 text-sm">
              <span className={cn(row.change === 'moved' || row.change === 'removed' ? 'text-muted-foreground line-through' : undefined)}>{show(row.before)}</span>
              <ArrowRight aria-label="becomes" className="size-4 shrink-0" />
              <span className="font-medium">{show(row.after)}</span>
            </p>
            {row.computedAfter && <p className="text-muted-foreground text-xs">The rules would now give {show(row.computedAfter)}; use “Back to computed date” afterwards to take it.</p>}
          </li>
        );
      })}
    </ol>
  );
}
