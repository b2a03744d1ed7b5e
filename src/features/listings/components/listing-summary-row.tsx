import type { ReactNode } from 'react';
import { format } from 'date-fns';
import { ListingStatusBadge } from '@/components/listing-status-badge';
import type { ListingCard } from '@/features/listings/api/get-listing-cards';

/**
 * One listing of an agent's lists (spec part 2 §2 Recent Listings): address,
 * seller, status in the dashboard colours (§4), and what the screen adds —
 * `badge` (new tasks) next to the status, `actions` (View Details, Delete).
 */
export function ListingSummaryRow({ listing, badge, actions }: { listing: ListingCard; badge?: ReactNode; actions: ReactNode }) {
  return (
    <li
      className="bg-card flex flex-col gap-3 rounded-xl border p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
      data-testid="listing-row"
      data-listing-id={listing.id}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-semibold break-words">{listing.address}</span>
          <ListingStatusBadge status={listing.status} palette="dashboard" />
          {badge}
        </span>
        <span className="text-muted-foreground text-sm break-words">
          Seller: <span className="text-foreground">{listing.seller_name || 'Not specified'}</span>
          <span aria-hidden> · </span>
          <span className="whitespace-nowrap">Created {format(new Date(listing.created_at), 'MMM d, yyyy')}</span>
        </span>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
    </li>
  );
}
