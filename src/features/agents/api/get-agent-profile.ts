import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { agentKeys } from '@/features/agents/api/query-keys';

/**
 * What a coordinator sees of one agent. Never the MLS password: there is no
 * such column (it is only reachable by the agent through get_mls_password()).
 */
const PROFILE_COLUMNS =
  'id, first_name, last_name, email, phone, profile_image_url, license_number, brokerage, brokerage_address, mls_system, mls_username, assigned_tc_id, created_at, coordinator:assigned_tc_id(first_name, last_name)';

/**
 * The agent's account row, or null when it does not exist or RLS hides it
 * (another team's agent, an unassigned agent: only their coordinator and the
 * super admin read the whole row). A malformed id is simply not found.
 */
export async function getAgentProfile(agentId: string) {
  if (!z.uuid().safeParse(agentId).success) return null;
  return throwIfError(await supabase.from('users').select(PROFILE_COLUMNS).eq('id', agentId).eq('role', 'agent').maybeSingle());
}

export type AgentProfile = NonNullable<Awaited<ReturnType<typeof getAgentProfile>>>;

export function agentProfileQueryOptions(agentId: string) {
  return queryOptions({ queryKey: agentKeys.profile(agentId), queryFn: () => getAgentProfile(agentId) });
}

export function useAgentProfile(agentId: string) {
  return useQuery(agentProfileQueryOptions(agentId));
}
