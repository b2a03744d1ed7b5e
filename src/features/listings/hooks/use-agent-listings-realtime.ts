import { useTableRealtime } from '@/hooks/use-table-realtime';
import { listingKeys } from '@/features/listings/api/query-keys';

/**
 * Live changes of the listings of one or several agents (filter on agent_id)
 * refetch listingKeys.byAgent of each; `onChange` lets a screen refresh what it
 * computes from them (the dashboard's counts).
 */
export function useAgentListingsRealtime(agentIds: string | readonly string[], options: { enabled?: boolean; onChange?: () => void } = {}) {
  const queryKey = typeof agentIds === 'string' ? listingKeys.byAgent(agentIds) : listingKeys.all;
  useTableRealtime({ table: 'listings', column: 'agent_id', value: agentIds, queryKey, ...options });
}
