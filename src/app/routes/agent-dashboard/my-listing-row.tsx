import { Eye } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/hooks/use-current-user';
import { can } from '@/lib/permissions';
import type { ComplianceProgress } from '@/features/compliance/api/get-compliance-summary';
import { ComplianceSummaryBadge } from '@/features/compliance/components/compliance-summary-badge';
import type { ListingCard } from '@/features/listings/api/get-listing-cards';
import { DeleteListingButton } from '@/features/listings/components/delete-listing-button';
import { ListingSummaryRow } from '@/features/listings/components/listing-summary-row';
import { NewTasksBadge } from '@/features/tasks/components/new-tasks-banner';

/** A listing of the agent's own lists: its new-task badge, compliance progress, View Details (/agent-listing/{id}) and Delete. */
export function MyListingRow({ listing, user, compliance }: { listing: ListingCard; user: CurrentUser; compliance?: ComplianceProgress }) {
  return (
    <ListingSummaryRow
      listing={listing}
      badge={
        <>
          <NewTasksBadge count={listing.unreadTaskCount} />
          {compliance && <ComplianceSummaryBadge {...compliance} />}
        </>
      }
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
