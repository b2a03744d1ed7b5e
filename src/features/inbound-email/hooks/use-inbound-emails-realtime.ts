import { useTableRealtime } from '@/hooks/use-table-realtime';
import { inboundEmailKeys } from '@/features/inbound-email/api/query-keys';

/** Live arrivals and reviews of a listing's received mail refetch its review inbox. */
export function useInboundEmailsRealtime({ listingId }: { listingId: string }, options: { enabled?: boolean } = {}) {
  useTableRealtime({ table: 'inbound_emails', column: 'listing_id', value: listingId, queryKey: inboundEmailKeys.byListing(listingId), ...options });
}
