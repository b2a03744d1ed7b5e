import { daysBetween, formatZonedTime, localDate } from '@/features/contracts/lib/zoned-time';

/** How a deadline stands now: the timeline's colour and the Deadlines screen's group. */
export type DeadlineState = 'overdue' | 'today' | 'upcoming' | 'done' | 'waived';

interface DeadlineTiming {
  due_at: string | null;
  status: string;
}

/**
 * Overdue once its moment has passed; today while it is still ahead on the
 * same calendar day in the contract's zone; done and waived whatever the date.
 */
export function deadlineState(deadline: DeadlineTiming, now: Date, zone: string): DeadlineState {
  if (deadline.status === 'done') return 'done';
  if (deadline.status === 'waived') return 'waived';
  if (!deadline.due_at) return 'upcoming';
  const due = new Date(deadline.due_at);
  if (due.getTime() <= now.getTime()) return 'overdue';
  return localDate(due, zone) === localDate(now, zone) ? 'today' : 'upcoming';
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The countdown shown beside an open deadline, counted in calendar days of
 * the contract's zone: 'in 3 days', 'due tomorrow 11:59 PM', 'due today
 * 5:00 PM', 'overdue since 5:00 PM' (passed earlier today), 'overdue 2 days'.
 * Done and waived deadlines have none (null).
 */
export function countdownText(deadline: DeadlineTiming, now: Date, zone: string): string | null {
  const state = deadlineState(deadline, now, zone);
  if (state === 'done' || state === 'waived' || !deadline.due_at) return null;
  const due = new Date(deadline.due_at);
  const days = daysBetween(localDate(now, zone), localDate(due, zone));
  const time = formatZonedTime(due, zone);
  if (state === 'overdue') return days === 0 ? `overdue since ${time}` : `overdue ${plural(-days, 'day')}`;
  if (days === 0) return `due today ${time}`;
  if (days === 1) return `due tomorrow ${time}`;
  return `in ${plural(days, 'day')}`;
}
