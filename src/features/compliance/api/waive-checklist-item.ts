import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { requiredText } from '@/lib/required-text';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';

export const waiveChecklistItemInputSchema = z.object({
  listingId: z.uuid(),
  itemId: z.uuid(),
  // Trimmed as the database trims it (private.trim_text): a reason of whitespace of any kind is none.
  reason: requiredText('A reason is required to waive a requirement', 1000, 'Keep the reason under 1,000 characters'),
});
export type WaiveChecklistItemInput = z.input<typeof waiveChecklistItemInputSchema>;

/**
 * Waives a required document with a reason (the listing's coordinator or a super admin): the item stays on the
 * checklist marked "Waived by …: reason", the gate counts it as met, and the activity log records it. A required
 * document is never deleted.
 */
export async function waiveChecklistItem(input: WaiveChecklistItemInput) {
  const { itemId, reason } = waiveChecklistItemInputSchema.parse(input);
  return throwIfError(await supabase.rpc('waive_checklist_item', { item_id: itemId, reason }));
}

export function useWaiveChecklistItem({ onWaived }: { onWaived?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: waiveChecklistItem,
    onSuccess: (_item, { listingId }) => {
      void queryClient.invalidateQueries({ queryKey: ['listings', listingId] });
      toast({ title: 'Requirement waived' });
      onWaived?.();
    },
    onError: (error) => toastFailure('Failed to waive the requirement', error),
  });
}
