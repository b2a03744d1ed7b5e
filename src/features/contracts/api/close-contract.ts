import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { useContractMutation } from '@/features/contracts/hooks/use-contract-mutation';

export const closeContractInputSchema = z.object({ listingId: z.uuid(), contractId: z.uuid() });
export type CloseContractInput = z.infer<typeof closeContractInputSchema>;

/** close_contract(): the listing's coordinator or a super admin; the listing becomes Closed. */
export async function closeContract(input: CloseContractInput) {
  const { contractId } = closeContractInputSchema.parse(input);
  return throwIfError(await supabase.rpc('close_contract', { contract_id: contractId }));
}

export function useCloseContract() {
  return useContractMutation({
    mutationFn: closeContract,
    failure: 'Failed to close contract',
    success: { title: 'Contract closed', description: 'The listing is now Closed.' },
  });
}
