import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

export type StatusLevel = 'operational' | 'degraded' | 'down' | 'unavailable';

const LEVELS: Record<StatusLevel, { label: string; dot: string }> = {
  operational: { label: 'Operational', dot: 'bg-emerald-500' },
  degraded: { label: 'Degraded', dot: 'bg-amber-500' },
  down: { label: 'Down', dot: 'bg-red-500' },
  unavailable: { label: 'Unavailable', dot: 'bg-zinc-400' },
};

/** An outline badge with a coloured dot, so status reads at a glance without leaning on colour alone. */
export function StatusBadge({ level, className }: { level: StatusLevel; className?: string }) {
  const { label, dot } = LEVELS[level];
  return (
    <Badge variant="outline" className={cn('gap-1.5 font-medium', className)} data-status={level}>
      <span aria-hidden className={cn('size-1.5 rounded-full', dot)} />
      {label}
    </Badge>
  );
}
