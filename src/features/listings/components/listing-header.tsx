import { ArrowLeft, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmAction } from '@/components/confirm-action';
import { ListingStatusBadge } from '@/components/listing-status-badge';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/hooks/use-current-user';
import { labelOf, statusColours, useListingStatuses, type ListingStatus } from '@/lib/listing-status';
import { can } from '@/lib/permissions';
import { cn } from '@/lib/utils';
import { useDeleteListing } from '@/features/listings/api/delete-listing';
import type { Listing } from '@/features/listings/api/get-listing';
import { listingStatusSchema, useUpdateListingStatus } from '@/features/listings/api/update-listing-status';
import { contractRefusal } from '@/features/listings/lib/status-options';

/**
 * Back link, title, the status selector (tc) or badge (others) and, when
 * permitted, 'Delete Listing'. The selector offers the statuses of
 * public.listing_statuses with their labels. `statusBlockers` (composed by the
 * screen from the listing's compliance) names what a gated status still lacks,
 * and `contractActive` (from the listing's contracts; undefined while unknown)
 * disables the statuses the contract decides, saying what to do on the
 * Contract tab, so the selector shows both before anyone tries; `actions` adds
 * controls (the super admin's Override).
 */
export function ListingHeader({
  listing,
  user,
  statusBlockers,
  contractActive,
  actions,
}: {
  listing: Listing;
  user: CurrentUser;
  statusBlockers?: (status: ListingStatus) => string[];
  contractActive?: boolean;
  actions?: ReactNode;
}) {
  const navigate = useNavigate();
  const updateStatus = useUpdateListingStatus();
  // Spec part 1 §2: after a delete the product goes to /dashboard (the shell sends it on to the role's dashboard).
  const deleteListing = useDeleteListing({ onDeleted: () => void navigate(paths.dashboard.getHref()) });
  const statuses = useListingStatuses();
  const status = listing.status;

  return (
    <div className="flex flex-col gap-3">
      <Link to={paths.home.getHref()} className="text-muted-foreground hover:text-foreground inline-flex w-fit items-center gap-1.5 text-sm">
        <ArrowLeft className="size-4" />
        Back to Dashboard
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Listing Details</h1>
        <div className="flex flex-wrap items-center gap-2">
          {can.changeListingStatus(user) ? (
            <Select
              value={status}
              disabled={updateStatus.isPending}
              onValueChange={(value) => updateStatus.mutate({ listingId: listing.id, status: listingStatusSchema.parse(value) })}
            >
              <SelectTrigger aria-label="Listing status" className={cn('w-44 font-medium', statusColours(status))}>
                {/* The trigger shows the label only; the items below may carry what is missing. */}
                <SelectValue>{labelOf(statuses, status)}</SelectValue>
              </SelectTrigger>
              <SelectContent className="max-w-sm">
                {statuses.map(({ key: value, label }) => {
                  const refusal = contractRefusal(value, status, contractActive);
                  const blockers = value === status || refusal ? [] : (statusBlockers?.(value) ?? []);
                  return (
                    <SelectItem key={value} value={value} disabled={!!refusal}>
                      <span className="flex flex-col items-start gap-0.5">
                        {label}
                        {refusal && (
                          <span className="text-muted-foreground text-xs whitespace-normal" data-testid={`status-refusal-${value}`}>
                            {refusal}
                          </span>
                        )}
                        {blockers.length > 0 && (
                          <span className="text-destructive text-xs whitespace-normal" data-testid={`status-blockers-${value}`}>
                            Missing or not approved: {blockers.join(', ')}
                          </span>
                        )}
                      </span>
                    </SelectItem>
                  );
                })}
              </SelectContent>
            </Select>
          ) : (
            <ListingStatusBadge status={listing.status} className="px-3 py-1 text-sm" />
          )}
          {actions}
          {can.deleteListing(user, listing) && (
            <ConfirmAction
              title="Delete Listing"
              question={`Are you sure you want to delete the listing for ${listing.address}? This action cannot be undone.`}
              onConfirm={() => deleteListing.mutate({ listingId: listing.id })}
              trigger={
                <Button variant="destructive" disabled={deleteListing.isPending}>
                  <Trash2 />
                  Delete Listing
                </Button>
              }
            />
          )}
        </div>
      </div>
    </div>
  );
}
