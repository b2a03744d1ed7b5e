import { Trash2 } from 'lucide-react';
import { ConfirmAction } from '@/components/confirm-action';
import { Button } from '@/components/ui/button';
import { useDeleteListing } from '@/features/listings/api/delete-listing';

/**
 * Delete behind the shared confirmation ('Are you sure you want to delete
 * "{address}"?'); the mutation toasts 'Listing deleted' or 'Failed to delete listing' (spec §8).
 */
export function DeleteListingButton({ listing, onDeleted }: { listing: { id: string; address: string }; onDeleted?: () => void }) {
  const deleteListing = useDeleteListing({ onDeleted: () => onDeleted?.() });
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
