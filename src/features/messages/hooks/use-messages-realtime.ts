import { useTableRealtime } from '@/hooks/use-table-realtime';
import { messageKeys } from '@/features/messages/api/query-keys';

/** Live inserts, updates and deletes of a listing's messages refetch messageKeys.byListing. */
export function useMessagesRealtime({ listingId }: { listingId: string }, options: { enabled?: boolean; onChange?: () => void } = {}) {
  useTableRealtime({ table: 'messages', column: 'listing_id', value: listingId, queryKey: messageKeys.byListing(listingId), ...options });
}
