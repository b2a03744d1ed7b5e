import { CheckCircle2, FileWarning, Home, Handshake } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import type { ListingStats } from '@/features/listings/api/get-listing-stats';

const CARDS = [
  { key: 'total', label: 'Total Listings', icon: Home },
  { key: 'incomplete', label: 'Incomplete', icon: FileWarning },
  { key: 'ready', label: 'Ready', icon: CheckCircle2 },
  { key: 'under_contract', label: 'Under Contract', icon: Handshake },
] as const;

/** The agent dashboard's stat cards (spec part 2 §2), from listing_stats(). */
export function ListingStatCards({ stats, isPending }: { stats: ListingStats | undefined; isPending: boolean }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Listing statistics">
      {CARDS.map(({ key, label, icon: Icon }) => (
        <li key={key} className="bg-card flex items-center justify-between gap-3 rounded-xl border p-4 shadow-sm" data-testid={`stat-${key}`}>
          <div className="flex min-w-0 flex-col gap-1">
            <span className="text-muted-foreground text-sm">{label}</span>
            {isPending || !stats ? (
              <Skeleton className="h-7 w-10" />
            ) : (
              <span className="text-2xl font-semibold tabular-nums" data-count={stats[key]}>
                {stats[key]}
              </span>
            )}
          </div>
          <Icon aria-hidden className="text-muted-foreground size-6 shrink-0" />
        </li>
      ))}
    </ul>
  );
}
