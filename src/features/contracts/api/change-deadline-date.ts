import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { useContractMutation } from '@/features/contracts/hooks/use-contract-mutation';

export const changeDeadlineDateInputSchema = z.object({ listingId: z.uuid(), deadlineId: z.uuid(), dueAt: z.iso.datetime({ offset: true }) });
export type ChangeDeadlineDateInput = z.infer<typeof changeDeadlineDateInputSchema>;

/** A date changed by hand (due_at_override): the computed date stays beside it, and amendments keep it until recomputed. */
export async function changeDeadlineDate(input: ChangeDeadlineDateInput) {
  const { deadlineId, dueAt } = changeDeadlineDateInputSchema.parse(input);
  return throwIfError(await supabase.from('contract_deadlines').update({ due_at_override: dueAt }).eq('id', deadlineId).select('id').single());
}

export function useChangeDeadlineDate() {
  return useContractMutation({ mutationFn: changeDeadlineDate, failure: 'Failed to change the date', success: { title: 'Date changed' } });
}
