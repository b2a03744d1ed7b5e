/** Query keys of the listing_events table (one listing's history) and of listing_statuses (their labels). */
export const listingHistoryKeys = {
  byListing: (listingId: string) => ['listings', listingId, 'events'] as const,
  statuses: ['listing-statuses'] as const,
};
