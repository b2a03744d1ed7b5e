import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { listingHistoryKeys } from '@/features/listing-history/api/query-keys';

/** A callback that refetches a listing's history, for screens that learn of a change to it (e.g. a live document update). */
export function useRefreshListingHistory(listingId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: listingHistoryKeys.byListing(listingId) }), [queryClient, listingId]);
}
