import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { taskKeys } from '@/features/tasks/api/query-keys';

export const TASK_COLUMNS =
  'id, listing_id, title, description, priority, status, agent_response, is_read_by_agent, responded_at, due_date, completed_at, last_reminded_at, created_at, assigned_to_id, created_by_id, assigned_to:users!tasks_assigned_to_id_fkey(first_name, last_name, profile_image_url)';

/** The listing's requirement tasks that the caller may see (agents: theirs; coordinators: all of the listing). */
export async function getTasks(listingId: string) {
  return throwIfError(await supabase.from('tasks').select(TASK_COLUMNS).eq('listing_id', listingId).order('created_at', { ascending: false }));
}

export type Task = Awaited<ReturnType<typeof getTasks>>[number];

export function tasksQueryOptions(listingId: string) {
  return queryOptions({ queryKey: taskKeys.byListing(listingId), queryFn: () => getTasks(listingId) });
}

export function useTasks(listingId: string) {
  return useQuery(tasksQueryOptions(listingId));
}
