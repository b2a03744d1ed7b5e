import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { invalidateTasks } from '@/features/tasks/api/query-keys';

export const resendTaskInputSchema = z.object({ listingId: z.uuid(), taskId: z.uuid() });
export type ResendTaskInput = z.infer<typeof resendTaskInputSchema>;

/** resend_task() marks a responded, open task unread again; a trigger notifies the agent. */
export async function resendTask(input: ResendTaskInput) {
  const { taskId } = resendTaskInputSchema.parse(input);
  return throwIfError(await supabase.rpc('resend_task', { task_id: taskId }));
}

export function useResendTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendTask,
    onSuccess: (_task, { listingId }) => {
      void invalidateTasks(queryClient, listingId);
      toast({ title: 'Requirement resent', description: 'The agent has been notified again.' });
    },
    onError: (error) => toastFailure('Failed to resend requirement', error),
  });
}
