import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useActiveContract } from '@/features/contract-intake/api/get-active-contract';
import { useSaveIntake } from '@/features/contract-intake/api/save-intake';
import { FORM_LABELS, type ContractFormKey, type ProposedFact } from '@/features/contract-intake/lib/facts';
import { amendmentChanges, citationOf, contractColumns, finalFacts, initialRows, saveBlocker, type ContractColumns, type ReviewRow } from '@/features/contract-intake/lib/review-state';
import type { ReadyReading } from '@/features/contract-intake/lib/read-chosen-file';
import { FactReviewList, type FactSelection } from '@/features/contract-intake/components/fact-review-list';
import { IntakeDeadlinePreview } from '@/features/contract-intake/components/intake-deadline-preview';
import { PdfPages } from '@/features/contract-intake/components/pdf-pages';

/** The review screen: the PDF on one side, the facts, the key dates and the save on the other; `onSaved` gets the saved contract's columns. */
export function IntakeReview({
  listingId,
  ready,
  onDone,
  onStartOver,
  onSaved,
}: {
  listingId: string;
  ready: ReadyReading;
  onDone: () => void;
  onStartOver: () => void;
  onSaved?: (contract: ContractColumns) => void;
}) {
  const { reading } = ready;
  const [rows, setRows] = useState<ReviewRow[]>(() => initialRows(reading.fields as ProposedFact[]));
  const [form, setForm] = useState<ContractFormKey>(reading.form);
  const [selected, setSelected] = useState<FactSelection | null>(null);
  const active = useActiveContract(listingId);
  const save = useSaveIntake();

  const blocker = saveBlocker(rows);
  const facts = finalFacts(rows, form);
  const contract = blocker ? null : contractColumns(facts, (active.data?.form as ContractFormKey | undefined) ?? form);
  const changes = active.data && contract ? amendmentChanges(active.data, contract) : [];
  const selectedRow = rows.find((row) => row.key === selected?.key);
  const citation = selectedRow ? citationOf(selectedRow, selected?.candidate ?? null) : null;

  const submit = () => {
    if (!contract) return;
    save.mutate(
      { listingId, intakeId: reading.intakeId, file: ready.file, storedDocumentId: ready.storedDocumentId, contract, facts, amendContractId: active.data?.id ?? null },
      {
        onSuccess: () => {
          onDone();
          onSaved?.(contract);
        },
      },
    );
  };

  return (
    <div className="grid min-h-0 flex-1 grid-rows-[minmax(14rem,40%)_1fr] gap-3 md:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] md:grid-rows-1">
      <PdfPages document={ready.document} itemsByPage={ready.itemsByPage} fieldBoxes={ready.fieldBoxes} citation={citation} />
      <div className="flex min-h-0 flex-col gap-3 overflow-y-auto pr-1">
        {reading.warning && (
          <p className="flex gap-2 rounded-md border border-amber-500 bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" role="alert">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {reading.warning}
          </p>
        )}
        {reading.scannedPages.length > 0 && (
          <p className="text-muted-foreground text-sm">Pages {reading.scannedPages.join(', ')} could not be read; check them by eye.</p>
        )}
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor="intake-form" className="font-medium">
            Form
          </label>
          <select
            id="intake-form"
            className="border-input bg-background h-8 rounded-md border px-2"
            value={active.data?.form ?? form}
            disabled={Boolean(active.data)}
            onChange={(event) => setForm(event.target.value as ContractFormKey)}
          >
            {Object.entries(FORM_LABELS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
          <span className="text-muted-foreground">
            {reading.pages} page{reading.pages === 1 ? '' : 's'} · read from {reading.paths.join(', ') || 'nothing'}
          </span>
        </div>
        <FactReviewList rows={rows} selected={selected} onSelect={setSelected} onChange={(next) => setRows((all) => all.map((row) => (row.key === next.key ? next : row)))} />
        <IntakeDeadlinePreview contract={contract} />
        {active.data && contract && (
          <section aria-labelledby="intake-changes-heading" className="rounded-lg border p-3">
            <h3 id="intake-changes-heading" className="font-semibold">
              Changes to the active contract
            </h3>
            {changes.length === 0 ? (
              <p className="text-muted-foreground text-sm">No fact changes.</p>
            ) : (
              <ul className="flex flex-col gap-1 text-sm" data-testid="intake-changes">
                {changes.map((change) => (
                  <li key={change.column}>
                    {change.label}: <span className="line-through">{change.from}</span> → <strong>{change.to}</strong>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        {blocker && <p className="text-sm text-amber-800 dark:text-amber-300">{blocker}</p>}
        <div className="bg-background sticky bottom-0 flex flex-wrap justify-end gap-2 border-t pt-2">
          <Button type="button" variant="outline" onClick={onStartOver} disabled={save.isPending}>
            Read another PDF
          </Button>
          <Button type="button" onClick={submit} disabled={!contract || save.isPending || active.isPending}>
            {active.data ? 'Apply to contract' : 'Create contract'}
          </Button>
        </div>
      </div>
    </div>
  );
}
