/** Query keys of the documents table: a listing's documents sit under the listing, as ['listings', id, 'documents']. */
export const documentKeys = {
  byListing: (listingId: string) => ['listings', listingId, 'documents'] as const,
};
