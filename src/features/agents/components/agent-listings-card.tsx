import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListingStatusBadge } from '@/components/listing-status-badge';
import { ShowMoreButton } from '@/components/show-more-button';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { AGENT_PAGE_SIZE } from '@/features/agents/api/agent-list-page';
import { useAgentListings } from '@/features/agents/api/get-agent-listings';

/** The agent's listings (those the viewer coordinates): status badge, open tasks, a link into each listing. */
export function AgentListingsCard({ agentId }: { agentId: string }) {
  const [limit, setLimit] = useState(AGENT_PAGE_SIZE);
  const listings = useAgentListings(agentId, limit);
  return (
    <Card className="gap-4" data-testid="agent-listings">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">Listings ({listings.data?.total ?? 0})</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {listings.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : listings.isError ? (
          <p className="text-destructive text-sm">Could not load listings: {listings.error.message}</p>
        ) : listings.data.listings.length === 0 ? (
          <p className="text-muted-foreground py-6 text-center text-sm">No listings yet</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y" aria-label="Listings">
              {listings.data.listings.map((listing) => (
                <li key={listing.id} data-testid="agent-listing-row">
                  <Link
                    to={paths.listing.getHref(listing.id)}
                    className="hover:bg-muted/50 -mx-2 flex items-center gap-3 rounded-md px-2 py-3 focus-visible:ring-[3px] focus-visible:outline-none"
                  >
                    <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
                      <div className="flex min-w-0 flex-1 flex-col gap-1">
                        <span className="text-sm font-medium break-words">{listing.address}</span>
                        <span className="text-muted-foreground text-xs">
                          {[listing.seller_name, listing.listing_price].filter(Boolean).join(' · ') || 'No seller or price yet'}
                        </span>
                      </div>
                      <div className="flex shrink-0 flex-wrap items-center gap-2 sm:justify-end">
                        <ListingStatusBadge status={listing.status} />
                        <Badge variant={listing.openTaskCount > 0 ? 'default' : 'secondary'}>
                          {listing.openTaskCount} open {listing.openTaskCount === 1 ? 'task' : 'tasks'}
                        </Badge>
                      </div>
                    </div>
                    <ChevronRight aria-hidden className="text-muted-foreground size-4 shrink-0" />
                  </Link>
                </li>
              ))}
            </ul>
            <ShowMoreButton shown={listings.data.listings.length} total={listings.data.total} loading={listings.isFetching} onClick={() => setLimit((n) => n + AGENT_PAGE_SIZE)} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
