import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';

export const setChecklistItemDoneInputSchema = z.object({ listingId: z.uuid(), itemId: z.uuid(), done: z.boolean() });
export type SetChecklistItemDoneInput = z.infer<typeof setChecklistItemDoneInputSchema>;

/** A coordinator to-do done or open again (agent items follow their requirement task instead). */
export async function setChecklistItemDone(input: SetChecklistItemDoneInput) {
  const { itemId, done } = setChecklistItemDoneInputSchema.parse(input);
  const rows = throwIfError(await supabase.from('listing_checklist_items').update({ status: done ? 'done' : 'open' }).eq('id', itemId).select('id'));
  if (rows.length === 0) throw new ApiError(403, 'You may not change this checklist item.');
}

export const removeChecklistItemInputSchema = z.object({ listingId: z.uuid(), itemId: z.uuid() });
export type RemoveChecklistItemInput = z.infer<typeof removeChecklistItemInputSchema>;

/** Removes one applied item (the listing's coordinator or a super admin). */
export async function removeChecklistItem(input: RemoveChecklistItemInput) {
  const { itemId } = removeChecklistItemInputSchema.parse(input);
  const rows = throwIfError(await supabase.from('listing_checklist_items').delete().eq('id', itemId).select('id'));
  if (rows.length === 0) throw new ApiError(403, 'You may not remove this checklist item.');
}

/** Both writes refresh everything under the listing: its checklist, compliance, tasks and status. */
function useListingWrite<T extends { listingId: string }>(mutationFn: (input: T) => Promise<void>, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, { listingId }) => void queryClient.invalidateQueries({ queryKey: ['listings', listingId] }),
    onError: (error) => toastFailure(failure, error),
  });
}

export const useSetChecklistItemDone = () => useListingWrite(setChecklistItemDone, 'Failed to update the to-do');
export const useRemoveChecklistItem = () => useListingWrite(removeChecklistItem, 'Failed to remove the item');
