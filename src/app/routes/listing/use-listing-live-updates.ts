import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLiveChanges } from '@/hooks/use-live-changes';
import { complianceKeys } from '@/features/compliance/api/query-keys';
import { contractKeys } from '@/features/contracts/api/query-keys';
import { scopeQueryKey } from '@/features/documents/lib/document-scope';
import { inboundEmailKeys } from '@/features/inbound-email/api/query-keys';
import { useRefreshListingHistory } from '@/features/listing-history/hooks/use-refresh-listing-history';
import { useRefreshSmartReminders } from '@/features/listings/api/get-smart-reminders';
import { listingKeys } from '@/features/listings/api/query-keys';
import { useApplyMessagesChange } from '@/features/messages/api/live-messages';
import { noteKeys } from '@/features/notes/api/query-keys';
import { partyKeys } from '@/features/parties/api/query-keys';
import { taskKeys } from '@/features/tasks/api/query-keys';

/**
 * Everything a listing screen shows stays live through one subscription (the
 * signed-in person's own topic, useLiveChanges), each table's change mapped
 * onto the query keys its feature owns. Smart reminders are computed from the
 * tasks and documents, so a change to either refreshes them too; a
 * document's change (submitted, approved, returned) refreshes the listing's
 * history and the compliance panel. (Photos are columns of the listing row;
 * a contract's query embeds its deadlines.)
 */
export function useListingLiveUpdates(listingId: string) {
  const queryClient = useQueryClient();
  const refreshReminders = useRefreshSmartReminders(listingId);
  const refreshHistory = useRefreshListingHistory(listingId);
  const applyMessagesChange = useApplyMessagesChange({ listingId });
  const refetch = (queryKey: QueryKey, exact = false) => void queryClient.invalidateQueries({ queryKey, exact });

  useLiveChanges(
    { listingId },
    {
      // The listing's own row only, not the keys below it (its notes, tasks…).
      listings: () => refetch(listingKeys.detail(listingId), true),
      tasks: () => {
        refetch(taskKeys.byListing(listingId));
        refreshReminders();
      },
      documents: () => {
        refetch(scopeQueryKey({ listingId }));
        refetch(complianceKeys.listingCompliance(listingId));
        refreshReminders();
        refreshHistory();
      },
      notes: () => refetch(noteKeys.byListing(listingId)),
      // Re-reads the newest page and folds it in, however many older pages are loaded.
      messages: () => applyMessagesChange(),
      inbound_emails: () => refetch(inboundEmailKeys.byListing(listingId)),
      contracts: () => refetch(contractKeys.byListing(listingId)),
      contract_deadlines: () => refetch(contractKeys.byListing(listingId)),
      // The compliance panel: its checklist, and its documents above.
      listing_checklist_items: () => refetch(complianceKeys.checklist(listingId)),
      // The parties and, below their key, the roles still needed.
      listing_parties: () => refetch(partyKeys.byListing(listingId)),
    },
  );
}
