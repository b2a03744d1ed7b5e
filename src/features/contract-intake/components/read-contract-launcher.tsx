import { ScanText } from 'lucide-react';
import { lazy } from 'react';
import { LazyDialog } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';

const loadIntakeDialog = () => import('@/features/contract-intake/components/contract-intake-dialog');
const ContractIntakeDialog = lazy(() => loadIntakeDialog().then((module) => ({ default: module.ContractIntakeDialog })));

/** "Read a contract" on the Contract tab: the reader, pdf.js and OCR download only when it is used. */
export function ReadContractLauncher({ listingId }: { listingId: string }) {
  return (
    <LazyDialog
      load={loadIntakeDialog}
      trigger={
        <Button variant="outline">
          <ScanText aria-hidden />
          Read a contract
        </Button>
      }
    >
      {(dialog) => <ContractIntakeDialog listingId={listingId} {...dialog} />}
    </LazyDialog>
  );
}
