import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toastFailure } from '@/lib/toast-failure';

/**
 * A write whose success refetches the query it changed (the mutation stays
 * pending until the fresh rows are in) and whose failure shows the spec's
 * destructive toast titled `failure`.
 */
export function useRefetchingMutation<TInput, TData>({
  mutationFn,
  refetch,
  failure,
}: {
  mutationFn: (input: TInput) => Promise<TData>;
  refetch: (input: TInput) => QueryKey;
  failure: string;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: refetch(input) }),
    onError: (error) => toastFailure(failure, error),
  });
}
