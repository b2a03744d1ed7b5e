import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useListing, type Listing } from '@/features/listings/api/get-listing';

export function ListingNotFound() {
  return (
    <Card className="mx-auto mt-10 max-w-md text-center">
      <CardHeader>
        <CardTitle>Listing not found</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4">
        <p className="text-muted-foreground text-sm">It may have been deleted, or you may not have access to it.</p>
        <Button asChild>
          <Link to={paths.home.getHref()}>Back to Dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export function ListingDetailSkeleton() {
  return (
    <div className="flex flex-col gap-6" data-testid="listing-skeleton">
      <Skeleton className="h-8 w-48" />
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
      </div>
      <Skeleton className="h-9 w-96" />
      <Skeleton className="h-40" />
    </div>
  );
}

/** Loads a listing and shows `children` with it, or the skeleton, the load error or 'Listing not found' (also when RLS hides it). */
export function ListingLoader({ listingId, children }: { listingId: string; children: (listing: Listing) => ReactNode }) {
  const listing = useListing(listingId);
  if (listing.isPending) return <ListingDetailSkeleton />;
  if (listing.isError) return <p className="text-destructive p-6 text-sm">Could not load the listing: {listing.error.message}</p>;
  if (!listing.data) return <ListingNotFound />;
  return children(listing.data);
}
