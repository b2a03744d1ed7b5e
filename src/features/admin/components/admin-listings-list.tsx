import { Trash2 } from 'lucide-react';
import { ConfirmAction } from '@/components/confirm-action';
import { ListingStatusBadge } from '@/components/listing-status-badge';
import { Button } from '@/components/ui/button';
import { personName } from '@/components/user-avatar';
import { format } from 'date-fns';
import { cn } from '@/lib/utils';
import type { AdminListing } from '@/features/admin/api/get-admin-listings';
import { AdminList } from '@/features/admin/components/admin-list';

/**
 * Listings tab: address, seller, agent, status badge (live rows highlighted),
 * price, created date, Delete behind a confirmation. Deleting is the listings
 * feature's write, handed in by the screen.
 */
export function AdminListingsList({
  rows,
  loading,
  fetching,
  onDelete,
  deleting,
}: {
  rows: AdminListing[] | undefined;
  loading: boolean;
  fetching: boolean;
  onDelete: (listingId: string) => void;
  deleting: boolean;
}) {
  return (
    <AdminList
      rows={rows}
      loading={loading}
      fetching={fetching}
      label="Listings"
      empty="No listings found."
      renderRow={(listing) => (
        <>
          <div className={cn('min-w-0 flex-1 basis-56', listing.status === 'live' && 'border-l-4 border-green-500 pl-2')}>
            <p className="truncate font-medium">{listing.address}</p>
            <p className="text-muted-foreground truncate text-sm">
              Seller: {listing.seller_name || '—'} · Agent: {listing.agent ? personName(listing.agent) : 'Unassigned'}
            </p>
          </div>
          <ListingStatusBadge status={listing.status} />
          <p className="basis-24 text-sm font-medium">{listing.listing_price || '—'}</p>
          <p className="text-muted-foreground text-sm">Created {format(new Date(listing.created_at), 'MMM d, yyyy')}</p>
          <ConfirmAction
            title="Delete listing"
            question={`Delete ${listing.address}? Its notes, documents, photos, messages and tasks are deleted with it.`}
            onConfirm={() => onDelete(listing.id)}
            trigger={
              <Button variant="ghost" size="sm" className="text-destructive ml-auto" disabled={deleting} aria-label={`Delete ${listing.address}`}>
                <Trash2 aria-hidden /> Delete
              </Button>
            }
          />
        </>
      )}
    />
  );
}
