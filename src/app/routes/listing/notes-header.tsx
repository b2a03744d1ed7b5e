import type { CurrentUser } from '@/hooks/use-current-user';
import { can } from '@/lib/permissions';
import type { Listing } from '@/features/listings/api/get-listing';
import { SmartRemindersPanel } from '@/features/listings/components/smart-reminders-panel';
import { ReviewInbox } from '@/features/inbound-email/components/review-inbox';

/** Above a listing's notes: the review inbox of e-mailed mail (its reviewers only) and the smart reminders. */
export function NotesHeader({ listing, user }: { listing: Listing; user: CurrentUser }) {
  return (
    <>
      {can.reviewInboundEmail(user, listing) && <ReviewInbox listingId={listing.id} />}
      {can.seeSmartReminders(user) && <SmartRemindersPanel listingId={listing.id} />}
    </>
  );
}
