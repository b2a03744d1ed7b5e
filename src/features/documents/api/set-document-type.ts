import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';

export const setDocumentTypeInputSchema = z.object({
  listingId: z.uuid(),
  documentId: z.uuid(),
  documentType: z.string().regex(/^[a-z0-9_]{1,60}$/, 'Choose a document type'),
});
export type SetDocumentTypeInput = z.infer<typeof setDocumentTypeInputSchema>;

/** Gives a document its type later (uploader, the listing's agent, its coordinator or a super admin); the database decides whether it now waits for review. */
export async function setDocumentType(input: SetDocumentTypeInput) {
  const { documentId, documentType } = setDocumentTypeInputSchema.parse(input);
  const rows = throwIfError(await supabase.from('documents').update({ document_type: documentType }).eq('id', documentId).select('id'));
  if (rows.length === 0) throw new ApiError(403, 'You may not change the type of this document.');
}

export function useSetDocumentType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDocumentType,
    // The listing's compliance reads document types too.
    onSuccess: (_result, { listingId }) => void queryClient.invalidateQueries({ queryKey: ['listings', listingId] }),
    onError: (error) => toastFailure('Failed to set the document type', error),
  });
}
