import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { invalidateTasks } from '@/features/tasks/api/query-keys';

/** Spec part 1 §9: tasks created from the detail screen are high priority. */
export const NEW_TASK_PRIORITY = 'high';

/** Spec part 2 §4: the priorities a coordinator picks from on the dashboard (check constraint on tasks.priority). */
export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const createTaskInputSchema = z.object({
  listingId: z.uuid(),
  createdById: z.uuid(),
  assignedToId: z.uuid(),
  title: z.string().trim().min(1, 'Required').max(255),
  description: z.string().trim().max(10000).optional(),
  /** Omitted: the detail screen's high priority. */
  priority: z.enum(TASK_PRIORITIES).default(NEW_TASK_PRIORITY),
  /** A calendar date (yyyy-mm-dd) or nothing. */
  dueDate: z.iso.date('Enter a valid date').nullish(),
});
export type CreateTaskInput = z.input<typeof createTaskInputSchema>;

/** RLS admits the listing's coordinator, assigning the listing's own agent, status pending. */
export async function createTask(input: CreateTaskInput) {
  const { listingId, createdById, assignedToId, title, description, priority, dueDate } = createTaskInputSchema.parse(input);
  return throwIfError(
    await supabase
      .from('tasks')
      .insert({
        listing_id: listingId,
        created_by_id: createdById,
        assigned_to_id: assignedToId,
        title,
        description: description || null,
        priority,
        due_date: dueDate ?? null,
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
