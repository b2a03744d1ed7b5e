import { Skeleton } from '@/components/ui/skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PreviewedDeadline } from '@/features/contracts/api/preview-contract-deadlines';
import { formatZonedDateTime } from '@/features/contracts/lib/zoned-time';
import { RuleText } from '@/features/contracts/components/rule-text';

/**
 * The key dates the contract will get, computed by the database as the
 * facts are typed (the same function that computes a saved contract's
 * deadlines), so nobody saves a contract to find out its dates.
 */
export function DeadlinePreview({ preview, zone, waitingFor }: { preview: UseQueryResult<PreviewedDeadline[]>; zone: string | undefined; waitingFor: string | null }) {
  return (
    <section className="bg-muted/40 flex flex-col gap-3 rounded-lg border p-4" aria-labelledby="contract-preview-heading" data-testid="contract-preview">
      <div>
        <h3 id="contract-preview-heading" className="font-semibold">
          Key dates preview
        </h3>
        <p className="text-muted-foreground text-xs">Computed by the form&apos;s rules{zone ? `, ${zone} time` : ''}.</p>
      </div>
      {waitingFor ? (
        <p className="text-muted-foreground text-sm">{waitingFor}</p>
      ) : preview.isPending || !zone ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : preview.isError ? (
        <p className="text-destructive text-sm" role="alert">
          {preview.error.message}
        </p>
      ) : preview.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">This form computes no dates from these facts; add a closing date or custom deadlines after saving.</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Previewed key dates" aria-busy={preview.isFetching}>
          {preview.data.map((row) => (
            <li key={row.key} className="bg-card flex flex-col gap-1 rounded-md border p-2.5" data-testid="preview-deadline" data-key={row.key}>
              <span className="text-sm font-medium">{row.label}</span>
              <time dateTime={row.due_at} className="text-sm">
                {formatZonedDateTime(new Date(row.due_at), zone)}
              </time>
              <RuleText rule={row.rule} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
