import { Link } from 'react-router';
import { ListingStatusBadge } from '@/components/listing-status-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useTemplateMatches } from '@/features/compliance/api/get-checklist-templates';

/** The listings (of those the person sees, first 100) the template's conditions match now. */
export function TemplateMatches({ templateId, listingHref }: { templateId: string; listingHref: (listingId: string) => string }) {
  const matches = useTemplateMatches(templateId);
  if (matches.isPending) return <Skeleton className="h-24 w-full" />;
  if (matches.isError) return <p className="text-destructive text-sm">Could not preview the matches: {matches.error.message}</p>;
  if (matches.data.length === 0) return <p className="text-muted-foreground text-sm">No listing you can see matches this template.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label="Matching listings">
      {matches.data.map((listing) => (
        <li key={listing.listing_id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <Link to={listingHref(listing.listing_id)} className="break-words underline-offset-4 hover:underline">
            {listing.address}
          </Link>
          <ListingStatusBadge status={listing.status} />
        </li>
      ))}
    </ul>
  );
}
