import { useCallback } from 'react';
import type { ListingStatus } from '@/lib/listing-status';
import { useListingCompliance } from '@/features/compliance/api/get-listing-compliance';
import { blockersFor, describeMissing } from '@/features/compliance/lib/compliance-gate';

/**
 * What the compliance gate would refuse for each status of a listing, in words, for the status selector and the
 * override; nothing for a move back from `currentStatus` to an earlier stage, which is never gated.
 */
export function useStatusBlockers(listingId: string, currentStatus?: string): (status: ListingStatus) => string[] {
  const compliance = useListingCompliance(listingId);
  const stages = compliance.data;
  return useCallback((status: ListingStatus) => (stages ? blockersFor(stages, status, currentStatus).map(describeMissing) : []), [stages, currentStatus]);
}
