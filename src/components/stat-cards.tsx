import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export interface StatCard {
  key: string;
  label: string;
  icon: LucideIcon;
  /** Undefined while loading. */
  value: number | undefined;
  /** The value as shown, when a plain count would mislead (e.g. '36.8%', or '—' when there is nothing to measure). */
  display?: string;
}

/** A row of count cards (agent dashboard, admin System Stats, AI Workflow Insights): label, number, icon; a skeleton while loading. */
export function StatCards({ cards, label }: { cards: StatCard[]; label: string }) {
  return (
    <ul className={cn('grid grid-cols-2 gap-3', cards.length === 5 ? 'sm:grid-cols-3 xl:grid-cols-5' : 'lg:grid-cols-4')} aria-label={label}>
      {cards.map(({ key, label: cardLabel, icon: Icon, value, display }) => (
        <li key={key} className="bg-card flex items-center justify-between gap-3 rounded-xl border p-4 shadow-sm" data-testid={`stat-${key}`}>
          <div className="flex min-w-0 flex-col gap-1">
            <span className="text-muted-foreground text-sm">{cardLabel}</span>
            {value === undefined ? (
              <Skeleton className="h-7 w-10" />
            ) : (
              <span className="text-2xl font-semibold tabular-nums" data-count={value}>
                {display ?? value.toLocaleString()}
              </span>
            )}
          </div>
          <Icon aria-hidden className="text-muted-foreground size-6 shrink-0" />
        </li>
      ))}
    </ul>
  );
}
