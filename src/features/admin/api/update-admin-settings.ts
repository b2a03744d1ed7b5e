import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { settingsKeys } from '@/lib/settings-query-keys';
import { supabase } from '@/lib/supabase';
import { useAdminMutation } from '@/features/admin/hooks/use-admin-mutation';

export const updateAdminSettingsInputSchema = z.object({
  inboundEmailDomain: z.string().trim().max(253),
  invitationLifetimeDays: z.coerce.number().int('Whole days only').min(1, 'At least 1 day').max(90, 'At most 90 days'),
});
export type UpdateAdminSettingsInput = z.input<typeof updateAdminSettingsInputSchema>;

/** update_admin_settings(): super admins only; the database validates the domain too (400 with its message). */
export async function updateAdminSettings(input: UpdateAdminSettingsInput): Promise<void> {
  const { inboundEmailDomain, invitationLifetimeDays } = updateAdminSettingsInputSchema.parse(input);
  throwIfError(await supabase.rpc('update_admin_settings', { inbound_email_domain: inboundEmailDomain, invitation_lifetime_days: invitationLifetimeDays }));
}

export function useUpdateAdminSettings() {
  const queryClient = useQueryClient();
  return useAdminMutation({
    mutationFn: updateAdminSettings,
    success: { title: 'Settings saved' },
    failure: 'Failed to save settings',
    // The listing screens cache the forwarding domain for the session: they must show the new one.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
