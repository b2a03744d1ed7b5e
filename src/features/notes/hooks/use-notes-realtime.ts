import { useTableRealtime } from '@/hooks/use-table-realtime';
import { noteKeys } from '@/features/notes/api/query-keys';

/** Live inserts, updates and deletes of a listing's notes refetch noteKeys.byListing. */
export function useNotesRealtime({ listingId }: { listingId: string }, options: { enabled?: boolean; onChange?: () => void } = {}) {
  useTableRealtime({ table: 'notes', column: 'listing_id', value: listingId, queryKey: noteKeys.byListing(listingId), ...options });
}
