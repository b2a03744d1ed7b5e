/** Query keys of the messages table: a listing's messages sit under the listing, as ['listings', id, 'messages']. */
export const messageKeys = {
  byListing: (listingId: string) => ['listings', listingId, 'messages'] as const,
};
