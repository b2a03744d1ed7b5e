import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { contractKeys } from '@/features/contracts/api/query-keys';

const PERSON = 'first_name, last_name' as const;

export const DEADLINE_COLUMNS =
  `id, contract_id, listing_id, key, label, computed_due_at, due_at_override, due_at, rule, is_custom, status, done_at, waived_at, done_by_user:users!contract_deadlines_done_by_fkey(${PERSON}), waived_by_user:users!contract_deadlines_waived_by_fkey(${PERSON})` as const;

/**
 * Every contract of the listing, newest first (the active one, then earlier
 * closed or terminated ones), each with its deadlines by due date. RLS shows
 * them to the people on the listing; everyone else gets none.
 */
export async function getContracts(listingId: string) {
  return throwIfError(
    await supabase
      .from('contracts')
      .select(`*, deadlines:contract_deadlines(${DEADLINE_COLUMNS})`)
      .eq('listing_id', listingId)
      .order('created_at', { ascending: false })
      // Embedded rows are ordered under their alias.
      .order('due_at', { referencedTable: 'deadlines', ascending: true })
      .order('key', { referencedTable: 'deadlines', ascending: true }),
  );
}

export type Contract = Awaited<ReturnType<typeof getContracts>>[number];
export type ContractDeadline = Contract['deadlines'][number];

export function contractsQueryOptions(listingId: string) {
  return queryOptions({ queryKey: contractKeys.byListing(listingId), queryFn: () => getContracts(listingId) });
}

export function useContracts(listingId: string) {
  return useQuery(contractsQueryOptions(listingId));
}
