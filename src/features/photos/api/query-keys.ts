/**
 * Query keys of a listing's photos. Photos are columns of the listings row;
 * the stored references are part of the key, so a changed row (saved here or
 * seen through the listing's realtime) signs its new photos without an invalidation.
 */
export const photoKeys = {
  byListing: (listingId: string, refs: string[]) => ['listings', listingId, 'photos', refs] as const,
};
