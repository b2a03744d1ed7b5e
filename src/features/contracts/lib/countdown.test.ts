import { describe, expect, it } from 'vitest';
import { countdownText, deadlineState } from '@/features/contracts/lib/countdown';

const CHICAGO = 'America/Chicago';
const open = (due_at: string) => ({ due_at, status: 'open' });

describe('countdowns in the contract time zone', () => {
  // Wed 2026-07-01 10:00 AM in Chicago (CDT, UTC-5).
  const now = new Date('2026-07-01T15:00:00Z');

  it('counts whole calendar days ahead', () => {
    expect(countdownText(open('2026-07-05T04:59:00Z'), now, CHICAGO), 'Sat 11:59 PM Chicago is three calendar days ahead').toBe('in 3 days');
    expect(countdownText(open('2026-07-02T22:00:00Z'), now, CHICAGO), 'tomorrow names the local time').toBe('due tomorrow 5:00 PM');
  });

  it('says due today with the local cut-off while the moment is still ahead', () => {
    const deadline = open('2026-07-01T22:00:00Z');
    expect(countdownText(deadline, now, CHICAGO), '5:00 PM Chicago on the same day').toBe('due today 5:00 PM');
    expect(deadlineState(deadline, now, CHICAGO), 'a deadline later today is amber').toBe('today');
  });

  it('counts overdue days once the moment has passed', () => {
    expect(countdownText(open('2026-06-29T22:00:00Z'), now, CHICAGO), 'two days ago').toBe('overdue 2 days');
    expect(countdownText(open('2026-06-30T22:00:00Z'), now, CHICAGO), 'one day ago').toBe('overdue 1 day');
    expect(countdownText(open('2026-07-01T14:00:00Z'), now, CHICAGO), 'passed earlier today').toBe('overdue since 9:00 AM');
    expect(deadlineState(open('2026-07-01T14:00:00Z'), now, CHICAGO), 'passed today is overdue, not today').toBe('overdue');
  });

  it('uses the contract zone, not UTC, to decide which day it is', () => {
    // 11:59 PM Chicago on Jul 1 is 04:59 UTC on Jul 2: still "today" in Chicago.
    expect(countdownText(open('2026-07-02T04:59:00Z'), now, CHICAGO), 'late evening in Chicago is still today there').toBe('due today 11:59 PM');
    expect(countdownText(open('2026-07-02T04:59:00Z'), now, 'America/Los_Angeles'), 'in Los Angeles the same instant is 9:59 PM').toBe('due today 9:59 PM');
  });

  it('keeps the local cut-off across a daylight-saving change', () => {
    // Sun 2026-11-01 clocks fall back in Chicago; Mon 2026-11-02 5:00 PM CST is 23:00 UTC.
    expect(countdownText(open('2026-11-02T23:00:00Z'), new Date('2026-10-31T15:00:00Z'), CHICAGO), 'two days ahead at 5:00 PM local').toBe('in 2 days');
    expect(countdownText(open('2026-11-02T23:00:00Z'), new Date('2026-11-02T15:00:00Z'), CHICAGO), 'after the change the cut-off still reads 5:00 PM').toBe('due today 5:00 PM');
  });

  it('has no countdown for done or waived deadlines, whatever the date', () => {
    expect(countdownText({ due_at: '2026-06-01T22:00:00Z', status: 'done' }, now, CHICAGO), 'done').toBeNull();
    expect(deadlineState({ due_at: '2026-06-01T22:00:00Z', status: 'waived' }, now, CHICAGO), 'waived stays waived when past').toBe('waived');
    expect(deadlineState({ due_at: '2026-06-01T22:00:00Z', status: 'done' }, now, CHICAGO), 'done stays done when past').toBe('done');
  });
});
