import { FileUp, Loader2 } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { LazyDialogState } from '@/components/lazy-dialog';
import { readChosenFile, type ReadyReading } from '@/features/contract-intake/lib/read-chosen-file';
import type { ContractColumns } from '@/features/contract-intake/lib/review-state';
import { IntakeReview } from '@/features/contract-intake/components/intake-review';

/** A contract already among the listing's documents, read without picking a file. */
export interface StoredContract {
  id: string;
  fileName: string;
  load: () => Promise<File>;
}

type Step = { name: 'pick' } | { name: 'reading'; status: string } | { name: 'review'; ready: ReadyReading };

/**
 * "Read a contract": pick a PDF, watch it being read, review the proposed
 * facts beside the pages, and create the contract (or apply the reading to
 * the active one). Nothing is saved before the person says so.
 */
export function ContractIntakeDialog({
  listingId,
  stored,
  onSaved,
  ...dialog
}: LazyDialogState & { listingId: string; stored?: StoredContract; onSaved?: (contract: ContractColumns) => void }) {
  const firstStep = (): Step => (stored ? { name: 'reading', status: `Opening ${stored.fileName}…` } : { name: 'pick' });
  const [step, setStep] = useState<Step>(firstStep);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined, storedDocumentId: string | null = null) => {
    if (!file) return;
    setError(null);
    setStep({ name: 'reading', status: 'Opening the PDF…' });
    try {
      const ready = await readChosenFile(listingId, file, (status) => setStep({ name: 'reading', status }), storedDocumentId);
      setStep({ name: 'review', ready });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setStep({ name: 'pick' });
    }
  };

  // A stored Purchase Contract is read as soon as the dialog opens: its step starts (and starts over) as
  // 'reading', and the effect only loads the file, whose answer sets the next step.
  const loadStoredContract = useEffectEvent(() => {
    if (!stored) return;
    stored.load().then(
      (file) => void choose(file, stored.id),
      (failure: unknown) => {
        setError(`Could not open ${stored.fileName}: ${failure instanceof Error ? failure.message : String(failure)}`);
        setStep({ name: 'pick' });
      },
    );
  });
  useEffect(() => {
    if (dialog.open) loadStoredContract();
  }, [dialog.open]);

  // pdf.js keeps the parsed document (and its worker's copy) until destroyed.
  const startOver = () => {
    if (step.name === 'review') void step.ready.document.destroy();
    setStep({ name: 'pick' });
  };

  const close = () => {
    dialog.onOpenChange(false);
    startOver();
    setStep(firstStep());
  };

  return (
    <Dialog open={dialog.open} onOpenChange={(open) => (open ? dialog.onOpenChange(true) : close())}>
      <DialogContent onCloseAutoFocus={dialog.onCloseAutoFocus} className="flex h-[95dvh] max-w-[calc(100%-1rem)] flex-col gap-3 p-3 sm:max-w-[min(96vw,1400px)] sm:p-5">
        <DialogHeader>
          <DialogTitle>Read a contract</DialogTitle>
          <DialogDescription>
            ListingDesk proposes the contract&apos;s facts, each with where it was read; check them, then create the contract. Nothing is saved before that.
          </DialogDescription>
        </DialogHeader>
        {step.name === 'review' ? (
          <IntakeReview listingId={listingId} ready={step.ready} onDone={close} onStartOver={startOver} onSaved={onSaved} />
        ) : step.name === 'reading' ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3" role="status" aria-live="polite">
            <Loader2 className="size-8 animate-spin" aria-hidden />
            <p className="text-sm">{step.status}</p>
          </div>
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 rounded-lg border border-dashed p-6 text-center">
            <FileUp className="text-muted-foreground size-8" aria-hidden />
            <p className="text-muted-foreground text-sm">A purchase contract PDF: up to 25 MB and 40 pages. Scanned pages are read on this device.</p>
            <Button asChild>
              <label htmlFor="contract-intake-file" className="cursor-pointer">
                Choose a PDF
              </label>
            </Button>
            <input
              id="contract-intake-file"
              type="file"
              accept="application/pdf,.pdf"
              className="sr-only"
              data-testid="contract-intake-file"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
            {error && (
              <p className="text-destructive text-sm" role="alert">
                {error}
              </p>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
