import type { CurrentUser } from '@/hooks/use-current-user';
import { can } from '@/lib/permissions';
import { ListingCompliancePanel } from '@/features/compliance/components/listing-compliance-panel';
import { DocumentsTab } from '@/features/documents/components/documents-tab';
import { ListingHistory } from '@/features/listing-history/components/listing-history';
import { useReceiveListing, type Listing } from '@/features/listings/api/get-listing';
import { AgentListingHeader, PropertyDetailsCard } from '@/features/listings/components/agent-listing-overview';
import { ListingAttributesCard } from '@/features/listings/components/listing-attributes-card';
import { MessagesTab } from '@/features/messages/components/messages-tab';
import { NotesTab } from '@/features/notes/components/notes-tab';
import { PartiesTab } from '@/features/parties/components/parties-tab';
import { ListingPartyMessages } from '@/features/party-messages/components/listing-party-messages';
import { useContractPartyProposals } from '@/features/parties/hooks/use-contract-party-proposals';
import { PhotosTab } from '@/features/photos/components/photos-tab';
import { CoordinatorResponses } from '@/features/responses/components/coordinator-responses';
import { RequirementsTab } from '@/features/tasks/components/requirements-tab';
import { LazyContractTab } from '@/app/routes/listing/lazy-contract-tab';
import { readStoredContract } from '@/app/routes/listing/read-stored-contract';
import { NotesHeader } from '@/app/routes/listing/notes-header';
import { useListingLiveUpdates } from '@/app/routes/listing/use-listing-live-updates';

/**
 * The agent's own view of a listing (/agent-listing/{id}, spec part 2 §2):
 * header with address, status, who is signed in and Logout; property details;
 * the coordinator's responses (live); the contract and its key dates (issue
 * 40, the listing workspace's Contract tab); its compliance and checklist
 * (issue 41: returned documents show why); the parties on the deal (issue 55);
 * the coordinator's tasks (opening one
 * marks it read, which clears the dashboard's new-task banner and badge);
 * photos with upload; documents with upload and View; then the listing's notes
 * and messages (the two embedded sections the spec leaves unspecified); last,
 * the listing's history (issue 52).
 */
export function AgentListingView({ listing, user }: { listing: Listing; user: CurrentUser }) {
  useListingLiveUpdates(listing.id);
  const receiveListing = useReceiveListing();
  const partyProposals = useContractPartyProposals(listing.id);

  return (
    <div className="flex flex-col gap-6">
      <AgentListingHeader listing={listing} user={user} />
      <PropertyDetailsCard listing={listing} />
      <ListingAttributesCard listing={listing} canEdit={can.editListingAttributes(user, listing)} />
      <CoordinatorResponses listingId={listing.id} />
      <section id="contract" aria-label="Contract">
        <LazyContractTab listing={listing} user={user} onContractSaved={partyProposals.propose} />
      </section>
      {partyProposals.card}
      <PartiesTab listing={listing} />
      <ListingPartyMessages listingId={listing.id} />
      <section id="compliance" aria-label="Compliance">
        <ListingCompliancePanel listingId={listing.id} user={user} />
      </section>
      <section id="requirements" aria-label="Requirements">
        <RequirementsTab listing={listing} user={user} />
      </section>
      <PhotosTab listing={listing} user={user} onListingSaved={receiveListing} />
      <DocumentsTab listing={listing} user={user} documentActions={readStoredContract(listing.id, partyProposals.propose)} />
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="flex flex-col gap-3" aria-label="Notes">
          <h2 className="text-lg font-semibold">Notes</h2>
          <NotesTab listingId={listing.id} user={user} header={<NotesHeader listing={listing} user={user} />} />
        </section>
        <MessagesTab listingId={listing.id} user={user} />
      </div>
      <ListingHistory listingId={listing.id} listingUpdatedAt={listing.updated_at} />
    </div>
  );
}
