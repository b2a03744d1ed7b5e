import { z } from 'zod';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { ApiError, throwIfError } from '@/lib/api-error';
import { BUCKETS } from '@/lib/storage-buckets';
import { supabase } from '@/lib/supabase';
import { documentKeys } from '@/features/documents/api/query-keys';

export const deleteDocumentInputSchema = z.object({ listingId: z.uuid(), documentId: z.uuid(), fileUrl: z.string() });
export type DeleteDocumentInput = z.infer<typeof deleteDocumentInputSchema>;

/**
 * Deletes the row first (RLS: uploader, the listing's agent, super admin),
 * then its file. Storage lets only the uploader or a super admin delete the
 * object, so when the listing's agent removes someone else's upload the file
 * may stay (still only readable by people on the listing); that costs space, not privacy.
 */
export async function deleteDocument(input: DeleteDocumentInput) {
  const { documentId, fileUrl } = deleteDocumentInputSchema.parse(input);
  const rows = throwIfError(await supabase.from('documents').delete().eq('id', documentId).select('id'));
  if (rows.length === 0) throw new ApiError(403, 'You are not allowed to delete this document.');
  if (!/^https?:\/\//.test(fileUrl)) await supabase.storage.from(BUCKETS.listingDocuments).remove([fileUrl]);
}

export function useDeleteDocument() {
  return useRefetchingMutation({ mutationFn: deleteDocument, refetch: ({ listingId }) => documentKeys.byListing(listingId), failure: 'Failed to delete document' });
}
