import { lazy, Suspense } from 'react';
import type { LabelTooltipProps } from '@/components/label-tooltip';

const LabelTooltip = lazy(() => import('@/components/label-tooltip').then((m) => ({ default: m.LabelTooltip })));

/**
 * A text tooltip whose code (Radix Tooltip and its positioning engine, ~15 KB
 * gzip) is not part of the first download: it is fetched when the first
 * tooltip renders (the collapsed sidebar), and until it arrives the child
 * shows alone, so the child must carry its own accessible name.
 */
export function LazyTooltip({ children, ...tooltip }: LabelTooltipProps) {
  return (
    <Suspense fallback={children}>
      <LabelTooltip {...tooltip}>{children}</LabelTooltip>
    </Suspense>
  );
}
