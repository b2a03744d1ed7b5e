import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { requiredText } from '@/lib/required-text';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { complianceKeys } from '@/features/compliance/api/query-keys';

export const reviewDocumentInputSchema = z.discriminatedUnion('decision', [
  z.object({ documentId: z.uuid(), listingId: z.uuid(), decision: z.literal('approve') }),
  z.object({ documentId: z.uuid(), listingId: z.uuid(), decision: z.literal('return'), reason: requiredText('A reason is required to return a document', 2000) }),
]);
export type ReviewDocumentInput = z.input<typeof reviewDocumentInputSchema>;

/** Approves or returns (with a reason) the latest version of a submitted document: the listing's coordinator or a super admin. */
export async function reviewDocument(input: ReviewDocumentInput) {
  const parsed = reviewDocumentInputSchema.parse(input);
  return throwIfError(
    await supabase.rpc('review_document', {
      document_id: parsed.documentId,
      decision: parsed.decision,
      ...(parsed.decision === 'return' ? { reason: parsed.reason } : {}),
    }),
  );
}

export function useReviewDocument({ onReviewed }: { onReviewed?: (input: ReviewDocumentInput) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDocument,
    onSuccess: (_document, input) => {
      void queryClient.invalidateQueries({ queryKey: complianceKeys.queue });
      void queryClient.invalidateQueries({ queryKey: ['listings', input.listingId] });
      toast({ title: input.decision === 'approve' ? 'Document approved' : 'Document returned' });
      onReviewed?.(input);
    },
    onError: (error) => toastFailure('Failed to record the review', error),
  });
}
