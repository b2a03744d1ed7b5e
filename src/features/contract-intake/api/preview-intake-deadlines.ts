import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import type { ContractColumns } from '@/features/contract-intake/lib/review-state';

/** The facts preview_contract_deadlines() reads, as private.contract_facts() builds them from a saved contract. */
function engineFacts(contract: ContractColumns): Record<string, string | number | boolean> {
  const facts: Record<string, string | number | boolean> = { acceptance_date: contract.effective_date as string, all_cash: contract.financing_type === 'cash' };
  for (const [key, value] of Object.entries(contract)) {
    if (key !== 'form' && value !== null && (key.endsWith('_days') || key.endsWith('_date'))) facts[key] = value;
  }
  return facts;
}

/** The key dates the reviewed facts will give, from the function that computes a saved contract's deadlines. */
export function useIntakeDeadlinePreview(contract: ContractColumns | null) {
  const facts = contract ? engineFacts(contract) : null;
  return useQuery({
    queryKey: ['contract-intake', 'preview', contract?.form ?? '', facts],
    queryFn: async () => throwIfError(await supabase.rpc('preview_contract_deadlines', { form: contract!.form, facts: facts! })),
    enabled: contract !== null && Boolean(contract.effective_date),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
