import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { useContractMutation } from '@/features/contracts/hooks/use-contract-mutation';

export const customDeadlineLabelSchema = z.string().trim().min(1, 'Required').max(200, 'At most 200 characters');

export const addCustomDeadlineInputSchema = z.object({
  listingId: z.uuid(),
  contractId: z.uuid(),
  label: customDeadlineLabelSchema,
  dueAt: z.iso.datetime({ offset: true }),
});
export type AddCustomDeadlineInput = z.input<typeof addCustomDeadlineInputSchema>;

/** A deadline people add themselves (e.g. 'HOA documents'); its date is the override, it has no rule. */
export async function addCustomDeadline(input: AddCustomDeadlineInput) {
  const { listingId, contractId, label, dueAt } = addCustomDeadlineInputSchema.parse(input);
  return throwIfError(
    await supabase
      .from('contract_deadlines')
      // The database names the key (custom_<n>) and copies the listing from the contract; these only satisfy the column types.
      .insert({ contract_id: contractId, listing_id: listingId, key: 'custom', label, due_at_override: dueAt })
      .select('id')
      .single(),
  );
}

export function useAddCustomDeadline() {
  return useContractMutation({ mutationFn: addCustomDeadline, failure: 'Failed to add deadline', success: { title: 'Deadline added' } });
}
