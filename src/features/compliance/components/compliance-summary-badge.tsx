import { cn } from '@/lib/utils';

/** A dashboard card's one line: "Compliance 2/5". */
export function ComplianceSummaryBadge({ required, approved }: { required: number; approved: number }) {
  if (required === 0) return null;
  const complete = approved >= required;
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-medium', complete ? 'border-green-200 bg-green-50 text-green-800' : 'border-amber-200 bg-amber-50 text-amber-900')}
      aria-label={`Compliance: ${approved} of ${required} required documents approved`}
      data-testid="compliance-summary"
    >
      Compliance {approved}/{required}
    </span>
  );
}
