/**
 * Query keys of the listings table. Everything about one listing sits under
 * ['listings', id]; other tables' listing-scoped keys (['listings', id,
 * 'notes']…) share that prefix, so they go with the listing.
 */
export const listingKeys = {
  /** Every listing query, the dashboards' lists included. */
  all: ['listings'] as const,
  detail: (listingId: string) => ['listings', listingId] as const,
  /** One agent's listings (the coordinator dashboard); `limit` is how many are shown so far. */
  byAgent: (agentId: string) => ['listings', 'by-agent', agentId] as const,
  byAgentPage: (agentId: string, limit: number) => ['listings', 'by-agent', agentId, limit] as const,
  /** A page of one agent's listing cards with their unread-task counts (the agent dashboard and All Listings). */
  cards: (agentId: string, page: { offset: number; limit: number; status: string | null }) => ['listings', 'by-agent', agentId, 'cards', page] as const,
  /** listing_stats() of one agent: counts by status. Under byAgent, so the agent's listing changes refresh it. */
  stats: (agentId: string) => ['listings', 'by-agent', agentId, 'stats'] as const,
  /** The smart-reminders function's answer for a listing (computed from its tasks and documents). */
  smartReminders: (listingId: string) => ['listings', listingId, 'smart-reminders'] as const,
};
