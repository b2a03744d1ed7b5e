import { Badge } from '@/components/ui/badge';
import { asListingStatus, STATUS_COLOURS, STATUS_LABELS } from '@/lib/listing-status';
import { cn } from '@/lib/utils';

/** A listing's status in the detail screen's colours (spec part 1 §4). */
export function ListingStatusBadge({ status, className }: { status: string; className?: string }) {
  const value = asListingStatus(status);
  return (
    <Badge variant="outline" className={cn(STATUS_COLOURS[value], className)} data-testid="listing-status-badge">
      {STATUS_LABELS[value]}
    </Badge>
  );
}
