import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { onboardingKeys } from './query-keys';

export interface OnboardingInvitation {
  id: string;
  email: string;
  role: string;
  used: boolean;
  expired: boolean;
}

/**
 * The invitation behind an onboarding link, through get_invitation() (open to
 * anyone holding the id: it shows only e-mail, role, used, expired). Null for
 * an unknown id.
 */
async function getInvitation(invitationId: string): Promise<OnboardingInvitation | null> {
  const rows = throwIfError(await supabase.rpc('get_invitation', { invitation_id: invitationId }));
  const row = rows[0];
  return row ? { id: row.id, email: row.email, role: row.role, used: row.used, expired: row.expired } : null;
}

export function invitationQueryOptions(invitationId: string) {
  return queryOptions({ queryKey: onboardingKeys.invitation(invitationId), queryFn: () => getInvitation(invitationId), retry: false });
}

export function useInvitation(invitationId: string) {
  return useQuery(invitationQueryOptions(invitationId));
}
