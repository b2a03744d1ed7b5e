import { Badge } from '@/components/ui/badge';
import { statusColours, statusWords, useStatusLabel } from '@/lib/listing-status';
import { cn } from '@/lib/utils';

/**
 * A listing's status. `detail` (default): the detail screen's colours and the
 * label of public.listing_statuses (spec part 1 §4); `dashboard`: the
 * coordinator dashboard's colours, the stored value with underscores as spaces
 * (spec part 2 §2, §4).
 */
export function ListingStatusBadge({ status, palette = 'detail', className }: { status: string; palette?: 'detail' | 'dashboard'; className?: string }) {
  const label = useStatusLabel();
  const dashboard = palette === 'dashboard';
  return (
    <Badge
      variant="outline"
      className={cn(statusColours(status, palette), dashboard && 'capitalize', className)}
      data-testid="listing-status-badge"
      data-status={status}
    >
      {dashboard ? statusWords(status) : label(status)}
    </Badge>
  );
}
