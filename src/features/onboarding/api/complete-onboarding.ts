import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { currentUserQueryKey } from '@/hooks/use-current-user';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { onboardingKeys } from './query-keys';

const requiredName = (message: string) => z.string().check(z.trim(), z.minLength(1, message), z.maxLength(100, 'At most 100 characters'));

export const completeOnboardingInputSchema = z.object({
  invitationId: z.uuid(),
  firstName: requiredName('First name is required'),
  lastName: requiredName('Last name is required'),
  /** Only for an invitee whose sign-in has no password yet (made by the invitation). */
  password: z.optional(z.string().check(z.minLength(8, 'At least 8 characters'))),
});
export type CompleteOnboardingInput = z.input<typeof completeOnboardingInputSchema>;

export interface OnboardingResult {
  accountReady: boolean;
  role: string | null;
}

/** Sets the password when needed, then complete_onboarding(): the account of the invited role, invitation used, in one transaction. */
export async function completeOnboarding(input: CompleteOnboardingInput): Promise<OnboardingResult> {
  const { invitationId, firstName, lastName, password } = completeOnboardingInputSchema.parse(input);
  if (password) {
    const { error } = await supabase.auth.updateUser({ password });
    if (error) throw error;
  }
  const answer = throwIfError(await supabase.rpc('complete_onboarding', { invitation_id: invitationId, first_name: firstName, last_name: lastName })) as {
    account_ready?: boolean;
    role?: string;
  } | null;
  return { accountReady: answer?.account_ready === true, role: answer?.role ?? null };
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: currentUserQueryKey }), queryClient.invalidateQueries({ queryKey: onboardingKeys.all })]),
    onError: (error) => {
      toast({ title: 'Setup failed', description: error.message || 'Failed to complete account setup', variant: 'destructive' });
    },
  });
}
