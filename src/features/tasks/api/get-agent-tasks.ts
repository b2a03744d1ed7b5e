import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { TASK_COLUMNS } from '@/features/tasks/api/get-tasks';
import { taskKeys } from '@/features/tasks/api/query-keys';

/** How many tasks the dashboard shows at first and adds per 'Show more'. */
export const AGENT_TASKS_PAGE = 25;

/** Tasks assigned to one agent, newest first: the first `limit` plus one, to know whether there are more. */
export async function getAgentTasks(agentId: string, limit: number) {
  return throwIfError(
    await supabase.from('tasks').select(TASK_COLUMNS).eq('assigned_to_id', agentId).order('created_at', { ascending: false }).order('id').range(0, limit),
  );
}

export function agentTasksQueryOptions(agentId: string, limit = AGENT_TASKS_PAGE) {
  return queryOptions({
    queryKey: taskKeys.byAgentPage(agentId, limit),
    queryFn: () => getAgentTasks(agentId, limit),
    select: (rows) => ({ tasks: rows.slice(0, limit), hasMore: rows.length > limit }),
    placeholderData: keepPreviousData,
  });
}

export function useAgentTasks(agentId: string, limit = AGENT_TASKS_PAGE) {
  return useQuery(agentTasksQueryOptions(agentId, limit));
}
