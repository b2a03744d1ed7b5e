import type { ReactNode } from 'react';
import { format } from 'date-fns';
import { ListingStatusBadge } from '@/components/listing-status-badge';
import type { Tables } from '@/lib/database.types';
import { cn } from '@/lib/utils';

/**
 * A listing on the coordinator dashboard: address, status (dashboard colours),
 * seller, price and created date. Clicking the card selects it; `badge`
 * (compliance progress) and `actions` (documents, photos, details, delete)
 * are composed by the screen.
 */
export function DashboardListingCard({
  listing,
  selected,
  onSelect,
  badge,
  actions,
}: {
  listing: Tables<'listings'>;
  selected: boolean;
  onSelect: () => void;
  badge?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <li
      data-testid="listing-card"
      data-listing-id={listing.id}
      data-selected={selected}
      className={cn('bg-card flex flex-col gap-3 rounded-xl border p-4 shadow-sm transition-colors', selected && 'border-primary ring-primary/30 ring-2')}
    >
      <button
        type="button"
        aria-pressed={selected}
        onClick={onSelect}
        className="focus-visible:ring-ring/50 flex flex-col gap-2 rounded-md text-left outline-none focus-visible:ring-[3px]"
      >
        <span className="flex flex-wrap items-start justify-between gap-2">
          <span className="min-w-0 font-semibold break-words">{listing.address}</span>
          <ListingStatusBadge status={listing.status} palette="dashboard" />
        </span>
        <dl className="text-muted-foreground grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt>Seller</dt>
          <dd className="text-foreground truncate">{listing.seller_name || '—'}</dd>
          <dt>Price</dt>
          <dd className="text-foreground">{listing.listing_price || '—'}</dd>
          <dt>Created</dt>
          <dd className="text-foreground">{format(new Date(listing.created_at), 'MMM d, yyyy')}</dd>
        </dl>
      </button>
      {badge}
      <div className="flex flex-wrap gap-2">{actions}</div>
    </li>
  );
}
