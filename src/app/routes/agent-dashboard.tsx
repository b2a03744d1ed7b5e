import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { RequireSignedIn } from '@/components/require-signed-in';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/hooks/use-current-user';
import { can } from '@/lib/permissions';
import { ReturnedDocumentsCard } from '@/features/compliance/components/returned-documents-card';
import { NextDeadlinesCard } from '@/features/contracts/components/next-deadlines-card';
import { useListingStats } from '@/features/listings/api/get-listing-stats';
import { ListingStatCards } from '@/features/listings/components/listing-stat-cards';
import { NewTasksBanner } from '@/features/tasks/components/new-tasks-banner';
import { QuickLinks } from '@/app/routes/agent-dashboard/quick-links';
import { RecentListings } from '@/app/routes/agent-dashboard/recent-listings';
import { useMyListingsLive } from '@/app/routes/agent-dashboard/use-my-listings-live';

function AgentDashboard({ user }: { user: CurrentUser }) {
  const stats = useListingStats(user.id);
  useMyListingsLive(user.id);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">My Listings</h1>
          <p className="text-muted-foreground break-words">
            Welcome back{user.firstName ? `, ${user.firstName}` : ''}! Here&apos;s an overview of your listings and tasks.
          </p>
        </div>
        {can.createListing(user) && (
          <Button asChild>
            <Link to={paths.newListing.getHref()}>
              <Plus />
              New Listing
            </Link>
          </Button>
        )}
      </header>
      <NewTasksBanner agentId={user.id} />
      <ReturnedDocumentsCard agentId={user.id} listingHref={(listingId) => `${paths.agentListing.getHref(listingId)}#compliance`} />
      <QuickLinks />
      <ListingStatCards stats={stats.data} isPending={stats.isPending} />
      {stats.isError && <p className="text-destructive text-sm">Could not load listing counts: {stats.error.message}</p>}
      <NextDeadlinesCard agentId={user.id} />
      <RecentListings user={user} total={stats.data?.total} />
    </div>
  );
}

/** /agent-dashboard and `/` for an agent (spec part 2 §2 'My Listings'): everything stays live through Realtime. */
export function AgentDashboardRoute() {
  return <RequireSignedIn>{(user) => <AgentDashboard user={user} />}</RequireSignedIn>;
}
