import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

export const switchAccountInputSchema = z.object({ accountId: z.uuid() });
export type SwitchAccountInput = z.infer<typeof switchAccountInputSchema>;

/** switch_account() accepts only the caller's own accounts and makes one active for every later request. */
export async function switchAccount(input: SwitchAccountInput) {
  const { accountId } = switchAccountInputSchema.parse(input);
  return throwIfError(await supabase.rpc('switch_account', { account_id: accountId }));
}

/** After a switch every cached row may belong to the other account's view, so the whole cache goes. */
export function useSwitchAccount({ onSwitched }: { onSwitched?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchAccount,
    onSuccess: () => {
      queryClient.clear();
      onSwitched?.();
    },
    onError: (error) => {
      toast({ title: 'Error', description: error.message || 'Failed to switch account. Please try again.', variant: 'destructive' });
    },
  });
}
