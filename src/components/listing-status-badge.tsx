import { Badge } from '@/components/ui/badge';
import { asListingStatus, DASHBOARD_STATUS_COLOURS, STATUS_COLOURS, STATUS_LABELS, statusWords } from '@/lib/listing-status';
import { cn } from '@/lib/utils';

/**
 * A listing's status. `detail` (default): the detail screen's colours and labels
 * (spec part 1 §4); `dashboard`: the coordinator dashboard's colours, the stored
 * value with underscores as spaces (spec part 2 §2, §4).
 */
export function ListingStatusBadge({ status, palette = 'detail', className }: { status: string; palette?: 'detail' | 'dashboard'; className?: string }) {
  const value = asListingStatus(status);
  const dashboard = palette === 'dashboard';
  return (
    <Badge
      variant="outline"
      className={cn(dashboard ? DASHBOARD_STATUS_COLOURS[value] : STATUS_COLOURS[value], dashboard && 'capitalize', className)}
      data-testid="listing-status-badge"
      data-status={status}
    >
      {dashboard ? statusWords(status) : STATUS_LABELS[value]}
    </Badge>
  );
}
