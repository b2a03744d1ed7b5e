import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { contractFactsSchema, type ContractFormValues } from '@/features/contracts/api/contract-input';
import { useContractMutation } from '@/features/contracts/hooks/use-contract-mutation';

export const recordContractInputSchema = z.object({ listingId: z.uuid(), values: contractFactsSchema });
export type RecordContractInput = { listingId: string; values: ContractFormValues };

/**
 * Records the listing's active contract. The database checks who may (the
 * listing's agent, its coordinator, a super admin), refuses a second active
 * one (409), computes the deadlines and puts the listing under contract.
 */
export async function recordContract(input: RecordContractInput) {
  const { listingId, values } = recordContractInputSchema.parse(input);
  return throwIfError(
    await supabase
      .from('contracts')
      // An empty time zone is the form's own (America/Chicago for TREC…), filled in by the database.
      .insert({ ...values, listing_id: listingId, time_zone: '' })
      .select('id')
      .single(),
  );
}

export function useRecordContract() {
  return useContractMutation({
    mutationFn: recordContract,
    failure: 'Failed to record contract',
    success: { title: 'Contract recorded', description: 'The key dates are on the timeline and the listing is under contract.' },
  });
}
