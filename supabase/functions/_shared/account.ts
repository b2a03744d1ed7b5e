/**
 * The account a sign-in acts as (its active account, else its oldest: the
 * rule of private.current_account_id()), decided by the database in one call
 * (public.current_account()) instead of each function re-deriving it from
 * users and active_accounts.
 */
import type { SupabaseClient } from './deps.ts';
import { HttpError } from './http.ts';

export interface ActingAccount {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  role: string;
  original_role: string | null;
  assigned_tc_id: string | null;
  profile_image_url: string | null;
}

/** The caller's acting account under RLS, or null when the sign-in has none; `db` acts as the caller. */
export async function actingAccount(db: SupabaseClient): Promise<ActingAccount | null> {
  const { data, error, status } = await db.rpc('current_account');
  // The database refusing the token (one that expired since it was checked) is the caller's 401, not a failure.
  if (status === 401) throw new HttpError(401, 'unauthorized', 'Unauthorized');
  if (error) throw new Error(`current_account failed: ${error.message}`);
  return (data as ActingAccount | null) ?? null;
}

/** A super admin, also while viewing the app as another role (as the database's private.is_super_admin()). */
export function isSuperAdmin(account: ActingAccount): boolean {
  return account.role === 'super_admin' || account.original_role === 'super_admin';
}

/** Coordinators and super admins (also while a super admin views the app as another role). */
export function coordinatesOrAdmin(account: ActingAccount): boolean {
  return account.role === 'tc' || isSuperAdmin(account);
}
