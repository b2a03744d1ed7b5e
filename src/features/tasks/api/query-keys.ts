import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the tasks table. A listing's tasks sit under the listing
 * (['listings', id, 'tasks']); task lists across listings (dashboards) under ['tasks'].
 */
export const taskKeys = {
  all: ['tasks'] as const,
  byListing: (listingId: string) => ['listings', listingId, 'tasks'] as const,
  byAgent: (agentId: string) => ['tasks', 'agent', agentId] as const,
  /** The first `limit` tasks of an agent (the coordinator dashboard's Tasks tab). */
  byAgentPage: (agentId: string, limit: number) => ['tasks', 'agent', agentId, limit] as const,
  /** How many of an agent's tasks they have not read (the agent dashboard's banner). */
  unreadCount: (agentId: string) => ['tasks', 'agent', agentId, 'unread-count'] as const,
};

/** After a write to a listing's task: that listing's tasks and every cross-listing task list. */
export function invalidateTasks(queryClient: QueryClient, listingId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: taskKeys.byListing(listingId) }),
    queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  ]);
}
