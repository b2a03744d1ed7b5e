import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const REVIEW_LOOK: Record<string, { label: string; className: string }> = {
  submitted: { label: 'Waiting for review', className: 'border-amber-200 bg-amber-100 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200' },
  approved: { label: 'Approved', className: 'border-green-200 bg-green-100 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-200' },
  returned: { label: 'Returned', className: 'border-red-200 bg-red-100 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200' },
};

/** A document's review state (documents.review_state); nothing when the document needs no review. */
export function ReviewStateBadge({ state, className }: { state: string | null; className?: string }) {
  const look = state ? REVIEW_LOOK[state] : undefined;
  if (!look) return null;
  return (
    <Badge variant="outline" className={cn(look.className, className)}>
      {look.label}
    </Badge>
  );
}
