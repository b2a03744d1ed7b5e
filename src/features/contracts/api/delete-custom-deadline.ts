import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { useContractMutation } from '@/features/contracts/hooks/use-contract-mutation';

export const deleteCustomDeadlineInputSchema = z.object({ listingId: z.uuid(), deadlineId: z.uuid() });
export type DeleteCustomDeadlineInput = z.infer<typeof deleteCustomDeadlineInputSchema>;

/** Only deadlines people added can be deleted; a form's key date is waived instead (the database refuses with 403). */
export async function deleteCustomDeadline(input: DeleteCustomDeadlineInput) {
  const { deadlineId } = deleteCustomDeadlineInputSchema.parse(input);
  return throwIfError(await supabase.from('contract_deadlines').delete().eq('id', deadlineId).select('id').single());
}

export function useDeleteCustomDeadline() {
  return useContractMutation({ mutationFn: deleteCustomDeadline, failure: 'Failed to delete deadline', success: { title: 'Deadline deleted' } });
}
