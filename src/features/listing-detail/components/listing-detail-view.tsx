import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/hooks/use-current-user';
import { useListing } from '@/features/listing-detail/api/get-listing';
import { useTasks } from '@/features/listing-detail/api/get-tasks';
import { DocumentsTab } from '@/features/listing-detail/components/documents-tab';
import { ListingHeader } from '@/features/listing-detail/components/listing-header';
import { ListingInfoCards } from '@/features/listing-detail/components/listing-info-cards';
import { MessagesTab } from '@/features/listing-detail/components/messages-tab';
import { NotesTab } from '@/features/listing-detail/components/notes-tab';
import { PhotosTab } from '@/features/listing-detail/components/photos-tab';
import { RequirementsTab } from '@/features/listing-detail/components/requirements-tab';
import { useListingRealtime } from '@/features/listing-detail/hooks/use-listing-realtime';

const TABS = ['notes', 'documents', 'messages', 'photos', 'tasks'] as const;
type TabName = (typeof TABS)[number];

const asTab = (value: string | null): TabName => (TABS as readonly string[]).includes(value ?? '') ? (value as TabName) : 'notes';

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

/** A pulsing red dot on the Requirements tab while any task is pending. */
function PendingDot({ listingId }: { listingId: string }) {
  const tasks = useTasks(listingId);
  if (!tasks.data?.some((t) => t.status === 'pending')) return null;
  return (
    <span className="relative flex size-2" data-testid="pending-tasks-dot" aria-label="Pending requirements">
      <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-400 opacity-75 motion-reduce:animate-none" />
      <span className="relative inline-flex size-2 rounded-full bg-red-500" />
    </span>
  );
}

export function ListingDetailView({ listingId, user }: { listingId: string; user: CurrentUser }) {
  const listing = useListing(listingId);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = asTab(searchParams.get('tab'));
  useListingRealtime(listingId, !!listing.data);

  if (listing.isPending) return <ListingDetailSkeleton />;
  if (listing.isError) return <p className="text-destructive p-6 text-sm">Could not load the listing: {listing.error.message}</p>;
  if (!listing.data) return <ListingNotFound />;
  const data = listing.data;

  return (
    <div className="flex flex-col gap-6">
      <ListingHeader listing={data} user={user} />
      <ListingInfoCards listing={data} />
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setSearchParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('tab', value);
              return next;
            },
            { replace: true },
          )
        }
      >
        <TabsList className="w-full overflow-x-auto sm:w-fit">
          <TabsTrigger value="notes">Notes</TabsTrigger>
          <TabsTrigger value="documents">Documents</TabsTrigger>
          <TabsTrigger value="messages">Messages</TabsTrigger>
          <TabsTrigger value="photos">Photos</TabsTrigger>
          <TabsTrigger value="tasks">
            Requirements
            <PendingDot listingId={listingId} />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="notes" className="pt-2">
          <NotesTab listingId={listingId} user={user} />
        </TabsContent>
        <TabsContent value="documents" className="pt-2">
          <DocumentsTab listing={data} user={user} />
        </TabsContent>
        <TabsContent value="messages" className="pt-2">
          <MessagesTab listingId={listingId} user={user} />
        </TabsContent>
        <TabsContent value="photos" className="pt-2">
          <PhotosTab listing={data} user={user} />
        </TabsContent>
        <TabsContent value="tasks" className="pt-2">
          <RequirementsTab listing={data} user={user} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
