import { useTableRealtime } from '@/hooks/use-table-realtime';
import { listingKeys } from '@/features/listings/api/query-keys';

/** Live changes of one listing's row (status, details, photos) refetch listingKeys.detail. */
export function useListingRealtime(listingId: string, { enabled = true }: { enabled?: boolean } = {}) {
  useTableRealtime({ table: 'listings', column: 'id', value: listingId, queryKey: listingKeys.detail(listingId), exact: true, enabled });
}
