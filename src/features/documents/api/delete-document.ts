import { z } from 'zod';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { ApiError, throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { documentScopeSchema, scopeBucket, scopeQueryKey } from '@/features/documents/lib/document-scope';

export const deleteDocumentInputSchema = z.object({ scope: documentScopeSchema, documentId: z.uuid(), fileUrl: z.string() });
export type DeleteDocumentInput = z.infer<typeof deleteDocumentInputSchema>;

/**
 * Deletes the row first (RLS: uploader, the listing's agent, the team's
 * coordinator, super admin), then its file. Storage lets the uploader, a super
 * admin and, for team documents, the team's coordinator delete the object;
 * when the listing's agent removes someone else's upload the file may stay
 * (still only readable by people on the listing); that costs space, not privacy.
 */
export async function deleteDocument(input: DeleteDocumentInput) {
  const { scope, documentId, fileUrl } = deleteDocumentInputSchema.parse(input);
  const rows = throwIfError(await supabase.from('documents').delete().eq('id', documentId).select('id'));
  if (rows.length === 0) throw new ApiError(403, 'You are not allowed to delete this document.');
  if (!/^https?:\/\//.test(fileUrl)) await supabase.storage.from(scopeBucket(scope)).remove([fileUrl]);
}

export function useDeleteDocument() {
  return useRefetchingMutation({ mutationFn: deleteDocument, refetch: ({ scope }) => scopeQueryKey(scope), failure: 'Failed to delete document' });
}
