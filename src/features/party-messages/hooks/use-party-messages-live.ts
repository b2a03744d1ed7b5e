import { useQueryClient } from '@tanstack/react-query';
import { useLiveChanges } from '@/hooks/use-live-changes';
import { partyMessageKeys } from '@/features/party-messages/api/query-keys';

/**
 * The Outbox (no listing: every message the person reads) or one listing's
 * messages follow changes of party_messages (a message written by a trigger,
 * re-rendered after a key date moved, sent by the job): refetch what is shown.
 */
export function usePartyMessagesLive(listingId?: string) {
  const queryClient = useQueryClient();
  useLiveChanges(listingId ? { listingId } : {}, {
    party_messages: () => void queryClient.invalidateQueries({ queryKey: listingId ? partyMessageKeys.listing(listingId) : partyMessageKeys.all }),
  });
}
