import { useTableRealtime } from '@/hooks/use-table-realtime';
import { taskKeys } from '@/features/tasks/api/query-keys';

/**
 * Live changes of the tasks assigned to one or several agents (filter on
 * assigned_to_id) refetch taskKeys.byAgent; `onChange` lets a screen refresh
 * what it computes from them (the dashboard's counts).
 */
export function useAgentTasksRealtime(agentIds: string | readonly string[], options: { enabled?: boolean; onChange?: () => void } = {}) {
  const queryKey = typeof agentIds === 'string' ? taskKeys.byAgent(agentIds) : taskKeys.all;
  useTableRealtime({ table: 'tasks', column: 'assigned_to_id', value: agentIds, queryKey, ...options });
}
