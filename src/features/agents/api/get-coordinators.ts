import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { agentKeys } from '@/features/agents/api/query-keys';

/** Upper bound of the coordinator chooser; a firm has a handful of coordinators. */
const MAX_COORDINATORS = 200;

/** Coordinator accounts (a super admin chooses whose agents to manage; tcs may read every tc). */
export async function getCoordinators() {
  return throwIfError(
    await supabase
      .from('users')
      .select('id, first_name, last_name, email')
      .eq('role', 'tc')
      .order('first_name')
      .order('last_name')
      .limit(MAX_COORDINATORS),
  );
}

export type Coordinator = Awaited<ReturnType<typeof getCoordinators>>[number];

export function coordinatorsQueryOptions() {
  return queryOptions({ queryKey: [...agentKeys.all, 'coordinators'] as const, queryFn: getCoordinators });
}

export function useCoordinators({ enabled = true } = {}) {
  return useQuery({ ...coordinatorsQueryOptions(), enabled });
}
