import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLiveChanges } from '@/hooks/use-live-changes';
import { listingKeys } from '@/features/listings/api/query-keys';
import { taskKeys } from '@/features/tasks/api/query-keys';

/**
 * Keeps an agent's dashboard live through their own topic (useLiveChanges):
 * a change of a listing they may read refetches their lists and stats
 * (listingKeys.byAgent); of a task, the banner count (taskKeys.byAgent) and
 * the lists, whose rows carry the unread counts.
 */
export function useMyListingsLive(agentId: string) {
  const queryClient = useQueryClient();
  const refetch = (queryKey: QueryKey) => void queryClient.invalidateQueries({ queryKey });
  useLiveChanges(
    {},
    {
      listings: () => refetch(listingKeys.byAgent(agentId)),
      tasks: () => {
        refetch(taskKeys.byAgent(agentId));
        refetch(listingKeys.byAgent(agentId));
      },
    },
  );
}
