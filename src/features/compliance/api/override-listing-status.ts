import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { requiredText } from '@/lib/required-text';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';

export const overrideListingStatusInputSchema = z.object({
  listingId: z.uuid(),
  // A key of public.listing_statuses; override_listing_status() refuses any other (400).
  status: z.string().min(1),
  reason: requiredText('A reason is required', 2000),
});
export type OverrideListingStatusInput = z.input<typeof overrideListingStatusInputSchema>;

/** The super admin moves a listing past the compliance gate; the reason and what was missing go to the activity log. */
export async function overrideListingStatus(input: OverrideListingStatusInput) {
  const { listingId, status, reason } = overrideListingStatusInputSchema.parse(input);
  return throwIfError(await supabase.rpc('override_listing_status', { listing_id: listingId, new_status: status, reason }));
}

export function useOverrideListingStatus({ onDone }: { onDone?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: overrideListingStatus,
    onSuccess: (_listing, { listingId }) => {
      void queryClient.invalidateQueries({ queryKey: ['listings', listingId] });
      toast({ title: 'Status overridden', description: 'The override and its reason are in the activity log.' });
      onDone?.();
    },
    onError: (error) => toastFailure('Failed to override the status', error),
  });
}
