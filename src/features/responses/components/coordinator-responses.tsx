import { useQueryClient } from '@tanstack/react-query';
import { MessageSquareReply } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { personName, UserAvatar } from '@/components/user-avatar';
import { useLiveChanges } from '@/hooks/use-live-changes';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useListingResponses } from '@/features/responses/api/get-listing-responses';
import { responseKeys } from '@/features/responses/api/query-keys';

/** The coordinator's responses on a listing, newest first, live (shown to the agent on their listing view). */
export function CoordinatorResponses({ listingId }: { listingId: string }) {
  const responses = useListingResponses(listingId);
  const queryClient = useQueryClient();
  useLiveChanges({ listingId }, { tc_responses: () => void queryClient.invalidateQueries({ queryKey: responseKeys.byListing(listingId) }) });

  return (
    <section className="flex flex-col gap-3" aria-labelledby="coordinator-responses-heading">
      <h2 id="coordinator-responses-heading" className="flex items-center gap-2 text-lg font-semibold">
        <MessageSquareReply aria-hidden className="size-5" />
        Coordinator responses
      </h2>
      {responses.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : responses.isError ? (
        <p className="text-destructive text-sm">Could not load responses: {responses.error.message}</p>
      ) : responses.data.length === 0 ? (
        <p className="text-muted-foreground rounded-lg border border-dashed py-6 text-center text-sm">No responses from your coordinator yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {responses.data.map((response) => (
            <li key={response.id} className="bg-card flex gap-3 rounded-lg border p-3" data-testid="coordinator-response">
              <UserAvatar person={response.tc} />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium">{personName(response.tc)}</span>
                  <Badge variant="outline" className="capitalize">
                    {response.response_type}
                  </Badge>
                  <span className="text-muted-foreground text-xs">{formatTimestamp(response.created_at)}</span>
                </div>
                <p className="text-sm break-words whitespace-pre-wrap">{response.content}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
