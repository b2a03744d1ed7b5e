import { useMutation, useQueryClient } from '@tanstack/react-query';
// zod/mini: the agent dashboard's and the admin console's first screens, inside the first-load budget (scripts/bundle-size.ts).
import { z } from 'zod/mini';
import { toast } from '@/hooks/use-toast';
import { ApiError, throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { listingKeys } from '@/features/listings/api/query-keys';

export const deleteListingInputSchema = z.object({ listingId: z.uuid() });
export type DeleteListingInput = z.infer<typeof deleteListingInputSchema>;

/** Deletes the listing (RLS: its agent, its coordinator by tc_id, or a super admin); rows on it cascade. */
export async function deleteListing(input: DeleteListingInput): Promise<void> {
  const { listingId } = deleteListingInputSchema.parse(input);
  const deleted = throwIfError(await supabase.from('listings').delete().eq('id', listingId).select('id'));
  // RLS turns a forbidden delete into "0 rows", which must not read as success.
  if (deleted.length === 0) throw new ApiError(403, 'You are not allowed to delete this listing.');
}

export function useDeleteListing({ onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: (_data, { listingId }) => {
      queryClient.removeQueries({ queryKey: listingKeys.detail(listingId) });
      void queryClient.invalidateQueries({ queryKey: listingKeys.all });
      toast({ title: 'Listing deleted', description: 'The listing has been deleted successfully.' });
      onDeleted();
    },
    onError: (error) => toastFailure('Failed to delete listing', error),
  });
}
