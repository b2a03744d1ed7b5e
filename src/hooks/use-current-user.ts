import { queryOptions, useQuery } from '@tanstack/react-query';
// zod/mini keeps the shell's first download small (see scripts/bundle-size.ts).
import { z } from 'zod/mini';
import { ApiError, throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

export const roleSchema = z.enum(['agent', 'tc', 'super_admin']);
export type Role = z.infer<typeof roleSchema>;

/** The active account of the signed-in person (spec part 2 §3 "User"), plus what the database says about the role switcher. */
export interface CurrentUser {
  /** public.users.id of the active account: what agent_id, tc_id, user_id, sender_id… reference. */
  id: string;
  role: Role;
  /** The true role while the role switcher impersonates another one, else null. */
  originalRole: Role | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
  /** An address awaiting confirmation through Auth's e-mail change (auth user's new_email), else null. */
  pendingEmail: string | null;
  phone: string | null;
  assignedTcId: string | null;
  profileImageUrl: string | null;
  mlsSystem: string | null;
  mlsUsername: string | null;
  licenseNumber: string | null;
  brokerage: string | null;
  brokerageAddress: string | null;
  createdAt: string;
  /** Decided by the database (can_switch_role()); never by comparing e-mails in the browser. */
  canSwitchRole: boolean;
}

/** Auth answers for a token that no longer has a session; to the app these mean "logged out". */
const SESSION_GONE_STATUSES = new Set([401, 403]);

async function getCurrentUser(): Promise<CurrentUser | null> {
  // Local read first: no stored session simply means signed out, not an error.
  const { data: stored } = await supabase.auth.getSession();
  if (!stored.session) return null;

  // Ask the auth server, so a session revoked elsewhere is noticed (the JWT alone would still pass PostgREST).
  const { data: auth, error: authError } = await supabase.auth.getUser();
  if (authError) {
    if (authError.name === 'AuthSessionMissingError' || SESSION_GONE_STATUSES.has(authError.status ?? 0)) {
      throw new ApiError(401, 'Unauthorized', { code: authError.code, cause: authError });
    }
    throw new ApiError(authError.status ?? 500, authError.message, { code: authError.code, cause: authError });
  }
  const authUserId = auth.user.id;

  const [accounts, active, canSwitchRole] = await Promise.all([
    supabase.from('users').select('*').eq('auth_user_id', authUserId).order('created_at'),
    supabase.from('active_accounts').select('user_id').eq('auth_user_id', authUserId).maybeSingle(),
    supabase.rpc('can_switch_role'),
  ]);
  const rows = throwIfError(accounts);
  const activeId = throwIfError(active)?.user_id;
  // Without an active_accounts row the sign-in acts as its oldest account (docs/data-model.md).
  const row = rows.find((r) => r.id === activeId) ?? rows[0];
  if (!row) return null;

  // The column is checked by the database; an unknown value falls back to the agent's (least privileged) screens.
  const role = z.catch(roleSchema, 'agent').parse(row.role);
  const originalRole = row.original_role ? z.catch(roleSchema, 'agent').parse(row.original_role) : null;
  return {
    id: row.id,
    role,
    originalRole,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    pendingEmail: auth.user.new_email || null,
    phone: row.phone,
    assignedTcId: row.assigned_tc_id,
    profileImageUrl: row.profile_image_url,
    mlsSystem: row.mls_system,
    mlsUsername: row.mls_username,
    licenseNumber: row.license_number,
    brokerage: row.brokerage,
    brokerageAddress: row.brokerage_address,
    createdAt: row.created_at,
    canSwitchRole: throwIfError(canSwitchRole) === true,
  };
}

export const currentUserQueryKey = ['current-user'] as const;

export function currentUserQueryOptions() {
  return queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser });
}

/** The active account, or null when signed out (or the sign-in has no account yet). */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
