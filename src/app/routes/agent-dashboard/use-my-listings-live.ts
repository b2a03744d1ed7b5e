import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { listingKeys } from '@/features/listings/api/query-keys';
import { useAgentListingsRealtime } from '@/features/listings/hooks/use-agent-listings-realtime';
import { useAgentTasksRealtime } from '@/features/tasks/hooks/use-agent-tasks-realtime';

/**
 * Keeps an agent's dashboard live: their listings' changes refetch the lists
 * and stats (listingKeys.byAgent); their tasks' changes refetch the banner
 * count (taskKeys.byAgent) and the lists, whose rows carry the unread counts.
 */
export function useMyListingsLive(agentId: string) {
  const queryClient = useQueryClient();
  const refreshLists = useCallback(() => void queryClient.invalidateQueries({ queryKey: listingKeys.byAgent(agentId) }), [queryClient, agentId]);
  useAgentListingsRealtime(agentId);
  useAgentTasksRealtime(agentId, { onChange: refreshLists });
}
