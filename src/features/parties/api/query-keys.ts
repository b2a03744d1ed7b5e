/**
 * Query keys of parties and contacts: a listing's parties sit under the
 * listing (['listings', id, 'parties'], the roles still needed below them, so
 * one invalidation refreshes both); the contact book's searches under ['contacts'].
 */
export const partyKeys = {
  byListing: (listingId: string) => ['listings', listingId, 'parties'] as const,
  missingRoles: (listingId: string) => ['listings', listingId, 'parties', 'missing-roles'] as const,
  contacts: () => ['contacts'] as const,
  contactSearch: (query: string) => ['contacts', 'search', query] as const,
  contact: (id: string) => ['contacts', 'one', id] as const,
};
