import { formatTimestamp } from '@/lib/format-timestamp';
import { cn } from '@/lib/utils';
import type { ContractDeadline } from '@/features/contracts/api/get-contracts';
import { countdownText, deadlineState } from '@/features/contracts/lib/countdown';
import { formatZonedDateTime } from '@/features/contracts/lib/zoned-time';
import { DeadlineActions } from '@/features/contracts/components/deadline-actions';
import { DEADLINE_STATE_STYLES, DeadlineStateBadge, DeadlineStateIcon } from '@/features/contracts/components/deadline-state-badge';
import { RuleText } from '@/features/contracts/components/rule-text';

const personName = (person: { first_name: string | null; last_name: string | null } | null) =>
  person ? [person.first_name, person.last_name].filter(Boolean).join(' ') || 'someone' : 'someone';

/** Who settled a deadline and when (in the reader's own time, like every other timestamp of the app). */
function settledText(deadline: ContractDeadline): string | null {
  if (deadline.status === 'done' && deadline.done_at) return `Done ${formatTimestamp(deadline.done_at)} by ${personName(deadline.done_by_user)}`;
  if (deadline.status === 'waived' && deadline.waived_at) return `Waived ${formatTimestamp(deadline.waived_at)} by ${personName(deadline.waived_by_user)}`;
  return null;
}

/**
 * One key date on the timeline: its state colour, the date in the
 * contract's zone with its countdown, the computed date beside a
 * hand-changed one, who settled it, the rule on demand, and the actions
 * when the viewer may change it.
 */
export function DeadlineRow({
  deadline,
  zone,
  now,
  contractActive,
  editable,
}: {
  deadline: ContractDeadline;
  zone: string;
  now: Date;
  /** A closed or terminated contract's open deadlines no longer count down: they are history, not overdue. */
  contractActive: boolean;
  editable: boolean;
}) {
  const counting = contractActive || deadline.status !== 'open';
  const state = counting ? deadlineState(deadline, now, zone) : 'upcoming';
  const countdown = contractActive ? countdownText(deadline, now, zone) : null;
  const changedByHand = !deadline.is_custom && deadline.due_at_override !== null && deadline.computed_due_at !== null;
  const settled = settledText(deadline);

  return (
    <li
      className={cn('flex gap-2.5 rounded-lg border p-3 sm:gap-3 sm:p-4', DEADLINE_STATE_STYLES[state].row)}
      data-testid="deadline"
      data-key={deadline.key}
      data-state={state}
    >
      <DeadlineStateIcon state={state} className="mt-0.5" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <span className={cn('font-medium', state === 'waived' && 'line-through')}>{deadline.label}</span>
              {counting && <DeadlineStateBadge state={state} />}
              {deadline.is_custom && <span className="text-foreground/75 text-xs">Added by hand</span>}
            </div>
            <p className="text-sm">
              {deadline.due_at ? <time dateTime={deadline.due_at}>{formatZonedDateTime(new Date(deadline.due_at), zone)}</time> : 'No date'}
              {countdown && (
                // Its own line on a phone; after a dot beside the date on wider screens.
                <span className="block font-medium sm:inline" data-testid="countdown">
                  <span aria-hidden className="hidden sm:inline">
                    {' · '}
                  </span>
                  {countdown}
                </span>
              )}
            </p>
            {changedByHand && (
              <p className="text-foreground/75 text-xs" data-testid="computed-date">
                Changed by hand · computed: <time dateTime={deadline.computed_due_at!}>{formatZonedDateTime(new Date(deadline.computed_due_at!), zone)}</time>
              </p>
            )}
            {settled && <p className="text-foreground/75 text-xs">{settled}</p>}
          </div>
          {editable && <DeadlineActions deadline={deadline} zone={zone} />}
        </div>
        <RuleText rule={deadline.rule} />
      </div>
    </li>
  );
}
