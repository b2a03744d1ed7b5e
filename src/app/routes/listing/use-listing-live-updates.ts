import { useContractsRealtime } from '@/features/contracts/hooks/use-contracts-realtime';
import { useInboundEmailsRealtime } from '@/features/inbound-email/hooks/use-inbound-emails-realtime';
import { useDocumentsRealtime } from '@/features/documents/hooks/use-documents-realtime';
import { useRefreshListingHistory } from '@/features/listing-history/hooks/use-refresh-listing-history';
import { useRefreshSmartReminders } from '@/features/listings/api/get-smart-reminders';
import { useListingRealtime } from '@/features/listings/hooks/use-listing-realtime';
import { useMessagesRealtime } from '@/features/messages/hooks/use-messages-realtime';
import { useNotesRealtime } from '@/features/notes/hooks/use-notes-realtime';
import { useTasksRealtime } from '@/features/tasks/hooks/use-tasks-realtime';

/**
 * Everything a listing screen shows stays live: one realtime hook per table.
 * Smart reminders are computed from the tasks and documents, so a change to
 * either refreshes them too; a document's change (submitted, approved,
 * returned) refreshes the listing's history. (Photos are columns of the
 * listing row.)
 */
export function useListingLiveUpdates(listingId: string) {
  const refreshReminders = useRefreshSmartReminders(listingId);
  const refreshHistory = useRefreshListingHistory(listingId);
  useListingRealtime(listingId);
  useTasksRealtime({ listingId }, { onChange: refreshReminders });
  useDocumentsRealtime(
    { listingId },
    {
      onChange: () => {
        refreshReminders();
        refreshHistory();
      },
    },
  );
  useNotesRealtime({ listingId });
  useMessagesRealtime({ listingId });
  useInboundEmailsRealtime({ listingId });
  useContractsRealtime({ listingId });
}
