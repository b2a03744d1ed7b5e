import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of contracts and their deadlines. A listing's contracts (with
 * their deadlines embedded) sit under the listing (['listings', id,
 * 'contracts']), so they go with it; deadline lists across listings (the
 * Deadlines screen, the agent dashboard's card) under ['contract-deadlines'].
 */
export const contractKeys = {
  byListing: (listingId: string) => ['listings', listingId, 'contracts'] as const,
  /** Every cross-listing deadline list. */
  deadlines: ['contract-deadlines'] as const,
  /** The Deadlines screen: one scope and filter, paged. */
  deadlinePages: (filters: { scope: string; agentId: string | null; kind: string | null }) => ['contract-deadlines', 'pages', filters] as const,
  /** An agent's next open deadlines (the agent dashboard's card). */
  nextForAgent: (agentId: string) => ['contract-deadlines', 'agent', agentId] as const,
  /** The forms and their rules: migration data, the same for everyone. */
  forms: ['contract-forms'] as const,
  preview: (form: string, facts: Record<string, unknown>) => ['contract-preview', form, facts] as const,
  /** Whether the signed-in person's calendar feed is on. */
  calendarFeed: ['calendar-feed'] as const,
};

/**
 * After any write to a listing's contract or deadlines: that listing's
 * contracts, every deadline list, and the listing row itself (exactly that
 * key, ['listings', id]), whose status follows its contract.
 */
export function invalidateContracts(queryClient: QueryClient, listingId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contractKeys.byListing(listingId) }),
    queryClient.invalidateQueries({ queryKey: contractKeys.deadlines }),
    queryClient.invalidateQueries({ queryKey: ['listings', listingId], exact: true }),
  ]);
}
