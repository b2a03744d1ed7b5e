/** Query keys of the listing_events table (one listing's history); the statuses' labels are the app's shared query (src/lib/listing-status.ts). */
export const listingHistoryKeys = {
  byListing: (listingId: string) => ['listings', listingId, 'events'] as const,
};
