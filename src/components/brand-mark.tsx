import { House } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The ListingDesk logo and wordmark, as used in headers. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <span aria-hidden className="bg-primary text-primary-foreground grid size-8 place-items-center rounded-lg shadow-sm">
        <House className="size-4.5" strokeWidth={2.25} />
      </span>
      <span className="text-lg font-semibold tracking-tight">ListingDesk</span>
    </span>
  );
}
