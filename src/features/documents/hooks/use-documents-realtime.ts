import { useTableRealtime } from '@/hooks/use-table-realtime';
import { documentKeys } from '@/features/documents/api/query-keys';

/** Live inserts, updates and deletes of a listing's documents refetch documentKeys.byListing. */
export function useDocumentsRealtime({ listingId }: { listingId: string }, options: { enabled?: boolean; onChange?: () => void } = {}) {
  useTableRealtime({ table: 'documents', column: 'listing_id', value: listingId, queryKey: documentKeys.byListing(listingId), ...options });
}
