import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { partyMessageKeys } from '@/features/party-messages/api/query-keys';

/**
 * The one-click actions on a message, each a function of the database that
 * checks who may (the listing's coordinator or a super admin; the agent 403)
 * and from which status (409 otherwise).
 */
export const PARTY_MESSAGE_ACTIONS = {
  approve: { rpc: 'approve_party_message', done: 'Message approved', failed: 'Failed to approve the message' },
  sendNow: { rpc: 'send_party_message_now', done: 'Message goes out now', failed: 'Failed to send the message' },
  skip: { rpc: 'skip_party_message', done: 'Message skipped', failed: 'Failed to skip the message' },
  retry: { rpc: 'retry_party_message', done: 'Message will be sent again', failed: 'Failed to retry the message' },
  markSeen: { rpc: 'mark_party_message_seen', done: 'Marked as seen', failed: 'Failed to mark the message seen' },
} as const;
export type PartyMessageAction = keyof typeof PARTY_MESSAGE_ACTIONS;

export const actOnPartyMessageInputSchema = z.object({ id: z.uuid(), action: z.enum(Object.keys(PARTY_MESSAGE_ACTIONS) as [PartyMessageAction, ...PartyMessageAction[]]) });

export async function actOnPartyMessage(input: z.input<typeof actOnPartyMessageInputSchema>) {
  const { id, action } = actOnPartyMessageInputSchema.parse(input);
  return throwIfError(await supabase.rpc(PARTY_MESSAGE_ACTIONS[action].rpc, { id }));
}

/** After any write: the Outbox's tabs and counts, and the listing's messages (under ['listings', id]). */
export function invalidatePartyMessages(queryClient: ReturnType<typeof useQueryClient>, listingId: string) {
  void queryClient.invalidateQueries({ queryKey: partyMessageKeys.all });
  void queryClient.invalidateQueries({ queryKey: partyMessageKeys.listing(listingId) });
}

export function useActOnPartyMessage(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnPartyMessage,
    onSuccess: (_row, { action }) => {
      invalidatePartyMessages(queryClient, listingId);
      toast({ title: PARTY_MESSAGE_ACTIONS[action].done });
    },
    onError: (error, { action }) => toastFailure(PARTY_MESSAGE_ACTIONS[action].failed, error),
  });
}
