import { ScanText } from 'lucide-react';
import { LazyDialog } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';
import type { StoredContract } from '@/features/contract-intake/components/contract-intake-dialog';

const loadIntakeDialog = () => import('@/features/contract-intake/components/contract-intake-dialog').then((module) => module.ContractIntakeDialog);

/**
 * "Read a contract" on the Contract tab, or "Read this contract" on a stored
 * Purchase Contract (`stored`): the reader, pdf.js and OCR download only when
 * it is used.
 */
export function ReadContractLauncher({ listingId, stored }: { listingId: string; stored?: StoredContract }) {
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
      {(ContractIntakeDialog, dialog) => <ContractIntakeDialog listingId={listingId} stored={stored} {...dialog} />}
    </LazyDialog>
  );
}
