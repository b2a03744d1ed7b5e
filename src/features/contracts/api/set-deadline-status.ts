import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { useContractMutation } from '@/features/contracts/hooks/use-contract-mutation';

export const DEADLINE_STATUSES = ['open', 'done', 'waived'] as const;

export const setDeadlineStatusInputSchema = z.object({ listingId: z.uuid(), deadlineId: z.uuid(), status: z.enum(DEADLINE_STATUSES) });
export type SetDeadlineStatusInput = z.infer<typeof setDeadlineStatusInputSchema>;

/** Marks a deadline done, waived, or open again; the database records who and when, and only while the contract is active. */
export async function setDeadlineStatus(input: SetDeadlineStatusInput) {
  const { deadlineId, status } = setDeadlineStatusInputSchema.parse(input);
  return throwIfError(await supabase.from('contract_deadlines').update({ status }).eq('id', deadlineId).select('id').single());
}

const CONFIRMATIONS: Record<SetDeadlineStatusInput['status'], string> = {
  done: 'Deadline marked done',
  waived: 'Deadline waived',
  open: 'Deadline reopened',
};

export function useSetDeadlineStatus() {
  return useContractMutation({
    mutationFn: setDeadlineStatus,
    failure: 'Failed to update deadline',
    success: (_data, { status }) => ({ title: CONFIRMATIONS[status] }),
  });
}
