import { useTableRealtime } from '@/hooks/use-table-realtime';
import { responseKeys } from '@/features/responses/api/query-keys';

/** Live coordinator responses on a listing refetch responseKeys.byListing. */
export function useResponsesRealtime({ listingId }: { listingId: string }, options: { enabled?: boolean } = {}) {
  useTableRealtime({ table: 'tc_responses', column: 'listing_id', value: listingId, queryKey: responseKeys.byListing(listingId), ...options });
}
