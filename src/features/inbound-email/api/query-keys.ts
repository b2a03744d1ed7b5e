/** Query keys of the inbound_emails table: a listing's review inbox sits under the listing, as ['listings', id, 'inbound-emails']. */
export const inboundEmailKeys = {
  byListing: (listingId: string) => ['listings', listingId, 'inbound-emails'] as const,
};
