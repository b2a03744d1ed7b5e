import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { adminKeys } from '@/features/admin/api/query-keys';

/**
 * A write of the admin console: on success the spec's toast and every admin
 * list and count refetched (a deletion moves totals and pages together); on
 * failure the spec's destructive toast titled `failure` with the server's message.
 */
export function useAdminMutation<TInput, TData>({
  mutationFn,
  success,
  failure,
  onSuccess,
}: {
  mutationFn: (input: TInput) => Promise<TData>;
  success: { title: string; description?: string };
  failure: string;
  onSuccess?: (data: TData) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data) => {
      toast(success);
      onSuccess?.(data);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => toastFailure(failure, error),
  });
}
