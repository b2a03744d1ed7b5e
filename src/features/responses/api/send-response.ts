import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { responseKeys } from '@/features/responses/api/query-keys';

/** Spec part 2 §4: the response types offered (check constraint on tc_responses.response_type). */
export const RESPONSE_TYPES = ['note', 'document', 'photo', 'task'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];

export const sendResponseInputSchema = z.object({
  listingId: z.uuid(),
  tcId: z.uuid(),
  agentId: z.uuid({ error: 'No agent assigned to this listing' }),
  responseType: z.enum(RESPONSE_TYPES),
  content: z.string().trim().min(1, 'Required').max(10000),
});
export type SendResponseInput = z.infer<typeof sendResponseInputSchema>;

/**
 * A coordinator's response to the listing's agent. The database sets tc_id to
 * the caller, admits only the listing's coordinator (or a super admin) writing
 * to the listing's own agent, and notifies that agent.
 */
export async function sendResponse(input: SendResponseInput) {
  const { listingId, tcId, agentId, responseType, content } = sendResponseInputSchema.parse(input);
  return throwIfError(
    await supabase
      .from('tc_responses')
      .insert({ listing_id: listingId, tc_id: tcId, agent_id: agentId, response_type: responseType, content })
      .select('id')
      .single(),
  );
}

export function useSendResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendResponse,
    onSuccess: (_row, { listingId }) => {
      void queryClient.invalidateQueries({ queryKey: responseKeys.byListing(listingId) });
      toast({ title: 'Response sent', description: 'Your response has been sent to the agent' });
    },
    onError: (error) => toastFailure('Failed to send response', error),
  });
}
