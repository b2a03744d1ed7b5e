import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { taskKeys } from '@/features/tasks/api/query-keys';

/** How many tasks assigned to the agent they have not read: a count only, no rows (index tasks_assigned_to_id_is_read_by_agent_idx). */
export async function getUnreadTaskCount(agentId: string): Promise<number> {
  const result = await supabase.from('tasks').select('id', { count: 'exact', head: true }).eq('assigned_to_id', agentId).is('is_read_by_agent', false);
  throwIfError(result);
  return result.count ?? 0;
}

export function unreadTaskCountQueryOptions(agentId: string) {
  return queryOptions({ queryKey: taskKeys.unreadCount(agentId), queryFn: () => getUnreadTaskCount(agentId) });
}

export function useUnreadTaskCount(agentId: string) {
  return useQuery(unreadTaskCountQueryOptions(agentId));
}
