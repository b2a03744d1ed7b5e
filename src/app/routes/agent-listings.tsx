import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { RequireSignedIn } from '@/components/require-signed-in';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/hooks/use-current-user';
import { labelOf, useListingStatuses, type ListingStatus } from '@/lib/listing-status';
import { STATUS_KEY_PATTERN } from '@/lib/status-key';
import { ALL_LISTINGS_PAGE, useListingCards } from '@/features/listings/api/get-listing-cards';
import { useListingStats } from '@/features/listings/api/get-listing-stats';
import { ListingPager } from '@/app/routes/agent-dashboard/listing-pager';
import { MyListingList } from '@/app/routes/agent-dashboard/my-listing-list';
import { useMyListingsLive } from '@/app/routes/agent-dashboard/use-my-listings-live';

/** A status key as the URL may carry it; listing_statuses decides which exist (an unknown one lists nothing). */
const asStatus = (value: string | null): ListingStatus | null => (value && STATUS_KEY_PATTERN.test(value) ? value : null);

function AllListings({ user }: { user: CurrentUser }) {
  const [searchParams] = useSearchParams();
  const status = asStatus(searchParams.get('status'));
  const statuses = useListingStatuses();
  const stats = useListingStats(user.id);
  // Counts come from listing_stats(), so the total per filter needs no extra request.
  const total = stats.data ? (status ? (stats.data[status] ?? 0) : stats.data.total) : undefined;
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / ALL_LISTINGS_PAGE));
  const requested = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  // A page past the end (listings deleted meanwhile) shows the last one.
  const page = total === undefined ? requested : Math.min(requested, pages);
  const cards = useListingCards({ agentId: user.id, offset: (page - 1) * ALL_LISTINGS_PAGE, limit: ALL_LISTINGS_PAGE, status });
  useMyListingsLive(user.id);

  const filters: { value: ListingStatus | null; label: string; count: number | undefined }[] = [
    { value: null, label: 'All', count: stats.data?.total },
    ...statuses.map(({ key: value, label }) => ({ value, label, count: stats.data?.[value] })),
  ];

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <Button variant="ghost" className="w-fit" asChild>
          <Link to={paths.agentDashboard.getHref()}>
            <ArrowLeft />
            Back to My Listings
          </Link>
        </Button>
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">All Listings</h1>
          <p className="text-muted-foreground">Every listing of yours, newest first.</p>
        </div>
      </header>
      <nav aria-label="Filter by status">
        <ul className="flex flex-wrap gap-2">
          {filters.map((filter) => (
            <li key={filter.label}>
              <Button size="sm" variant={filter.value === status ? 'default' : 'outline'} asChild>
                <Link to={paths.agentListings.getHref({ status: filter.value })} aria-current={filter.value === status ? 'page' : undefined}>
                  {filter.label}
                  {filter.count !== undefined && <span className="tabular-nums opacity-80">({filter.count})</span>}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </nav>
      <MyListingList
        cards={cards}
        user={user}
        label="Listings"
        emptyText={status ? `No ${labelOf(statuses, status).toLowerCase()} listings` : 'No listings yet'}
      />
      {total !== undefined && total > 0 && (
        <ListingPager page={page} pageSize={ALL_LISTINGS_PAGE} total={total} hrefFor={(n) => paths.agentListings.getHref({ status, page: n })} />
      )}
    </div>
  );
}

/** /agent-listings: all of the agent's listings, paged newest first, filtered by status, live. */
export function AgentListingsRoute() {
  return <RequireSignedIn>{(user) => <AllListings user={user} />}</RequireSignedIn>;
}
