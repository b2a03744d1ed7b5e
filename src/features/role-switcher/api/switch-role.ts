import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { paths } from '@/config/paths';
import { roleSchema, type Role } from '@/hooks/use-current-user';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

/** Without a target the database toggles agent → tc → super_admin → agent (spec part 1 §2). */
export const switchRoleInputSchema = z.object({ target: z.optional(roleSchema) });
export type SwitchRoleInput = z.infer<typeof switchRoleInputSchema>;

/** Calls switch_role(), which refuses every sign-in but the privileged one. Returns the new role. */
export async function switchRole(input: SwitchRoleInput): Promise<Role> {
  const { target } = switchRoleInputSchema.parse(input);
  const newRole = throwIfError(await supabase.rpc('switch_role', target ? { target } : {}));
  return roleSchema.parse(newRole);
}

/**
 * Spec part 1 §4: on success toast 'Role Updated' / 'Switched to {ROLE} view',
 * drop every cached query (the data visible to the new role differs) and go to `/`.
 */
export function useSwitchRole() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: switchRole,
    onSuccess: async (role) => {
      toast({ title: 'Role Updated', description: `Switched to ${role.toUpperCase()} view` });
      queryClient.clear();
      await navigate(paths.home.getHref());
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to switch role. Please try again.', variant: 'destructive' });
    },
  });
}
