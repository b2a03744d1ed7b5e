import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/hooks/use-current-user';
import { statusLabel } from '@/lib/listing-status';
import { useListing } from '@/features/listing-detail/api/get-listing';
import { DocumentsTab } from '@/features/listing-detail/components/documents-tab';
import { ListingDetailSkeleton, ListingNotFound } from '@/features/listing-detail/components/listing-detail-view';
import { MessagesTab } from '@/features/listing-detail/components/messages-tab';
import { NotesTab } from '@/features/listing-detail/components/notes-tab';
import { PhotosTab } from '@/features/listing-detail/components/photos-tab';
import { useListingRealtime } from '@/features/listing-detail/hooks/use-listing-realtime';

/** Spec part 2 §2: live default style, ready secondary, under_contract destructive, others outline. */
function statusVariant(status: string): 'default' | 'secondary' | 'destructive' | 'outline' {
  if (status === 'live') return 'default';
  if (status === 'ready') return 'secondary';
  if (status === 'under_contract') return 'destructive';
  return 'outline';
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground text-xs font-medium uppercase">{label}</dt>
      <dd className="text-sm">{children || 'Not specified'}</dd>
    </div>
  );
}

/**
 * The agent's own view of a listing (/agent-listing/{id}, spec part 2 §2):
 * header with address, status, who is signed in and Logout; property details;
 * photos with upload; documents with upload and View; then the listing's notes
 * and messages (the two embedded sections the spec leaves unspecified).
 */
export function AgentListingView({ listingId, user }: { listingId: string; user: CurrentUser }) {
  const listing = useListing(listingId);
  useListingRealtime(listingId, !!listing.data);

  if (listing.isPending) return <ListingDetailSkeleton />;
  if (listing.isError) return <p className="text-destructive p-6 text-sm">Could not load the listing: {listing.error.message}</p>;
  if (!listing.data) return <ListingNotFound />;
  const data = listing.data;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b pb-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">{data.address}</h1>
          <Badge variant={statusVariant(data.status)}>{statusLabel(data.status)}</Badge>
        </div>
        <div className="flex items-center gap-2 text-sm">
          <span>{[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}</span>
          <Badge variant="secondary">Agent</Badge>
          <Button variant="outline" size="sm" onClick={() => window.location.assign(paths.logout.getHref())}>
            <LogOut />
            Logout
          </Button>
        </div>
      </header>
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>Property Details</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Detail label="Address">{data.address}</Detail>
            <Detail label="Price">{data.listing_price}</Detail>
            <Detail label="Seller">{data.seller_name}</Detail>
            <Detail label="Seller Phone">{data.seller_phone}</Detail>
            <Detail label="Seller Email">{data.seller_email}</Detail>
          </dl>
        </CardContent>
      </Card>
      <PhotosTab listing={data} user={user} />
      <DocumentsTab listing={data} user={user} />
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="flex flex-col gap-3" aria-label="Notes">
          <h2 className="text-lg font-semibold">Notes</h2>
          <NotesTab listingId={listingId} user={user} />
        </section>
        <MessagesTab listingId={listingId} user={user} />
      </div>
    </div>
  );
}
