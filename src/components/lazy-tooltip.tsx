import { lazy, Suspense } from 'react';
import type { LabelTooltipProps } from '@/components/label-tooltip';
import { useIdle } from '@/hooks/use-idle';

const LabelTooltip = lazy(() => import('@/components/label-tooltip').then((m) => ({ default: m.LabelTooltip })));

/**
 * A text tooltip whose code (Radix Tooltip and its positioning engine) is not
 * part of the first download: it loads once the browser is idle, and until
 * then the child shows alone, so the child must carry its own accessible name.
 */
export function LazyTooltip({ children, ...tooltip }: LabelTooltipProps) {
  const idle = useIdle();
  if (!idle) return children;
  return (
    <Suspense fallback={children}>
      <LabelTooltip {...tooltip}>{children}</LabelTooltip>
    </Suspense>
  );
}
