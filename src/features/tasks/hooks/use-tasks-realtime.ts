import { useTableRealtime } from '@/hooks/use-table-realtime';
import { taskKeys } from '@/features/tasks/api/query-keys';

/** Live inserts, updates and deletes of a listing's tasks refetch taskKeys.byListing. */
export function useTasksRealtime({ listingId }: { listingId: string }, options: { enabled?: boolean; onChange?: () => void } = {}) {
  useTableRealtime({ table: 'tasks', column: 'listing_id', value: listingId, queryKey: taskKeys.byListing(listingId), ...options });
}
