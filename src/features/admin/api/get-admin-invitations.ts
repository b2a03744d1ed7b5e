import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { searchAndPageAdmin, type AdminPageParams } from '@/features/admin/api/admin-page';
import { adminKeys } from '@/features/admin/api/query-keys';

const INVITATION_COLUMNS = 'id, email, role, used, used_at, expires_at, created_at';

/** A page of every invitation, newest first, searched by e-mail in the database (RLS: super admins only). */
export async function getAdminInvitations(params: AdminPageParams) {
  const query = supabase.from('invitations').select(INVITATION_COLUMNS, { count: 'exact' }).order('created_at', { ascending: false }).order('id');
  const result = await searchAndPageAdmin(query, ['email'], params);
  return { rows: throwIfError(result), total: result.count ?? 0 };
}

export type AdminInvitation = Awaited<ReturnType<typeof getAdminInvitations>>['rows'][number];

/** Spec §4: pending until used; an unused invitation past its expiry no longer works. */
export function invitationState(invitation: Pick<AdminInvitation, 'used' | 'expires_at'>, now = Date.now()): 'used' | 'pending' | 'expired' {
  if (invitation.used) return 'used';
  return new Date(invitation.expires_at).getTime() <= now ? 'expired' : 'pending';
}

export function adminInvitationsQueryOptions(params: AdminPageParams) {
  return queryOptions({ queryKey: [...adminKeys.invitations, params] as const, queryFn: () => getAdminInvitations(params), placeholderData: keepPreviousData });
}

export function useAdminInvitations(params: AdminPageParams) {
  return useQuery(adminInvitationsQueryOptions(params));
}
