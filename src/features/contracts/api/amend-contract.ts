import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { contractFactsSchema, type ContractFormValues } from '@/features/contracts/api/contract-input';
import { useContractMutation } from '@/features/contracts/hooks/use-contract-mutation';

export const amendContractInputSchema = z.object({ listingId: z.uuid(), contractId: z.uuid(), values: contractFactsSchema });
export type AmendContractInput = { listingId: string; contractId: string; values: ContractFormValues };

/**
 * Saves changed facts of an active contract. The database recomputes its
 * key dates; hand-changed dates keep their override until someone returns
 * them to the computed date.
 */
export async function amendContract(input: AmendContractInput) {
  const { contractId, values } = amendContractInputSchema.parse(input);
  // The form stays what it was: an amendment changes the facts, not the contract form.
  const { form: _form, ...facts } = values;
  return throwIfError(await supabase.from('contracts').update(facts).eq('id', contractId).select('id').single());
}

export function useAmendContract() {
  return useContractMutation({
    mutationFn: amendContract,
    failure: 'Failed to amend contract',
    success: { title: 'Contract amended', description: 'The key dates were recomputed.' },
  });
}
