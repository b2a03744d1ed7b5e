import { useTableRealtime } from '@/hooks/use-table-realtime';
import { contractKeys } from '@/features/contracts/api/query-keys';

/**
 * The listing's contracts and deadlines stay live for everyone on it: a
 * change to either table (recorded, amended, closed, a date marked done…)
 * refetches the listing's contracts, which embed the deadlines.
 */
export function useContractsRealtime({ listingId }: { listingId: string }, options: { enabled?: boolean } = {}) {
  const queryKey = contractKeys.byListing(listingId);
  useTableRealtime({ table: 'contracts', column: 'listing_id', value: listingId, queryKey, ...options });
  useTableRealtime({ table: 'contract_deadlines', column: 'listing_id', value: listingId, queryKey, ...options });
}
