import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { listingKeys } from '@/features/listings/api/query-keys';

/** A key of public.listing_statuses; set_listing_status() refuses any other (400). */
export const listingStatusSchema = z.string().min(1);

export const updateListingStatusInputSchema = z.object({ listingId: z.uuid(), status: listingStatusSchema });
export type UpdateListingStatusInput = z.infer<typeof updateListingStatusInputSchema>;

/** Status changes go through set_listing_status(), which admits only the listing's coordinator or a super admin. */
export async function updateListingStatus(input: UpdateListingStatusInput) {
  const { listingId, status } = updateListingStatusInputSchema.parse(input);
  return throwIfError(await supabase.rpc('set_listing_status', { listing_id: listingId, new_status: status }));
}

export function useUpdateListingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListingStatus,
    onSuccess: (listing, { listingId }) => {
      queryClient.setQueryData(listingKeys.detail(listingId), listing);
      void queryClient.invalidateQueries({ queryKey: listingKeys.all, exact: true });
      toast({ title: 'Status Updated', description: 'Listing status has been updated successfully.' });
    },
    onError: (error) => toastFailure('Failed to update listing status', error),
  });
}
