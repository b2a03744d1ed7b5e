import { useTableRealtime } from '@/hooks/use-table-realtime';
import { complianceKeys } from '@/features/compliance/api/query-keys';

/**
 * A listing's checklist and compliance stay live: applied items change
 * (templates re-applied by another person's edit, a to-do done) and documents
 * change (uploads, reviews), both of which move the progress.
 */
export function useComplianceRealtime(listingId: string) {
  useTableRealtime({ table: 'listing_checklist_items', column: 'listing_id', value: listingId, queryKey: complianceKeys.checklist(listingId) });
  useTableRealtime({ table: 'documents', column: 'listing_id', value: listingId, queryKey: complianceKeys.listingCompliance(listingId) });
}
