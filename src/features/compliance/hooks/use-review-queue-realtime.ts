import { useTableRealtime } from '@/hooks/use-table-realtime';
import { complianceKeys } from '@/features/compliance/api/query-keys';

/**
 * The review queue stays live without a reload. A new submission notifies
 * the listing's coordinator, so the coordinator's own notifications announce
 * it; reviews and new versions change the documents of the listings shown.
 */
export function useReviewQueueRealtime({ userId, listingIds }: { userId: string; listingIds: readonly string[] }) {
  useTableRealtime({ table: 'notifications', column: 'user_id', value: userId, queryKey: complianceKeys.queue });
  useTableRealtime({ table: 'documents', column: 'listing_id', value: listingIds, queryKey: complianceKeys.queue });
}
