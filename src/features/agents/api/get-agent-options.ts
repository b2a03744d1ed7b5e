import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { agentKeys } from '@/features/agents/api/query-keys';

/** Upper bound of the agent chooser (a coordinator's team, or every agent for the super admin). */
const MAX_AGENT_OPTIONS = 500;

/**
 * The agents a listing may be created for (New Listing's agent select): a
 * coordinator's own agents (assigned_tc_id = them), every agent for the super
 * admin (tcId 'all'). private.check_listing_agent() enforces the same rule.
 */
export async function getAgentOptions(tcId: string | 'all') {
  let query = supabase.from('agent_overview').select('id, first_name, last_name, email');
  if (tcId !== 'all') query = query.eq('assigned_tc_id', tcId);
  const rows = throwIfError(await query.order('first_name').order('last_name').limit(MAX_AGENT_OPTIONS));
  return rows.flatMap((row) => (row.id ? [{ id: row.id, name: [row.first_name, row.last_name].filter(Boolean).join(' ') || (row.email ?? 'Agent') }] : []));
}

export type AgentOption = Awaited<ReturnType<typeof getAgentOptions>>[number];

export function agentOptionsQueryOptions(tcId: string | 'all') {
  return queryOptions({ queryKey: [...agentKeys.overview(tcId), 'options'] as const, queryFn: () => getAgentOptions(tcId) });
}

export function useAgentOptions(tcId: string | 'all', { enabled = true } = {}) {
  return useQuery({ ...agentOptionsQueryOptions(tcId), enabled });
}
