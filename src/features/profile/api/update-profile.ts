import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { currentUserQueryKey } from '@/hooks/use-current-user';
import { toast } from '@/hooks/use-toast';
import { ApiError, isUnauthorized, throwIfError, toApiError } from '@/lib/api-error';
import type { TablesUpdate } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';
import { profileKeys } from '@/features/profile/api/query-keys';

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

/** The agent's profile (spec part 2 §5): the contact fields plus optional MLS and brokerage fields (limits as the columns'). */
export const agentProfileSchema = profileContactSchema.extend({
  mlsSystem: optionalText(255),
  mlsUsername: optionalText(255),
  licenseNumber: optionalText(100),
  brokerage: optionalText(255),
  brokerageAddress: optionalText(500),
});
export type AgentProfileValues = z.input<typeof agentProfileSchema>;

/** A new MLS password: what set_mls_password() accepts (not blank, at most 255 characters). */
export const mlsPasswordSchema = z
  .string()
  .max(255, 'At most 255 characters')
  .refine((value) => value.trim() !== '', 'The MLS password cannot be blank');

/** The users column each profile field is stored in. */
const COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  phone: 'phone',
  mlsSystem: 'mls_system',
  mlsUsername: 'mls_username',
  licenseNumber: 'license_number',
  brokerage: 'brokerage',
  brokerageAddress: 'brokerage_address',
} as const satisfies Partial<Record<keyof AgentProfileValues, keyof TablesUpdate<'users'>>>;

export const updateProfileInputSchema = z.object({
  accountId: z.uuid(),
  /** The verified address the account shows now: only a different one starts Auth's e-mail change. */
  currentEmail: z.string(),
  /** The contact fields, and the agent fields the form shows (an omitted one is left as stored). */
  values: agentProfileSchema.partial({ mlsSystem: true, mlsUsername: true, licenseNumber: true, brokerage: true, brokerageAddress: true }),
  /** Omitted: keep the stored MLS password; null: clear it; text: store it (encrypted by set_mls_password()). */
  mlsPassword: mlsPasswordSchema.nullable().optional(),
  /** Where the confirmation link leads back to. */
  emailRedirectTo: z.url(),
});
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>;

/**
 * Writes the profile columns of the active account, then the MLS password
 * when it changes, then, when the e-mail differs, asks Auth to change it: Auth
 * mails a confirmation link to the new address, and only once it is followed
 * does the database copy the address into users.email (public.users.email
 * itself is not writable). Returns the address awaiting confirmation, if one
 * was requested.
 */
export async function updateProfile(input: UpdateProfileInput): Promise<{ pendingEmail: string | null }> {
  const parsed = updateProfileInputSchema.safeParse(input);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid profile');
  const { accountId, currentEmail, values, mlsPassword, emailRedirectTo } = parsed.data;
  const patch: TablesUpdate<'users'> = {};
  for (const [field, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, (typeof COLUMNS)[keyof typeof COLUMNS]][]) {
    if (values[field] !== undefined) patch[column] = values[field];
  }
  const rows = throwIfError(await supabase.from('users').update(patch).eq('id', accountId).select('id'));
  if (rows.length === 0) throw new ApiError(403, 'You can only edit your own profile.');

  // The generated argument type says text only; the function takes null as "clear".
  if (mlsPassword !== undefined) throwIfError(await supabase.rpc('set_mls_password', { password: mlsPassword as string }));

  if (values.email.toLowerCase() === currentEmail.toLowerCase()) return { pendingEmail: null };
  const { error } = await supabase.auth.updateUser({ email: values.email }, { emailRedirectTo });
  if (error) throw toApiError(error);
  return { pendingEmail: values.email };
}

/**
 * Saves the profile. `errorTitle` is the failure toast's title (spec part 2
 * §8: 'Error', and 'Update failed' for the coordinator); its text is the
 * server's message, else 'Failed to update profile. Please try again.'.
 */
export function useUpdateProfile({ onSaved, errorTitle }: { onSaved?: (result: { pendingEmail: string | null }) => void; errorTitle: string }) {
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
      toast({ title: errorTitle, description: message, variant: 'destructive' });
    },
    // Names may have changed even when a later step failed: the sidebar and this screen re-read the account.
    onSettled: (_result, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileKeys.mlsPassword(input.accountId) }),
      ]),
  });
}
