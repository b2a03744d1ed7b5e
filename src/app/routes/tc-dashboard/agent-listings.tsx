import { useQueryClient } from '@tanstack/react-query';
import { Eye, Home, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { ConfirmAction } from '@/components/confirm-action';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/hooks/use-current-user';
import type { Tables } from '@/lib/database.types';
import { can } from '@/lib/permissions';
import { agentKeys } from '@/features/agents/api/query-keys';
import { DocumentsDialog } from '@/features/documents/components/documents-dialog';
import { useDeleteListing } from '@/features/listings/api/delete-listing';
import { DashboardListingCard } from '@/features/listings/components/dashboard-listing-card';
import { PhotosDialog } from '@/features/photos/components/photos-dialog';

function DeleteListingButton({ listing, onDeleted }: { listing: Tables<'listings'>; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const deleteListing = useDeleteListing({
    onDeleted: () => {
      // The grid's counts include this listing.
      void queryClient.invalidateQueries({ queryKey: agentKeys.all });
      onDeleted();
    },
  });
  return (
    <ConfirmAction
      title="Delete listing"
      question={`Are you sure you want to delete "${listing.address}"?`}
      onConfirm={() => deleteListing.mutate({ listingId: listing.id })}
      trigger={
        <Button size="sm" variant="outline" className="text-destructive" disabled={deleteListing.isPending} aria-label={`Delete ${listing.address}`}>
          <Trash2 />
          Delete
        </Button>
      }
    />
  );
}

/** The Listings tab: the agent's listing cards; a click selects one for Create Task and Send Response. */
export function AgentListings({
  listings,
  isPending,
  error,
  user,
  selectedId,
  onSelect,
}: {
  listings: Tables<'listings'>[] | undefined;
  isPending: boolean;
  error: Error | null;
  user: CurrentUser;
  selectedId: string | null;
  onSelect: (listingId: string | null) => void;
}) {
  if (isPending) return <Skeleton className="h-40 w-full" />;
  if (error) return <p className="text-destructive text-sm">Could not load listings: {error.message}</p>;
  if (!listings?.length) {
    return (
      <div className="text-muted-foreground flex flex-col items-center gap-2 rounded-xl border border-dashed py-12 text-center text-sm">
        <Home aria-hidden className="size-8" />
        This agent has no listings yet.
      </div>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Listings">
      {listings.map((listing) => (
        <DashboardListingCard
          key={listing.id}
          listing={listing}
          selected={listing.id === selectedId}
          onSelect={() => onSelect(listing.id === selectedId ? null : listing.id)}
          actions={
            <>
              <DocumentsDialog listing={listing} />
              <PhotosDialog listing={listing} />
              <Button size="sm" variant="outline" asChild>
                <Link to={paths.listing.getHref(listing.id)} aria-label={`View Details of ${listing.address}`}>
                  <Eye />
                  View Details
                </Link>
              </Button>
              {can.deleteListing(user, listing) && <DeleteListingButton listing={listing} onDeleted={() => listing.id === selectedId && onSelect(null)} />}
            </>
          }
        />
      ))}
    </ul>
  );
}
