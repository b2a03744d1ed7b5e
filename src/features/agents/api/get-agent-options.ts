import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { agentsByName } from '@/features/agents/api/get-agent-overview';
import { agentKeys } from '@/features/agents/api/query-keys';

export interface AgentOption {
  id: string;
  name: string;
}

/** Enough for any select; a brokerage with more agents would need a searchable picker. */
const MAX_AGENT_OPTIONS = 1000;

/**
 * The agents a listing may be created for (New Listing's agent select), and
 * the insights filter: a coordinator's own agents, every agent for the super
 * admin ('all'). Names only, so the view computes no counts.
 * private.check_listing_agent() enforces the same rule in the database.
 */
async function getAgentOptions(tcId: string | 'all'): Promise<AgentOption[]> {
  const rows = throwIfError(await agentsByName('id, first_name, last_name, email', tcId).limit(MAX_AGENT_OPTIONS));
  return rows.flatMap((row) => (row.id ? [{ id: row.id, name: [row.first_name, row.last_name].filter(Boolean).join(' ') || (row.email ?? 'Agent') }] : []));
}

export function agentOptionsQueryOptions(tcId: string | 'all') {
  return queryOptions({ queryKey: [...agentKeys.overview(tcId), 'options'] as const, queryFn: () => getAgentOptions(tcId) });
}

export function useAgentOptions(tcId: string | 'all', { enabled = true } = {}) {
  return useQuery({ ...agentOptionsQueryOptions(tcId), enabled });
}
