import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { invalidateContracts } from '@/features/contracts/api/query-keys';

/**
 * A write to a listing's contract or deadlines: on success it refetches what
 * the write changed (invalidateContracts) before it counts as done, so the
 * timeline never shows the old state after the confirmation; on failure the
 * database's refusal is shown as it came (e.g. '403: only the listing's
 * coordinator closes or terminates a contract').
 */
export function useContractMutation<TInput extends { listingId: string }, TData>({
  mutationFn,
  failure,
  success,
}: {
  mutationFn: (input: TInput) => Promise<TData>;
  failure: string;
  success?: { title: string; description?: string } | ((data: TData, input: TInput) => { title: string; description?: string });
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, input) => {
      await invalidateContracts(queryClient, input.listingId);
      if (success) toast(typeof success === 'function' ? success(data, input) : success);
    },
    onError: (error) => toastFailure(failure, error),
  });
}
