import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { useContractMutation } from '@/features/contracts/hooks/use-contract-mutation';

export const recomputeDeadlineInputSchema = z.object({ listingId: z.uuid(), deadlineId: z.uuid() });
export type RecomputeDeadlineInput = z.infer<typeof recomputeDeadlineInputSchema>;

/** recompute_contract_deadline(): a hand-changed date goes back to the one the form's rule computes. */
export async function recomputeDeadline(input: RecomputeDeadlineInput) {
  const { deadlineId } = recomputeDeadlineInputSchema.parse(input);
  return throwIfError(await supabase.rpc('recompute_contract_deadline', { deadline_id: deadlineId }));
}

export function useRecomputeDeadline() {
  return useContractMutation({ mutationFn: recomputeDeadline, failure: 'Failed to restore the computed date', success: { title: 'Back to the computed date' } });
}
