import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { requiredText } from '@/lib/required-text';
import { supabase } from '@/lib/supabase';
import { useContractMutation } from '@/features/contracts/hooks/use-contract-mutation';

/** Trimmed as the database trims it (private.trim_text): a reason of whitespace of any kind is none. */
export const terminationReasonSchema = requiredText('A reason is required', 1000, 'At most 1,000 characters');

export const terminateContractInputSchema = z.object({ listingId: z.uuid(), contractId: z.uuid(), reason: terminationReasonSchema });
export type TerminateContractInput = z.input<typeof terminateContractInputSchema>;

/** terminate_contract(): the listing's coordinator or a super admin, with a reason; the listing returns to Live. */
export async function terminateContract(input: TerminateContractInput) {
  const { contractId, reason } = terminateContractInputSchema.parse(input);
  return throwIfError(await supabase.rpc('terminate_contract', { contract_id: contractId, reason }));
}

export function useTerminateContract() {
  return useContractMutation({
    mutationFn: terminateContract,
    failure: 'Failed to terminate contract',
    success: { title: 'Contract terminated', description: 'The listing is Live again.' },
  });
}
