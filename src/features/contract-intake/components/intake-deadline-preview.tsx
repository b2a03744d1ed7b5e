import { Skeleton } from '@/components/ui/skeleton';
import { useIntakeDeadlinePreview } from '@/features/contract-intake/api/preview-intake-deadlines';
import type { ContractColumns } from '@/features/contract-intake/lib/review-state';

const FORM_ZONES = { 'trec-20-18': 'America/Chicago', 'car-rpa': 'America/Los_Angeles', generic: 'America/Chicago' } as const;

/** The key dates the reviewed facts produce, before anything is saved. */
export function IntakeDeadlinePreview({ contract }: { contract: ContractColumns | null }) {
  const preview = useIntakeDeadlinePreview(contract);
  const zone = contract ? FORM_ZONES[contract.form] : 'America/Chicago';
  return (
    <section className="bg-muted/40 flex flex-col gap-2 rounded-lg border p-3" aria-labelledby="intake-preview-heading" data-testid="intake-preview">
      <h3 id="intake-preview-heading" className="font-semibold">
        Key dates these facts give
      </h3>
      {!contract?.effective_date ? (
        <p className="text-muted-foreground text-sm">Accept or enter the effective date to see the key dates.</p>
      ) : preview.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : preview.isError ? (
        <p className="text-destructive text-sm" role="alert">
          {preview.error.message}
        </p>
      ) : (
        <ol className="flex flex-col gap-1" aria-label="Previewed key dates">
          {preview.data.map((row) => (
            <li key={row.key} className="flex justify-between gap-3 text-sm" data-testid="intake-preview-deadline" data-key={row.key}>
              <span>{row.label}</span>
              <time dateTime={row.due_at} className="font-medium whitespace-nowrap">
                {new Date(row.due_at).toLocaleString('en-US', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
