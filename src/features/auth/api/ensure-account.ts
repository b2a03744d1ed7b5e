import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/hooks/use-current-user';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

/**
 * Forced account creation (spec part 2 §7 /api/force-account-creation): a
 * sign-in without an account (made before the sign-up trigger) gets one.
 */
export function useEnsureAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => throwIfError(await supabase.rpc('ensure_account')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    onError: (error) => {
      toast({ title: 'Account Creation Failed', description: error.message || 'Failed to create account. Please try again.', variant: 'destructive' });
    },
  });
}
