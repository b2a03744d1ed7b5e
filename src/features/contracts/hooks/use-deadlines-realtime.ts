import { useTableRealtime } from '@/hooks/use-table-realtime';
import { contractKeys } from '@/features/contracts/api/query-keys';

/**
 * Cross-listing deadline lists stay live: changes to the deadlines of a
 * coordinator's listings (listing_tc_id) or an agent's (listing_agent_id)
 * refetch every deadline list. A super admin's list of everything is not
 * followed (it would be every change in the brokerage); it refreshes on
 * their own writes and on reload.
 */
export function useDeadlinesRealtime(follow: { column: 'listing_tc_id' | 'listing_agent_id'; id: string } | null) {
  useTableRealtime({
    table: 'contract_deadlines',
    column: follow?.column ?? 'listing_tc_id',
    value: follow?.id ?? [],
    queryKey: contractKeys.deadlines,
  });
}
