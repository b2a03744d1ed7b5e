import { CheckCircle2, FilePen } from 'lucide-react';
import { ConfirmAction } from '@/components/confirm-action';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useCloseContract } from '@/features/contracts/api/close-contract';
import { FORM_PICKER_LABELS } from '@/features/contracts/api/contract-input';
import type { ContractForm } from '@/features/contracts/api/get-contract-forms';
import type { Contract } from '@/features/contracts/api/get-contracts';
import { asFormKey, ContractFacts } from '@/features/contracts/components/contract-facts';
import { DeadlineTimeline } from '@/features/contracts/components/deadline-timeline';
import { TerminateContractDialog } from '@/features/contracts/components/terminate-contract-dialog';

/**
 * The listing's active contract: its facts, its key dates, and what the
 * viewer may do: amend (the people on the listing), close and terminate
 * (its coordinator and super admins only, as close_contract() and
 * terminate_contract() decide).
 */
export function ActiveContractCard({
  contract,
  formInfo,
  now,
  canEdit,
  canCloseOrTerminate,
  onAmend,
}: {
  contract: Contract;
  formInfo: ContractForm | undefined;
  now: Date;
  canEdit: boolean;
  canCloseOrTerminate: boolean;
  onAmend: () => void;
}) {
  const close = useCloseContract();
  return (
    <Card className="gap-5" data-testid="active-contract">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3 px-4 sm:px-6">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex flex-wrap items-center gap-2">
            <h3>{FORM_PICKER_LABELS[asFormKey(contract.form)]} contract</h3>
            <Badge variant="outline" className="border-blue-200 bg-blue-100 text-blue-800 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-200">
              Active
            </Badge>
          </CardTitle>
          <CardDescription>
            {formInfo?.label ?? contract.form} · recorded {formatTimestamp(contract.created_at)}
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          {canEdit && (
            <Button variant="outline" onClick={onAmend}>
              <FilePen />
              Amend
            </Button>
          )}
          {canCloseOrTerminate && (
            <>
              <ConfirmAction
                title="Close the contract"
                question="The sale is complete: the listing becomes Closed and the contract's remaining deadlines stop."
                confirmLabel="Close contract"
                onConfirm={() => close.mutate({ listingId: contract.listing_id, contractId: contract.id })}
                trigger={
                  <Button variant="outline" disabled={close.isPending}>
                    <CheckCircle2 />
                    Close
                  </Button>
                }
              />
              <TerminateContractDialog contract={contract} />
            </>
          )}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-6 px-4 sm:px-6">
        <ContractFacts contract={contract} formInfo={formInfo} />
        <DeadlineTimeline contract={contract} now={now} editable={canEdit} />
      </CardContent>
    </Card>
  );
}
