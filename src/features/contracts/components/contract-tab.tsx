import { FileSignature, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { CurrentUser } from '@/hooks/use-current-user';
import type { Tables } from '@/lib/database.types';
import { contracts as contractRules } from '@/lib/permissions';
import { emptyContractValues, type ContractFormValues } from '@/features/contracts/api/contract-input';
import { useContractForms } from '@/features/contracts/api/get-contract-forms';
import { useContracts } from '@/features/contracts/api/get-contracts';
import { useRecordContract } from '@/features/contracts/api/record-contract';
import { useNow } from '@/hooks/use-now';
import { ActiveContractCard } from '@/features/contracts/components/active-contract-card';
import { AmendContractPanel } from '@/features/contracts/components/amend-contract-panel';
import { ContractEditor } from '@/features/contracts/components/contract-editor';
import { EarlierContracts } from '@/features/contracts/components/earlier-contracts';

type Mode = 'view' | 'record' | 'amend';

/** No active contract: say so, and offer 'Record a contract' to those who may. */
function NoActiveContract({ canRecord, onRecord, hadEarlier }: { canRecord: boolean; onRecord: () => void; hadEarlier: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center">
      <FileSignature aria-hidden className="text-muted-foreground size-8" />
      <p className="text-muted-foreground text-sm">
        {hadEarlier ? 'No active contract on this listing.' : 'No contract on this listing yet.'}
        {canRecord ? ' Record one when an offer is accepted: its key dates are computed from the form.' : ''}
      </p>
      {canRecord && (
        <Button onClick={onRecord}>
          <Plus />
          Record a contract
        </Button>
      )}
    </div>
  );
}

/**
 * The listing's Contract tab (issue 40): the active contract with its facts
 * and key dates, or the way to record one; earlier contracts below. Everyone
 * who sees the listing sees the tab; the controls follow what the database
 * allows the viewer, and a refusal it still sends is shown as it came.
 * Live through the listing screen's live updates (useListingLiveUpdates: contracts and contract_deadlines).
 * `actions` (composed by the app: "Read a contract") show beside the title for those who may record;
 * `onRecorded` gets a recorded contract's facts (the app proposes the people it names as parties).
 */
export function ContractTab({
  listing,
  user,
  actions,
  onRecorded,
}: {
  listing: Tables<'listings'>;
  user: CurrentUser;
  actions?: ReactNode;
  onRecorded?: (facts: ContractFormValues) => void;
}) {
  const contracts = useContracts(listing.id);
  const forms = useContractForms();
  const record = useRecordContract();
  const now = useNow();
  const [mode, setMode] = useState<Mode>('view');
  const canEdit = contractRules.edit(user, listing);
  const active = contracts.data?.find((contract) => contract.status === 'active');
  const earlier = contracts.data?.filter((contract) => contract.status !== 'active') ?? [];
  // Someone else may close or record meanwhile (live): an open editor for a contract that is gone, or a second record form, falls back to the view.
  const shownMode: Mode = (mode === 'amend' && !active) || (mode === 'record' && active) ? 'view' : mode;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Contract</h2>
          <p className="text-muted-foreground text-sm">The transaction: its facts and every key date to closing.</p>
        </div>
        {canEdit && actions}
      </div>
      {contracts.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : contracts.isError ? (
        <p className="text-destructive text-sm">Could not load the contract: {contracts.error.message}</p>
      ) : shownMode === 'record' ? (
        <ContractEditor
          title="Record a contract"
          description="Pick the contract form and enter its facts; the key dates appear beside the form before you save."
          initialValues={emptyContractValues()}
          submitLabel="Save contract"
          pending={record.isPending}
          onSubmit={(values) =>
            record.mutate(
              { listingId: listing.id, values },
              {
                onSuccess: () => {
                  setMode('view');
                  onRecorded?.(values);
                },
              },
            )
          }
          onCancel={() => setMode('view')}
        />
      ) : active && shownMode === 'amend' ? (
        <AmendContractPanel contract={active} onDone={() => setMode('view')} />
      ) : active ? (
        <ActiveContractCard
          contract={active}
          formInfo={forms.data?.find((form) => form.key === active.form)}
          now={now}
          canEdit={canEdit}
          canCloseOrTerminate={contractRules.closeOrTerminate(user)}
          onAmend={() => setMode('amend')}
        />
      ) : (
        <NoActiveContract canRecord={canEdit} onRecord={() => setMode('record')} hadEarlier={earlier.length > 0} />
      )}
      <EarlierContracts contracts={earlier} forms={forms.data} now={now} />
    </div>
  );
}
