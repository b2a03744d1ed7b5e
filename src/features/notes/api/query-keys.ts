/** Query keys of the notes table: a listing's notes sit under the listing, as ['listings', id, 'notes']. */
export const noteKeys = {
  byListing: (listingId: string) => ['listings', listingId, 'notes'] as const,
};
