/**
 * Query keys of agent accounts (public.users rows with role agent, the
 * agent_overview view and the available_agents() function). Everything that
 * changes with an assignment sits under ['agents'], so one invalidation after
 * assign/unassign (or its Realtime broadcast) refreshes every agent list.
 */
export const agentKeys = {
  all: ['agents'] as const,
  /** The coordinator dashboard's grid: agent_overview rows of one coordinator (or every agent for a super admin). */
  overview: (tcId: string | 'all') => ['agents', 'overview', tcId] as const,
  /** One agent's card (agent_overview row), the agent workspace's header. */
  card: (agentId: string) => ['agents', 'card', agentId] as const,
  /** Unassigned agents (available_agents()), for Agent Assignments. */
  available: ['agents', 'available'] as const,
  /** One agent's profile (/agents/{agentId}). */
  profile: (agentId: string) => ['agents', 'profile', agentId] as const,
};
