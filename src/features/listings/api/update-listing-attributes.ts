import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { toast } from '@/hooks/use-toast';
import { listingKeys } from '@/features/listings/api/query-keys';
import { attributeColumns, type ListingAttributes } from '@/features/listings/lib/listing-attributes';

export const updateListingAttributesInputSchema = z.object({
  listingId: z.uuid(),
  attributes: z.custom<ListingAttributes>((value) => typeof value === 'object' && value !== null),
});
export type UpdateListingAttributesInput = z.infer<typeof updateListingAttributesInputSchema>;

/** Saves side, property type, HOA, year built and state (whoever may edit the listing); the database re-applies matching checklist templates. */
export async function updateListingAttributes(input: UpdateListingAttributesInput) {
  const { listingId, attributes } = updateListingAttributesInputSchema.parse(input);
  const rows = throwIfError(await supabase.from('listings').update(attributeColumns(attributes)).eq('id', listingId).select('*'));
  const listing = rows[0];
  if (!listing) throw new ApiError(403, 'You may not edit this listing.');
  return listing;
}

export function useUpdateListingAttributes({ onSaved }: { onSaved?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListingAttributes,
    onSuccess: (listing) => {
      queryClient.setQueryData(listingKeys.detail(listing.id), listing);
      // The checklist and compliance under the listing change with its attributes.
      void queryClient.invalidateQueries({ queryKey: listingKeys.detail(listing.id) });
      toast({ title: 'Property details saved' });
      onSaved?.();
    },
    onError: (error) => toastFailure('Failed to save property details', error),
  });
}
