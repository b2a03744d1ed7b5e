import { useQueryClient } from '@tanstack/react-query';
import { Eye, Home } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/hooks/use-current-user';
import type { Tables } from '@/lib/database.types';
import { can } from '@/lib/permissions';
import { agentKeys } from '@/features/agents/api/query-keys';
import { useComplianceSummary } from '@/features/compliance/api/get-compliance-summary';
import { ComplianceSummaryBadge } from '@/features/compliance/components/compliance-summary-badge';
import { DocumentsDialog } from '@/features/documents/components/documents-dialog';
import { DeleteListingButton } from '@/features/listings/components/delete-listing-button';
import { DashboardListingCard } from '@/features/listings/components/dashboard-listing-card';
import { PhotosDialog } from '@/features/photos/components/photos-dialog';

/** The grid's counts include the listing, so a delete refreshes them too. */
function DeleteAgentListingButton({ listing, onDeleted }: { listing: Tables<'listings'>; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return (
    <DeleteListingButton
      listing={listing}
      onDeleted={() => {
        void queryClient.invalidateQueries({ queryKey: agentKeys.all });
        onDeleted();
      }}
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
  // One call for the whole page of cards.
  const progress = useComplianceSummary(listings?.map((listing) => listing.id) ?? []);
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
          badge={progress.data?.get(listing.id) && <ComplianceSummaryBadge {...progress.data.get(listing.id)!} />}
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
              {can.deleteListing(user, listing) && <DeleteAgentListingButton listing={listing} onDeleted={() => listing.id === selectedId && onSelect(null)} />}
            </>
          }
        />
      ))}
    </ul>
  );
}
