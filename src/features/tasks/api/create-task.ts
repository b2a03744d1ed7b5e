import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { invalidateTasks } from '@/features/tasks/api/query-keys';

/** Spec part 1 §9: tasks created from the detail screen are high priority. */
export const NEW_TASK_PRIORITY = 'high';

export const createTaskInputSchema = z.object({
  listingId: z.uuid(),
  createdById: z.uuid(),
  assignedToId: z.uuid(),
  title: z.string().trim().min(1, 'Required').max(255),
  description: z.string().trim().max(10000).optional(),
});
export type CreateTaskInput = z.infer<typeof createTaskInputSchema>;

/** RLS admits the listing's coordinator, assigning the listing's own agent, status pending. */
export async function createTask(input: CreateTaskInput) {
  const { listingId, createdById, assignedToId, title, description } = createTaskInputSchema.parse(input);
  return throwIfError(
    await supabase
      .from('tasks')
      .insert({
        listing_id: listingId,
        created_by_id: createdById,
        assigned_to_id: assignedToId,
        title,
        description: description || null,
        priority: NEW_TASK_PRIORITY,
        status: 'pending',
      })
      .select('id')
      .single(),
  );
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: (_row, { listingId }) => {
      void invalidateTasks(queryClient, listingId);
      toast({ title: 'Requirement assigned', description: 'Task has been assigned to the agent' });
    },
    onError: (error) => toastFailure('Failed to create task', error),
  });
}
