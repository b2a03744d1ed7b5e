import { queryOptions, useQuery } from '@tanstack/react-query';
// zod/mini: the agent dashboard's first screen, inside the first-load budget (scripts/bundle-size.ts).
import { z } from 'zod/mini';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { DEADLINE_LIST_COLUMNS } from '@/features/contracts/api/deadline-list-columns';
import { contractKeys } from '@/features/contracts/api/query-keys';

/** How many deadlines the agent dashboard's card shows. */
export const NEXT_DEADLINES = 5;

/**
 * The agent's next open deadlines of active contracts, overdue ones first:
 * listing_agent_id named in the query so it reads one range of contract_deadlines_listing_agent_id_status_due_at_idx.
 */
export async function getNextDeadlines(agentId: string) {
  return throwIfError(
    await supabase
      .from('contract_deadlines')
      .select(DEADLINE_LIST_COLUMNS)
      .eq('listing_agent_id', z.uuid().parse(agentId))
      .eq('status', 'open')
      .eq('contract_status', 'active')
      .order('due_at')
      .order('id')
      .limit(NEXT_DEADLINES),
  );
}

export function nextDeadlinesQueryOptions(agentId: string) {
  return queryOptions({ queryKey: contractKeys.nextForAgent(agentId), queryFn: () => getNextDeadlines(agentId) });
}

export function useNextDeadlines(agentId: string) {
  return useQuery(nextDeadlinesQueryOptions(agentId));
}
