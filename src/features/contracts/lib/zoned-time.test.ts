import { describe, expect, it } from 'vitest';
import { formatZonedDateTime, localDate, localTime, zonedTimeToInstant } from '@/features/contracts/lib/zoned-time';

describe('wall-clock times in a contract zone', () => {
  it('turns a local date and time into the instant, in summer and winter', () => {
    expect(zonedTimeToInstant('2026-07-06', '23:59', 'America/Chicago').toISOString(), 'CDT is UTC-5').toBe('2026-07-07T04:59:00.000Z');
    expect(zonedTimeToInstant('2026-12-24', '17:00', 'America/Chicago').toISOString(), 'CST is UTC-6').toBe('2026-12-24T23:00:00.000Z');
    expect(zonedTimeToInstant('2026-07-06', '23:59', 'America/Los_Angeles').toISOString(), 'PDT is UTC-7').toBe('2026-07-07T06:59:00.000Z');
  });

  it('lands on the right side of a daylight-saving change', () => {
    expect(zonedTimeToInstant('2026-03-08', '17:00', 'America/Chicago').toISOString(), 'the spring-forward day ends in CDT').toBe('2026-03-08T22:00:00.000Z');
    expect(zonedTimeToInstant('2026-11-01', '17:00', 'America/Chicago').toISOString(), 'the fall-back day ends in CST').toBe('2026-11-01T23:00:00.000Z');
    expect(zonedTimeToInstant('2026-03-08', '01:30', 'America/Chicago').toISOString(), 'before the change it is still CST').toBe('2026-03-08T07:30:00.000Z');
  });

  it('reads an instant back as the local date and time', () => {
    const instant = new Date('2026-07-07T04:59:00Z');
    expect(localDate(instant, 'America/Chicago'), 'still Jul 6 in Chicago').toBe('2026-07-06');
    expect(localTime(instant, 'America/Chicago'), 'at 23:59').toBe('23:59');
    expect(formatZonedDateTime(instant, 'America/Chicago'), 'with weekday and zone name').toBe('Mon, Jul 6, 2026, 11:59 PM CDT');
  });
});
