/**
 * When a key-date message goes (private.key_date_send_at): the key date's
 * local day ± N days at the template's time in the contract's zone; a
 * calendar day on a weekend or legal holiday moves to the business day before
 * unless the template allows weekends; business days skip both; the local
 * time holds across a daylight-saving change.
 */
import { describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';

type Case = [name: string, dueAt: string, offsetDays: number, unit: 'calendar' | 'business', weekends: boolean, expected: string];

const CASES: Case[] = [
  ['a Saturday moves to Friday', '2026-11-29T17:00:00-06:00', -1, 'calendar', false, '2026-11-27T15:00:00.000Z'],
  ['a Saturday stays when weekends are allowed', '2026-11-29T17:00:00-06:00', -1, 'calendar', true, '2026-11-28T15:00:00.000Z'],
  ['Thanksgiving moves to the Wednesday before', '2026-11-27T17:00:00-06:00', -1, 'calendar', false, '2026-11-25T15:00:00.000Z'],
  ['business days skip the weekend and Independence Day (observed Fri Jul 3)', '2026-07-06T17:00:00-05:00', -1, 'business', false, '2026-07-02T14:00:00.000Z'],
  ['9:00 AM stays 9:00 AM across the spring change (weekend allowed)', '2026-03-09T17:00:00-05:00', -1, 'calendar', true, '2026-03-08T14:00:00.000Z'],
  ['after the key date, a business day', '2026-12-24T23:59:00-06:00', 1, 'calendar', false, '2026-12-28T15:00:00.000Z'],
];

describe('key-date send moments', () => {
  it.each(CASES)('%s', async (_name, dueAt, offsetDays, unit, weekends, expected) => {
    const sendAt = await withDb(async (db) => {
      const { rows } = await db.query<{ send_at: Date }>(
        `select private.key_date_send_at($1::timestamptz, 'America/Chicago', $2, $3, time '09:00', $4) as send_at`,
        [dueAt, offsetDays, unit, weekends],
      );
      return rows[0].send_at;
    });
    expect(sendAt.toISOString()).toBe(expected);
  });
});
