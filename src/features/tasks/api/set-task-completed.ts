import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { invalidateTasks } from '@/features/tasks/api/query-keys';

export const setTaskCompletedInputSchema = z.object({ listingId: z.uuid(), taskId: z.uuid(), completed: z.boolean() });
export type SetTaskCompletedInput = z.infer<typeof setTaskCompletedInputSchema>;

/** The coordinator toggles completed ↔ pending; set_task_completed() keeps completed_at consistent. */
export async function setTaskCompleted(input: SetTaskCompletedInput) {
  const { taskId, completed } = setTaskCompletedInputSchema.parse(input);
  return throwIfError(await supabase.rpc('set_task_completed', { task_id: taskId, completed }));
}

export function useSetTaskCompleted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTaskCompleted,
    onSuccess: (_task, { listingId }) => invalidateTasks(queryClient, listingId),
    onError: (error) => toastFailure('Failed to update requirement', error),
  });
}
