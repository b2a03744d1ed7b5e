import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { invalidateTasks } from '@/features/tasks/api/query-keys';

export const respondToTaskInputSchema = z.object({
  listingId: z.uuid(),
  taskId: z.uuid(),
  response: z.string().trim().min(1, 'Required').max(10000),
});
export type RespondToTaskInput = z.infer<typeof respondToTaskInputSchema>;

/** The agent's answer: respond_to_task() sets agent_response, status completed and completed_at (spec part 1 §4). */
export async function respondToTask(input: RespondToTaskInput) {
  const { taskId, response } = respondToTaskInputSchema.parse(input);
  return throwIfError(await supabase.rpc('respond_to_task', { task_id: taskId, response, mark_completed: true }));
}

export function useRespondToTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondToTask,
    onSuccess: (_task, { listingId }) => {
      void invalidateTasks(queryClient, listingId);
      toast({ title: 'Response submitted', description: 'Your coordinator can see your response now.' });
    },
    onError: (error) => toastFailure('Failed to submit response', error),
  });
}
