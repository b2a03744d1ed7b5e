import { Eye } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/hooks/use-current-user';
import { can } from '@/lib/permissions';
import type { ListingCard } from '@/features/listings/api/get-listing-cards';
import { DeleteListingButton } from '@/features/listings/components/delete-listing-button';
import { ListingSummaryRow } from '@/features/listings/components/listing-summary-row';
import { NewTasksBadge } from '@/features/tasks/components/new-tasks-banner';

/** A listing of the agent's own lists: its new-task badge, View Details (/agent-listing/{id}) and Delete. */
export function MyListingRow({ listing, user }: { listing: ListingCard; user: CurrentUser }) {
  return (
    <ListingSummaryRow
      listing={listing}
      badge={<NewTasksBadge count={listing.unreadTaskCount} />}
      actions={
        <>
          <Button size="sm" variant="outline" asChild>
            <Link to={paths.agentListing.getHref(listing.id)} aria-label={`View Details of ${listing.address}`}>
              <Eye />
              View Details
            </Link>
          </Button>
          {can.deleteListing(user, listing) && <DeleteListingButton listing={listing} />}
        </>
      }
    />
  );
}
