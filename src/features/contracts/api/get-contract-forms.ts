import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { contractKeys } from '@/features/contracts/api/query-keys';

/**
 * The contract forms with their deadline rules (public.contract_forms and
 * public.deadline_rules): the form's full name and time zone, and each day
 * count's default, so the form shows what an empty field will mean.
 * Written only by migrations, so read once per session.
 */
export async function getContractForms() {
  return throwIfError(
    await supabase
      .from('contract_forms')
      .select('key, label, time_zone, start_fact, deadline_rules(key, label, position, days_fact, default_days)')
      .order('key')
      .order('position', { referencedTable: 'deadline_rules' }),
  );
}

export type ContractForm = Awaited<ReturnType<typeof getContractForms>>[number];

export function contractFormsQueryOptions() {
  return queryOptions({ queryKey: contractKeys.forms, queryFn: getContractForms, staleTime: Infinity });
}

export function useContractForms() {
  return useQuery(contractFormsQueryOptions());
}

/** The default a rule applies when the day count is left empty (e.g. title commitment 20), or null when the rule then does not apply. */
export function defaultDays(form: ContractForm | undefined, dayField: string): number | null {
  return form?.deadline_rules.find((rule) => rule.days_fact === dayField)?.default_days ?? null;
}
