import { CheckCircle2, CircleAlert } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { useStatusLabel } from '@/lib/listing-status';
import { cn } from '@/lib/utils';
import { useListingCompliance } from '@/features/compliance/api/get-listing-compliance';
import { describeMissing, type StageCompliance } from '@/features/compliance/lib/compliance-gate';

/** Required documents approved / required for each stage, with what is still missing or not approved. */
export function ComplianceProgress({ stages, compact = false }: { stages: StageCompliance[]; compact?: boolean }) {
  const label = useStatusLabel();
  const shown = stages.filter((stage) => stage.required > 0);
  if (shown.length === 0) return <p className="text-muted-foreground text-sm">No documents are required for this listing.</p>;
  return (
    <ul className={cn('grid gap-3', compact ? 'sm:grid-cols-3' : 'grid-cols-1')} aria-label="Compliance progress">
      {shown.map((stage) => {
        const complete = stage.missing.length === 0;
        return (
          <li key={stage.stage} className="flex flex-col gap-1.5 rounded-lg border p-3" data-testid={`compliance-stage-${stage.stage}`}>
            <div className="flex items-center justify-between gap-2 text-sm">
              <span className="flex items-center gap-1.5 font-medium">
                {complete ? <CheckCircle2 aria-hidden className="size-4 text-green-600" /> : <CircleAlert aria-hidden className="size-4 text-amber-600" />}
                To go {label(stage.stage)}
              </span>
              <span className="text-muted-foreground tabular-nums">
                {stage.approved}/{stage.required} approved
              </span>
            </div>
            <Progress value={stage.required ? (stage.approved / stage.required) * 100 : 100} aria-label={`Required documents approved to go ${label(stage.stage)}`} />
            {!compact && stage.missing.length > 0 && (
              <p className="text-muted-foreground text-xs">Missing or not approved: {stage.missing.map(describeMissing).join(', ')}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The listing screen's compact progress above its tabs (loads the listing's compliance itself). */
export function ListingComplianceStrip({ listingId }: { listingId: string }) {
  const compliance = useListingCompliance(listingId);
  if (!compliance.data || compliance.data.every((stage) => stage.required === 0)) return null;
  return <ComplianceProgress stages={compliance.data} compact />;
}
