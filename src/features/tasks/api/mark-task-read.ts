import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { invalidateTasks } from '@/features/tasks/api/query-keys';

export const markTaskReadInputSchema = z.object({ listingId: z.uuid(), taskId: z.uuid() });
export type MarkTaskReadInput = z.infer<typeof markTaskReadInputSchema>;

export async function markTaskRead(input: MarkTaskReadInput) {
  const { taskId } = markTaskReadInputSchema.parse(input);
  throwIfError(await supabase.rpc('mark_task_read', { task_id: taskId }));
}

/** Opening the response dialog on an unread task marks it read; a failure only leaves the 'NEW' badge, so no toast. */
export function useMarkTaskRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markTaskRead,
    onSuccess: (_data, { listingId }) => invalidateTasks(queryClient, listingId),
  });
}
