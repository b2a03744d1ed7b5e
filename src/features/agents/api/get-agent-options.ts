import { useQuery } from '@tanstack/react-query';
import { agentOverviewQueryOptions, type AgentOverview } from '@/features/agents/api/get-agent-overview';

export interface AgentOption {
  id: string;
  name: string;
}

function toOptions(rows: AgentOverview[]): AgentOption[] {
  return rows.flatMap((row) => (row.id ? [{ id: row.id, name: [row.first_name, row.last_name].filter(Boolean).join(' ') || (row.email ?? 'Agent') }] : []));
}

/**
 * The agents a listing may be created for (New Listing's agent select): the
 * same agent_overview query as the dashboard's grid — a coordinator's own
 * agents, every agent for the super admin ('all') — shared through its cache.
 * private.check_listing_agent() enforces the same rule in the database.
 */
export function useAgentOptions(tcId: string | 'all', { enabled = true } = {}) {
  return useQuery({ ...agentOverviewQueryOptions(tcId), select: toOptions, enabled });
}
