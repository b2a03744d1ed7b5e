import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { personSearchFilters } from '@/lib/person-search';
import { supabase } from '@/lib/supabase';
import { agentsByName } from '@/features/agents/api/get-agent-overview';
import { agentKeys } from '@/features/agents/api/query-keys';

export interface AgentOption {
  id: string;
  name: string;
}

/** Agents one page of the picker shows; a brokerage may have a thousand, so the rest are found by typing. */
export const AGENT_PICKER_PAGE = 20;

/** What the picker's search box may send: trimmed, at most 100 characters (a name or an e-mail). */
export const agentSearchTermSchema = z.string().trim().max(100);

const OPTION_COLUMNS = 'id, first_name, last_name, email';

function toOption(row: { id: string | null; first_name: string | null; last_name: string | null; email: string | null }): AgentOption[] {
  return row.id ? [{ id: row.id, name: [row.first_name, row.last_name].filter(Boolean).join(' ') || (row.email ?? 'Agent') }] : [];
}

/**
 * One page of the agents a listing may be created for (New Listing) or the
 * insights may be filtered by: a coordinator's own agents, every agent for the
 * super admin ('all'), whose name or e-mail contains every word of `term`, in
 * name order. Names only, so the view computes no counts; one more row is read
 * to know whether there are more. private.check_listing_agent() and
 * workflow_stats() enforce the same scope in the database.
 */
export async function searchAgentOptions(tcId: string | 'all', term: string): Promise<{ options: AgentOption[]; hasMore: boolean }> {
  let query = agentsByName(OPTION_COLUMNS, tcId);
  for (const filter of personSearchFilters(agentSearchTermSchema.parse(term))) query = query.or(filter);
  const rows = throwIfError(await query.limit(AGENT_PICKER_PAGE + 1));
  return { options: rows.slice(0, AGENT_PICKER_PAGE).flatMap(toOption), hasMore: rows.length > AGENT_PICKER_PAGE };
}

export function agentOptionsQueryOptions(tcId: string | 'all', term: string) {
  return queryOptions({
    queryKey: [...agentKeys.overview(tcId), 'options', term] as const,
    queryFn: () => searchAgentOptions(tcId, term),
    // While the next word's results load, the last ones stay in the list.
    placeholderData: keepPreviousData,
  });
}

export function useAgentOptions(tcId: string | 'all', term: string, { enabled = true } = {}) {
  return useQuery({ ...agentOptionsQueryOptions(tcId, term), enabled });
}

/** The name of one chosen agent that is not on the picker's current page (e.g. chosen before a search narrowed the list). */
async function getAgentOption(agentId: string): Promise<AgentOption | null> {
  const row = throwIfError(await supabase.from('agent_overview').select(OPTION_COLUMNS).eq('id', agentId).maybeSingle());
  return row ? (toOption(row)[0] ?? null) : null;
}

export function useAgentOption(agentId: string | null) {
  return useQuery({
    queryKey: [...agentKeys.card(agentId ?? ''), 'option'] as const,
    queryFn: () => getAgentOption(agentId ?? ''),
    enabled: !!agentId,
  });
}
