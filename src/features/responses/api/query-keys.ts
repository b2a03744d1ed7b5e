/** Query keys of the tc_responses table: a listing's coordinator responses sit under the listing. */
export const responseKeys = {
  byListing: (listingId: string) => ['listings', listingId, 'responses'] as const,
};
