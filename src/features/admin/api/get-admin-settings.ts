import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfFunctionError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { adminKeys } from '@/features/admin/api/query-keys';

const settingsSchema = z.object({
  settings: z.object({
    role_switcher_email: z.string().nullable(),
    inbound_email_domain: z.string().nullable(),
    invitation_lifetime_days: z.number().int(),
  }),
  aiConfigured: z.boolean(),
});
export type AdminSettings = z.infer<typeof settingsSchema>;

/** The admin-settings Edge Function: database settings plus whether the functions have an AI key (never the key). */
export async function getAdminSettings(): Promise<AdminSettings> {
  return settingsSchema.parse(await throwIfFunctionError(await supabase.functions.invoke<unknown>('admin-settings', { method: 'GET' })));
}

export function adminSettingsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.settings, queryFn: getAdminSettings });
}

export function useAdminSettings({ enabled = true } = {}) {
  return useQuery({ ...adminSettingsQueryOptions(), enabled });
}
