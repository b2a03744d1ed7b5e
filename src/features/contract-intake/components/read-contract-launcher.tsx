import { ScanText } from 'lucide-react';
import { LazyDialog } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';
import type { StoredContract } from '@/features/contract-intake/components/contract-intake-dialog';
import type { ContractColumns } from '@/features/contract-intake/lib/review-state';

const loadIntakeDialog = () => import('@/features/contract-intake/components/contract-intake-dialog').then((module) => module.ContractIntakeDialog);

/**
 * "Read a contract" on the Contract tab, or "Read this contract" on a stored
 * Purchase Contract (`stored`): the reader, pdf.js and OCR download only when
 * it is used. `onSaved` gets the saved contract's columns (the app proposes the people it names as parties).
 */
export function ReadContractLauncher({ listingId, stored, onSaved }: { listingId: string; stored?: StoredContract; onSaved?: (contract: ContractColumns) => void }) {
  return (
    <LazyDialog
      name="contract-intake-dialog"
      load={loadIntakeDialog}
      trigger={
        stored ? (
          <Button size="sm" variant="outline" aria-label={`Read this contract: ${stored.fileName}`}>
            <ScanText aria-hidden />
            Read this contract
          </Button>
        ) : (
          <Button variant="outline">
            <ScanText aria-hidden />
            Read a contract
          </Button>
        )
      }
    >
      {(ContractIntakeDialog, dialog) => <ContractIntakeDialog listingId={listingId} stored={stored} onSaved={onSaved} {...dialog} />}
    </LazyDialog>
  );
}
