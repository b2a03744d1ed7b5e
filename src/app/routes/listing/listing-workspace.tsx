import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { CurrentUser } from '@/hooks/use-current-user';
import { can } from '@/lib/permissions';
import { ListingComplianceStrip } from '@/features/compliance/components/compliance-progress';
import { ListingCompliancePanel } from '@/features/compliance/components/listing-compliance-panel';
import { OverrideStatusDialog } from '@/features/compliance/components/override-status-dialog';
import { useStatusBlockers } from '@/features/compliance/hooks/use-status-blockers';
import { contractsQueryOptions } from '@/features/contracts/api/get-contracts';
import { DocumentsTab } from '@/features/documents/components/documents-tab';
import { ListingHistory } from '@/features/listing-history/components/listing-history';
import { useReceiveListing, type Listing } from '@/features/listings/api/get-listing';
import { ListingHeader } from '@/features/listings/components/listing-header';
import { ListingAttributesCard } from '@/features/listings/components/listing-attributes-card';
import { ListingInfoCards } from '@/features/listings/components/listing-info-cards';
import { MessagesTab } from '@/features/messages/components/messages-tab';
import { NotesTab } from '@/features/notes/components/notes-tab';
import { PartiesTab } from '@/features/parties/components/parties-tab';
import { ListingPartyMessages } from '@/features/party-messages/components/listing-party-messages';
import { useContractPartyProposals } from '@/features/parties/hooks/use-contract-party-proposals';
import { PhotosTab } from '@/features/photos/components/photos-tab';
import { PendingTasksDot } from '@/features/tasks/components/pending-tasks-dot';
import { RequirementsTab } from '@/features/tasks/components/requirements-tab';
import { NotesHeader } from '@/app/routes/listing/notes-header';
import { LazyContractTab } from '@/app/routes/listing/lazy-contract-tab';
import { readStoredContract } from '@/app/routes/listing/read-stored-contract';
import { useListingLiveUpdates } from '@/app/routes/listing/use-listing-live-updates';

const TABS = ['notes', 'documents', 'messages', 'photos', 'tasks', 'contract', 'parties', 'compliance', 'history'] as const;
type TabName = (typeof TABS)[number];

/** A fixed height on phones, where the list is a grid and the trigger's own 100% height has nothing to measure against. */
const TAB_TRIGGER = 'h-8 sm:h-[calc(100%-1px)]';

const asTab = (value: string | null): TabName => (TABS as readonly string[]).includes(value ?? '') ? (value as TabName) : 'notes';

/**
 * The listing workspace (spec part 1 §2, plus the Contract tab of issue 40 and
 * the compliance of issue 41, the history of issue 52, the parties of issue 55): header (the status selector names what the
 * compliance gate still lacks; the super admin's Override), info cards,
 * property attributes, compliance progress and one tab per domain; `?tab=` picks the tab.
 * A contract saved on the Contract or Documents tab proposes the people it names as parties.
 */
export function ListingWorkspace({ listing, user }: { listing: Listing; user: CurrentUser }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = asTab(searchParams.get('tab'));
  useListingLiveUpdates(listing.id);
  const receiveListing = useReceiveListing();
  const partyProposals = useContractPartyProposals(listing.id);
  const statusBlockers = useStatusBlockers(listing.id, listing.status);
  // The contract decides under contract and closed: the selector disables what it would refuse (undefined while loading).
  // Only for those who have the selector; the Contract tab reads the same cache entry.
  const contracts = useQuery({ ...contractsQueryOptions(listing.id), enabled: can.changeListingStatus(user) });
  const contractActive = contracts.data?.some((contract) => contract.status === 'active');

  return (
    <div className="flex flex-col gap-6">
      <ListingHeader
        listing={listing}
        user={user}
        statusBlockers={statusBlockers}
        contractActive={contractActive}
        actions={
          can.overrideComplianceGate(user) && <OverrideStatusDialog listingId={listing.id} currentStatus={listing.status} blockersFor={statusBlockers} />
        }
      />
      <ListingInfoCards listing={listing} />
      <ListingAttributesCard listing={listing} canEdit={can.editListingAttributes(user, listing)} />
      {/* The Compliance tab shows the same progress in full. */}
      {tab !== 'compliance' && <ListingComplianceStrip listingId={listing.id} />}
      {partyProposals.card}
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setSearchParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('tab', value);
              return next;
            },
            { replace: true },
          )
        }
      >
        {/* Nine tabs do not fit a phone's width in one row: there they wrap into a grid of three columns, so every tab (and the chosen one) stays in sight. */}
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-9 sm:w-fit">
          <TabsTrigger value="notes" className={TAB_TRIGGER}>Notes</TabsTrigger>
          <TabsTrigger value="documents" className={TAB_TRIGGER}>Documents</TabsTrigger>
          <TabsTrigger value="messages" className={TAB_TRIGGER}>Messages</TabsTrigger>
          <TabsTrigger value="photos" className={TAB_TRIGGER}>Photos</TabsTrigger>
          <TabsTrigger value="tasks" className={TAB_TRIGGER}>
            Requirements
            <PendingTasksDot listingId={listing.id} />
          </TabsTrigger>
          <TabsTrigger value="contract" className={TAB_TRIGGER}>Contract</TabsTrigger>
          <TabsTrigger value="parties" className={TAB_TRIGGER}>Parties</TabsTrigger>
          <TabsTrigger value="compliance" className={TAB_TRIGGER}>Compliance</TabsTrigger>
          <TabsTrigger value="history" className={TAB_TRIGGER}>History</TabsTrigger>
        </TabsList>
        <TabsContent value="notes" className="pt-2">
          <NotesTab listingId={listing.id} user={user} header={<NotesHeader listing={listing} user={user} />} />
        </TabsContent>
        <TabsContent value="documents" className="pt-2">
          <DocumentsTab listing={listing} user={user} documentActions={readStoredContract(listing.id, partyProposals.propose)} />
        </TabsContent>
        <TabsContent value="messages" className="pt-2">
          <MessagesTab listingId={listing.id} user={user} />
        </TabsContent>
        <TabsContent value="photos" className="pt-2">
          <PhotosTab listing={listing} user={user} onListingSaved={receiveListing} />
        </TabsContent>
        <TabsContent value="tasks" className="pt-2">
          <RequirementsTab listing={listing} user={user} />
        </TabsContent>
        <TabsContent value="contract" className="pt-2">
          <LazyContractTab listing={listing} user={user} onContractSaved={partyProposals.propose} />
        </TabsContent>
        <TabsContent value="parties" className="pt-2">
          <div className="flex flex-col gap-8">
            <PartiesTab listing={listing} />
            <ListingPartyMessages listingId={listing.id} />
          </div>
        </TabsContent>
        <TabsContent value="compliance" className="pt-2">
          <ListingCompliancePanel listingId={listing.id} user={user} />
        </TabsContent>
        <TabsContent value="history" className="pt-2">
          <ListingHistory listingId={listing.id} listingUpdatedAt={listing.updated_at} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
