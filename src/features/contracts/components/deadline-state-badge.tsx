import { AlertTriangle, CalendarClock, CheckCircle2, CircleSlash, Clock, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import type { DeadlineState } from '@/features/contracts/lib/countdown';

/** The state colours of issue 40: overdue red, due today amber, done green, waived muted; upcoming plain. */
export const DEADLINE_STATE_STYLES: Record<DeadlineState, { label: string; icon: LucideIcon; row: string; badge: string; iconColour: string }> = {
  overdue: {
    label: 'Overdue',
    icon: AlertTriangle,
    row: 'border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/40',
    badge: 'border-red-300 bg-red-100 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
    iconColour: 'text-red-700 dark:text-red-300',
  },
  today: {
    label: 'Due today',
    icon: Clock,
    row: 'border-amber-300 bg-amber-50 dark:border-amber-900 dark:bg-amber-950/40',
    badge: 'border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200',
    iconColour: 'text-amber-700 dark:text-amber-300',
  },
  upcoming: {
    label: 'Upcoming',
    icon: CalendarClock,
    row: 'bg-card',
    badge: 'border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-200',
    iconColour: 'text-muted-foreground',
  },
  done: {
    label: 'Done',
    icon: CheckCircle2,
    row: 'border-green-300 bg-green-50 dark:border-green-900 dark:bg-green-950/40',
    badge: 'border-green-300 bg-green-100 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200',
    iconColour: 'text-green-700 dark:text-green-300',
  },
  waived: {
    label: 'Waived',
    icon: CircleSlash,
    row: 'border-dashed bg-muted/40',
    badge: 'border-slate-300 bg-slate-100 text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300',
    iconColour: 'text-muted-foreground',
  },
};

export function DeadlineStateBadge({ state, className }: { state: DeadlineState; className?: string }) {
  const { label, badge } = DEADLINE_STATE_STYLES[state];
  return (
    <Badge variant="outline" className={cn(badge, className)}>
      {label}
    </Badge>
  );
}

export function DeadlineStateIcon({ state, className }: { state: DeadlineState; className?: string }) {
  const { icon: Icon, iconColour } = DEADLINE_STATE_STYLES[state];
  return <Icon aria-hidden className={cn('size-5 shrink-0', iconColour, className)} />;
}
