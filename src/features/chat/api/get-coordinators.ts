import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { chatKeys } from '@/features/chat/api/query-keys';

/** Upper bound of one read: a firm has a handful of coordinators (the scale benchmark's has 100). */
const MAX_COORDINATORS = 200;

/** Coordinators one may invite (every tc reads every tc), by name. */
export async function getCoordinators() {
  return throwIfError(await supabase.from('users').select('id, first_name, last_name, email').eq('role', 'tc').order('first_name').order('last_name').limit(MAX_COORDINATORS));
}

export type Coordinator = Awaited<ReturnType<typeof getCoordinators>>[number];

export function coordinatorsQueryOptions() {
  return queryOptions({ queryKey: chatKeys.coordinators, queryFn: getCoordinators, staleTime: 60_000 });
}

export function useCoordinators(enabled: boolean) {
  return useQuery({ ...coordinatorsQueryOptions(), enabled });
}
