import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/hooks/use-current-user';
import { RECENT_LISTINGS, useListingCards } from '@/features/listings/api/get-listing-cards';
import { MyListingList } from '@/app/routes/agent-dashboard/my-listing-list';

/** Spec part 2 §2, §9: the agent's 5 newest listings, and the way to all of them. */
export function RecentListings({ user, total }: { user: CurrentUser; total: number | undefined }) {
  const cards = useListingCards({ agentId: user.id, offset: 0, limit: RECENT_LISTINGS, status: null });

  return (
    <section className="flex flex-col gap-4" aria-labelledby="recent-listings-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="recent-listings-heading" className="text-lg font-semibold">
          Recent Listings
        </h2>
        {!!total && (
          <Button variant="link" className="h-auto px-0" asChild>
            <Link to={paths.agentListings.getHref()}>
              View all listings ({total})
              <ArrowRight />
            </Link>
          </Button>
        )}
      </div>
      <MyListingList cards={cards} user={user} label="Recent listings" emptyText="No listings yet" />
    </section>
  );
}
