/**
 * Business days cost what the holidays cost, not what the days cost (issue
 * 51 item 9). A day count people give (a template item's offset, a contract
 * fact such as option_days) is bounded to what contracts use, ±365 days, and
 * refused beyond with 400 and a message naming the field, whichever way it
 * is written (save_checklist_template, a REST write of checklist_template_items,
 * preview_contract_deadlines, a contract insert). private.add_business_days
 * counts whole weeks by arithmetic and skips only the weekday holidays in the
 * range; it must give exactly what the day-by-day walk gave: compared here
 * with a straightforward day-by-day reference (private.is_business_day, the
 * definition of a business day, read once per day) over many (start, n)
 * pairs, custom holidays included. The speed is measured, not asserted here:
 * `npm run bench -- business-days`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { createTeam, listingOf, type Team } from '../support/contract-fixtures.ts';

let team: Team;
let templateId: string;

beforeAll(async () => {
  team = await createTeam('BizDays');
  const created = await team.coordinator.client.rpc('save_checklist_template', {
    template: { name: 'Business days bounds', conditions: { states: ['VT'] } },
    items: [{ kind: 'task', title: 'Within the bound', assignee: 'coordinator', anchor: 'listing_created', offset_days: 365, offset_unit: 'business' }],
  });
  expect(created.error, 'the coordinator saves a template with an offset of 365 business days (the bound itself)').toBeNull();
  templateId = created.data as string;
});

afterAll(async () => {
  if (templateId) await withDb((db) => db.query('delete from public.checklist_templates where id = $1', [templateId]));
});

describe('day counts people give are bounded to ±365 days (400 beyond, naming the field)', () => {
  it('save_checklist_template refuses an item offset beyond ±365 days', async () => {
    for (const offset of [366, -366, 3650]) {
      const res = await team.coordinator.client.rpc('save_checklist_template', {
        template: { name: 'Too far', conditions: { states: ['VT'] } },
        items: [{ kind: 'task', title: 'Far away', assignee: 'agent', anchor: 'closing_date', offset_days: offset, offset_unit: 'business' }],
      });
      expect({ status: res.status, message: res.error?.message }, `an offset of ${offset} days is refused`).toEqual({
        status: 400,
        message: 'item 1: offset_days must be a whole number of days from -365 to 365',
      });
    }
  });

  it('a REST write of checklist_template_items is refused beyond ±365 days too', async () => {
    const inserted = await team.coordinator.client
      .from('checklist_template_items')
      .insert({ template_id: templateId, kind: 'task', title: 'Ten years on', assignee: 'coordinator', anchor: 'listing_created', offset_days: 3650, offset_unit: 'business' })
      .select('id');
    expect({ status: inserted.status, message: inserted.error?.message }, 'an insert of 3,650 days is a 400 with the rule').toEqual({
      status: 400,
      message: 'offset_days must be a whole number of days from -365 to 365, got 3650',
    });
    const updated = await team.coordinator.client.from('checklist_template_items').update({ offset_days: -400 }).eq('template_id', templateId).select('id');
    expect({ status: updated.status, message: updated.error?.message }, 'an update to -400 days is a 400 with the rule').toEqual({
      status: 400,
      message: 'offset_days must be a whole number of days from -365 to 365, got -400',
    });
    const kept = await team.coordinator.client.from('checklist_template_items').select('offset_days').eq('template_id', templateId);
    expect(kept.data, 'the template keeps its one item of 365 days').toEqual([{ offset_days: 365 }]);
  });

  it('contract day facts are bounded to 0..365 in the preview and when a contract is recorded', async () => {
    const preview = await team.agent.client.rpc('preview_contract_deadlines', { form: 'trec-20-18', facts: { effective_date: '2026-06-01', option_days: 366 } });
    expect({ status: preview.status, message: preview.error?.message }, 'the preview refuses 366 option days').toEqual({
      status: 400,
      message: 'option_days must be a whole number of days from 0 to 365, got 366',
    });
    const fine = await team.agent.client.rpc('preview_contract_deadlines', { form: 'car-rpa', facts: { acceptance_date: '2026-06-01', escrow_days: 365 } });
    expect(fine.error, '365 days is allowed').toBeNull();

    const listing = await listingOf(team, '7 Bounded Days Rd, Burlington, VT');
    const recorded = await team.agent.client
      .from('contracts')
      .insert({ listing_id: listing, form: 'trec-20-18', effective_date: '2026-06-01', financing_days: 3650 })
      .select('id');
    expect({ status: recorded.status, message: recorded.error?.message }, 'a contract with 3,650 financing days is refused').toEqual({
      status: 400,
      message: 'financing_days must be a whole number of days from 0 to 365, got 3650',
    });
  });
});

describe('private.add_business_days equals the day-by-day walk', () => {
  // Custom holidays of a super admin, on a weekday, on a Saturday and on a federal holiday's day, for the comparison.
  const CUSTOM = [
    ['2026-03-31', 'Cesar Chavez Day (test)'],
    ['2027-03-27', 'A Saturday holiday (test)'],
    ['2026-11-26', 'Thanksgiving too (test)'],
    ['2031-08-13', 'Founders Day (test)'],
  ] as const;

  beforeAll(async () => {
    await withDb((db) => db.query(`insert into public.custom_holidays (day, name) select * from unnest($1::date[], $2::text[])`, [CUSTOM.map((c) => c[0]), CUSTOM.map((c) => c[1])]));
  });

  afterAll(async () => {
    await withDb((db) => db.query(`delete from public.custom_holidays where name like '%(test)'`));
  });

  it('gives the same day as the day-by-day reference for every (start, n) pair', async () => {
    // The reference: which days are no business days, by the definition (private.is_business_day: a
    // Saturday, a Sunday, a day of private.federal_holidays of its year or a custom_holidays row),
    // for the years compared and the edges of the federal holiday table (1900 and 2199).
    const windows: Array<[string, string]> = [['2015-01-01', '2045-12-31'], ['1898-01-01', '1901-12-31'], ['2198-01-01', '2201-12-31']];
    const { holidays, spotCheck } = await withDb(async (db) => {
      const { rows } = await db.query<{ day: string }>(
        `select f.day::text as day from unnest($1::integer[]) y, private.federal_holidays(y) f
         union select c.day::text from public.custom_holidays c`,
        [windows.flatMap(([a, b]) => Array.from({ length: Number(b.slice(0, 4)) - Number(a.slice(0, 4)) + 1 }, (_, i) => Number(a.slice(0, 4)) + i))],
      );
      // Asked of private.is_business_day itself, one day at a time, for 14 months with every kind of holiday.
      const check = await db.query<{ day: string }>(`select g::date::text as day from generate_series('2026-06-01'::date, '2027-07-31'::date, interval '1 day') g where not private.is_business_day(g::date)`);
      return { holidays: new Set(rows.map((r) => r.day)), spotCheck: check.rows.map((r) => r.day) };
    });
    const inWindow = (day: string) => windows.some(([a, b]) => day >= a && day <= b);
    const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
    const nonBusiness = { has: (day: string) => isWeekend(day) || holidays.has(day) };
    const referenceNonBusiness: string[] = [];
    for (let t = Date.parse('2026-06-01T00:00:00Z'); t <= Date.parse('2027-07-31T00:00:00Z'); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      if (nonBusiness.has(day)) referenceNonBusiness.push(day);
    }
    expect(referenceNonBusiness, 'the reference\'s days off are private.is_business_day\'s (June 2026 to July 2027)').toEqual(spotCheck);
    const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
    const DAY = 86_400_000;
    const walk = (start: string, n: number): string => {
      let t = Date.parse(`${start}T00:00:00Z`);
      const step = n < 0 ? -DAY : DAY;
      for (let remaining = Math.abs(n); remaining > 0; ) {
        t += step;
        const day = iso(t);
        if (!inWindow(day)) throw new Error(`the reference ran out of days at ${day}`);
        if (!nonBusiness.has(day)) remaining--;
      }
      return iso(t);
    };

    const starts = new Set<string>([
      // Weekends, holidays and their observed days, year ends.
      '2026-07-03', '2026-07-04', '2026-07-05', // July 4 on a Saturday, observed Friday July 3
      '2027-07-02', '2027-07-04', '2027-07-05', // July 4 on a Sunday, observed Monday July 5
      '2021-12-31', '2022-01-01', '2022-01-02', // New Year's Day on a Saturday, observed Friday Dec 31 of the year before
      '2023-01-01', '2023-01-02', '2026-12-24', '2026-12-25', '2026-12-31', '2027-12-24', '2027-12-31',
      '2026-11-25', '2026-11-26', '2026-11-27', '2026-05-22', '2026-05-25', '2026-01-19',
      '2026-03-30', '2026-03-31', '2027-03-26', '2027-03-27', '2031-08-12', '2031-08-13',
      '2026-06-06', '2026-06-07', '2026-06-19', '2027-06-18', '2027-06-19', '2027-06-20',
      '2032-12-31', '2033-01-01', '2033-01-03', '2040-02-29',
    ]);
    // And a start every 53 days from 2019 to 2041, landing on every weekday in turn.
    for (let t = Date.parse('2019-01-03T00:00:00Z'); t <= Date.parse('2041-06-30T00:00:00Z'); t += 53 * DAY) starts.add(iso(t));
    const counts = [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 7, -7, 10, -10, 15, -15, 21, -21, 30, -30, 64, -64, 100, -100, 250, -250, 364, -364, 365, -365];
    const pairs: Array<[string, number]> = [];
    for (const start of starts) for (const n of counts) pairs.push([start, n]);
    // Far beyond the bound, for the arithmetic itself (the function takes any n).
    for (const start of ['2026-07-04', '2030-01-01', '2030-06-15']) for (const n of [1000, -1000, 2500, -2500]) pairs.push([start, n]);
    // Across the edges of the federal holiday table (years outside it are computed).
    for (const start of ['1899-12-29', '1900-01-01', '1900-06-30', '2199-12-24', '2199-12-31', '2200-01-01', '2200-06-30'])
      for (const n of [0, 1, -1, 5, -5, 30, -30, 150, -150]) pairs.push([start, n]);

    const computed = await withDb(async (db) => {
      const { rows } = await db.query<{ day: string }>(
        `select private.add_business_days(p.start, p.n)::text as day from unnest($1::date[], $2::integer[]) with ordinality as p(start, n, i) order by p.i`,
        [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
      );
      return rows.map((r) => r.day);
    });
    const mismatches = pairs
      .map(([start, n], i) => ({ start, n, computed: computed[i], reference: walk(start, n) }))
      .filter((m) => m.computed !== m.reference);
    expect(pairs.length, 'many pairs compared').toBeGreaterThan(5000);
    expect(mismatches.slice(0, 10), `add_business_days(start, n) equals the day-by-day walk for all ${pairs.length} pairs`).toEqual([]);
  });
});
