import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { currentUserQueryKey } from '@/hooks/use-current-user';
import { toast } from '@/hooks/use-toast';
import { ApiError, isUnauthorized, throwIfError, toApiError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((v) => v || null);

/** The contact fields of a profile (spec part 2 §5); the agent profile extends it with MLS and brokerage fields. */
export const profileContactSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100, 'At most 100 characters'),
  lastName: z.string().trim().min(1, 'Last name is required').max(100, 'At most 100 characters'),
  email: z.string().trim().pipe(z.email('Valid email is required').max(255, 'At most 255 characters')),
  phone: optionalText(50),
});
export type ProfileContactValues = z.input<typeof profileContactSchema>;
export type ProfileContact = z.output<typeof profileContactSchema>;

export const updateProfileInputSchema = z.object({
  accountId: z.uuid(),
  /** The verified address the account shows now: only a different one starts Auth's e-mail change. */
  currentEmail: z.string(),
  values: profileContactSchema,
  /** Where the confirmation link leads back to. */
  emailRedirectTo: z.url(),
});
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>;

/**
 * Writes the profile columns of the active account, then, when the e-mail
 * differs, asks Auth to change it: Auth mails a confirmation link to the new
 * address, and only once it is followed does the database copy the address
 * into users.email (public.users.email itself is not writable).
 * Returns the address awaiting confirmation, if one was requested.
 */
export async function updateProfile(input: UpdateProfileInput): Promise<{ pendingEmail: string | null }> {
  const parsed = updateProfileInputSchema.safeParse(input);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid profile');
  const { accountId, currentEmail, values, emailRedirectTo } = parsed.data;
  const rows = throwIfError(
    await supabase
      .from('users')
      .update({ first_name: values.firstName, last_name: values.lastName, phone: values.phone })
      .eq('id', accountId)
      .select('id'),
  );
  if (rows.length === 0) throw new ApiError(403, 'You can only edit your own profile.');

  if (values.email.toLowerCase() === currentEmail.toLowerCase()) return { pendingEmail: null };
  const { error } = await supabase.auth.updateUser({ email: values.email }, { emailRedirectTo });
  if (error) throw toApiError(error);
  return { pendingEmail: values.email };
}

export function useUpdateProfile({ onSaved }: { onSaved?: (result: { pendingEmail: string | null }) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (result) => {
      toast({
        title: 'Profile updated',
        description: result.pendingEmail ? `Check your inbox at ${result.pendingEmail} to confirm the new e-mail address.` : undefined,
      });
      onSaved?.(result);
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      const message = error instanceof Error && error.message ? error.message : 'Failed to update profile. Please try again.';
      toast({ title: 'Update failed', description: message, variant: 'destructive' });
    },
    // Names may have changed even when the e-mail change failed: the sidebar and this screen re-read the account.
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
