import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toastFailure } from '@/lib/toast-failure';

/**
 * A write whose success refetches the query it changed (the mutation stays
 * pending until the fresh rows are in) and whose failure shows the spec's
 * destructive toast titled `failure`. `success` runs once the fresh rows are
 * in, even when the component that started the write has left (e.g. a row
 * the refetch removed), so a confirmation toast is not lost.
 */
export function useRefetchingMutation<TInput, TData>({
  mutationFn,
  refetch,
  failure,
  success,
}: {
  mutationFn: (input: TInput) => Promise<TData>;
  refetch: (input: TInput) => QueryKey;
  failure: string;
  success?: (data: TData, input: TInput) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, input) => {
      await queryClient.invalidateQueries({ queryKey: refetch(input) });
      success?.(data, input);
    },
    onError: (error) => toastFailure(failure, error),
  });
}
