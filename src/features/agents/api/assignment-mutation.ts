import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { agentKeys } from '@/features/agents/api/query-keys';

/**
 * Assign and unassign share their reaction: the spec's success toast, every
 * agent list refetched (other coordinators hear it on their user topic,
 * table agent_assignments), or the failure toast with the server's message.
 */
export function useAssignmentMutation<TInput>(mutationFn: (input: TInput) => Promise<void>, messages: { success: string; failure: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      toast({ title: messages.success });
      await queryClient.invalidateQueries({ queryKey: agentKeys.all });
    },
    onError: (error) => toastFailure(messages.failure, error),
  });
}
