import { Skeleton } from '@/components/ui/skeleton';
import { useIntakeAccuracy } from '@/features/contract-intake/api/get-intake-accuracy';

const SOURCE_LABELS: Record<string, string> = { form_field: 'PDF form fields', text: 'Text layer', ocr: 'OCR (scanned pages)', ai: 'AI (verified quotes)' };

/**
 * System Stats: how often contract intake's proposals were saved exactly as
 * proposed, per reading source — the accuracy in use that no vendor
 * publishes. From intake_accuracy() (saved intakes only).
 */
export function IntakeAccuracyCard() {
  const accuracy = useIntakeAccuracy();
  return (
    <section className="rounded-lg border p-4" aria-labelledby="intake-accuracy-heading">
      <h2 id="intake-accuracy-heading" className="font-semibold">
        Contract intake: accepted as proposed
      </h2>
      <p className="text-muted-foreground mb-3 text-sm">Proposals of saved contract readings that people kept unchanged, by where they were read.</p>
      {accuracy.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : accuracy.isError ? (
        <p className="text-destructive text-sm">{accuracy.error.message}</p>
      ) : accuracy.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No contract has been saved from a reading yet.</p>
      ) : (
        <table className="w-full text-sm" data-testid="intake-accuracy">
          <thead>
            <tr className="text-muted-foreground text-left">
              <th className="py-1 font-medium">Source</th>
              <th className="py-1 text-right font-medium">Proposed</th>
              <th className="py-1 text-right font-medium">Accepted as proposed</th>
              <th className="py-1 text-right font-medium">Edited</th>
              <th className="py-1 text-right font-medium">Cleared</th>
            </tr>
          </thead>
          <tbody>
            {accuracy.data.map((row) => (
              <tr key={row.source} className="border-t">
                <td className="py-1">{SOURCE_LABELS[row.source] ?? row.source}</td>
                <td className="py-1 text-right">{row.proposed}</td>
                <td className="py-1 text-right font-medium">
                  {row.accepted_rate}% ({row.accepted_as_proposed})
                </td>
                <td className="py-1 text-right">{row.edited}</td>
                <td className="py-1 text-right">{row.cleared}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
