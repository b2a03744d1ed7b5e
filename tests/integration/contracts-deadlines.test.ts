/**
 * The key-date engine: public.preview_contract_deadlines(form, facts), called
 * through supabase.rpc by real signed-in users (gateway → PostgREST), on the
 * dates where counting goes wrong: holidays on weekends and their observed
 * days, Thanksgiving, Christmas, a year end, business days across Memorial
 * Day, a TREC option period ending on a Sunday, both daylight-saving changes;
 * bad input is a 400 saying which fact; custom holidays are a super admin's.
 * The federal holidays and a sample of computed dates are checked against an
 * independent TypeScript computation (tests/support/us-federal-holidays.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, withDb } from '../support/clients.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';
import { federalHolidays, localInstant, nextBusinessDay, nthBusinessDayAfter } from '../support/us-federal-holidays.ts';

let agent: Actor, admin: Actor;
const addedHolidays: string[] = [];

beforeAll(async () => {
  agent = await createActor('EngineAgent', 'agent');
  admin = await createActor('EngineAdmin', 'super_admin');
});

afterAll(async () => {
  if (addedHolidays.length > 0) await withDb((db) => db.query('delete from public.custom_holidays where id = any($1)', [addedHolidays]));
});

interface Deadline {
  key: string;
  label: string;
  due_at: string;
  rule: string;
}

async function preview(form: string, facts: Record<string, unknown>, actor = agent): Promise<Record<string, Deadline>> {
  const { data, error } = await actor.client.rpc('preview_contract_deadlines', { form, facts });
  expect(error, `preview of ${form} ${JSON.stringify(facts)} succeeds`).toBeNull();
  return Object.fromEntries((data as Deadline[]).map((d) => [d.key, d]));
}

/** The instant as an ISO string in UTC, as Postgres' timestamptz reads it. */
const utc = (iso: string) => new Date(iso).toISOString();

describe('preview_contract_deadlines: TREC 20-18 (America/Chicago, calendar days)', () => {
  it('moves the earnest money off Independence Day on a Saturday to the Monday (Friday was the observed holiday)', async () => {
    const d = await preview('trec-20-18', { effective_date: '2026-07-01', option_days: 7 });
    expect(utc(d.earnest_money.due_at), 'E+3 = Sat 2026-07-04 → Mon 2026-07-06 11:59 PM CDT').toBe('2026-07-07T04:59:00.000Z');
    expect(d.earnest_money.rule, 'the rule says how the date came about').toBe(
      '3 days after Wed 2026-07-01 is Sat 2026-07-04, Independence Day: moved to Mon 2026-07-06, 11:59 PM America/Chicago',
    );
    expect(utc(d.option_fee.due_at), 'the option fee rolls the same way').toBe('2026-07-07T04:59:00.000Z');
  });

  it('treats the observed Friday 2026-07-03 as a holiday too', async () => {
    const d = await preview('trec-20-18', { effective_date: '2026-06-30' });
    expect(d.earnest_money.rule, 'Fri 2026-07-03 is Independence Day (observed)').toBe(
      '3 days after Tue 2026-06-30 is Fri 2026-07-03, Independence Day (observed): moved to Mon 2026-07-06 (skipping Independence Day Sat 2026-07-04), 11:59 PM America/Chicago',
    );
  });

  it('moves a deadline off Thanksgiving to the Friday after, which is no federal holiday', async () => {
    const d = await preview('trec-20-18', { effective_date: '2026-11-23' });
    expect(utc(d.earnest_money.due_at), 'Thu 2026-11-26 → Fri 2026-11-27 11:59 PM CST').toBe('2026-11-28T05:59:00.000Z');
    expect(d.earnest_money.rule).toContain('Thanksgiving: moved to Fri 2026-11-27');
  });

  it('does not move the option period ending on a Sunday, and ends it at 5:00 PM', async () => {
    const d = await preview('trec-20-18', { effective_date: '2026-03-05', option_days: 10 });
    expect(utc(d.option_period_end.due_at), 'Sun 2026-03-15 5:00 PM CDT').toBe('2026-03-15T22:00:00.000Z');
    expect(d.option_period_end.rule).toBe('10 days after Thu 2026-03-05 is Sun 2026-03-15, a Sunday: not moved, 5:00 PM America/Chicago');
  });

  it('keeps the cut-off at 5:00 PM and 11:59 PM local on both sides of the March and November clock changes', async () => {
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ effective_date: '2026-03-02', option_days: 5 }, 'option_period_end', '2026-03-07T23:00:00.000Z', 'Sat before spring forward: 5:00 PM CST (UTC-6)'],
      [{ effective_date: '2026-03-02', option_days: 7 }, 'option_period_end', '2026-03-09T22:00:00.000Z', 'Mon after spring forward: 5:00 PM CDT (UTC-5)'],
      [{ effective_date: '2026-03-02', title_commitment_days: 5 }, 'title_commitment', '2026-03-08T05:59:00.000Z', 'Sat 11:59 PM CST'],
      [{ effective_date: '2026-03-02', title_commitment_days: 6 }, 'title_commitment', '2026-03-09T04:59:00.000Z', 'Sun 2026-03-08 (the change day) 11:59 PM CDT'],
      [{ effective_date: '2026-10-26', option_days: 5 }, 'option_period_end', '2026-10-31T22:00:00.000Z', 'Sat before fall back: 5:00 PM CDT'],
      [{ effective_date: '2026-10-26', option_days: 7 }, 'option_period_end', '2026-11-02T23:00:00.000Z', 'Mon after fall back: 5:00 PM CST'],
      [{ effective_date: '2026-10-26', title_commitment_days: 6 }, 'title_commitment', '2026-11-02T05:59:00.000Z', 'Sun 2026-11-01 (the change day) 11:59 PM CST'],
    ];
    for (const [facts, key, expected, why] of cases) {
      const d = await preview('trec-20-18', facts);
      expect(utc(d[key].due_at), why).toBe(expected);
    }
  });

  it('gives the title commitment 20 days by default, survey and financing only when their days are given, closing from closing_date', async () => {
    const bare = await preview('trec-20-18', { effective_date: '2026-04-01' });
    expect(Object.keys(bare).sort(), 'without optional facts').toEqual(['earnest_money', 'option_fee', 'title_commitment']);
    expect(utc(bare.title_commitment.due_at), 'E + 20 = Tue 2026-04-21 11:59 PM CDT').toBe('2026-04-22T04:59:00.000Z');
    const full = await preview('trec-20-18', { effective_date: '2026-04-01', option_days: 5, survey_days: 10, financing_days: 15, closing_date: '2026-05-15' });
    expect(Object.keys(full).sort()).toEqual(['closing', 'earnest_money', 'financing_approval', 'option_fee', 'option_period_end', 'survey', 'title_commitment']);
    expect(utc(full.closing.due_at), 'closing date 11:59 PM').toBe('2026-05-16T04:59:00.000Z');
  });

  it('orders rows by due date, then key, and honours a time_zone fact', async () => {
    const { data } = await agent.client.rpc('preview_contract_deadlines', { form: 'trec-20-18', facts: { effective_date: '2026-04-01', time_zone: 'America/New_York' } });
    const rows = data as Deadline[];
    expect(rows.map((r) => r.key), 'same day: earnest_money before option_fee').toEqual(['earnest_money', 'option_fee', 'title_commitment']);
    expect(utc(rows[0].due_at), 'Sat 2026-04-04 → Mon 2026-04-06 11:59 PM EDT').toBe('2026-04-07T03:59:00.000Z');
    expect(rows[0].rule).toContain('America/New_York');
  });
});

describe('preview_contract_deadlines: C.A.R. RPA (America/Los_Angeles, every deadline rolls)', () => {
  it("counts the deposit's 3 business days across Memorial Day", async () => {
    const d = await preview('car-rpa', { acceptance_date: '2026-05-22' });
    expect(utc(d.deposit.due_at), 'Thu 2026-05-28 11:59 PM PDT').toBe('2026-05-29T06:59:00.000Z');
    expect(d.deposit.rule).toBe('3 business days after Fri 2026-05-22 (skipping Memorial Day Mon 2026-05-25) is Thu 2026-05-28, 11:59 PM America/Los_Angeles');
  });

  it('moves a deadline off Christmas past the weekend', async () => {
    const d = await preview('car-rpa', { acceptance_date: '2026-12-18' });
    expect(utc(d.seller_disclosures.due_at), 'Fri 2026-12-25 → Mon 2026-12-28 11:59 PM PST').toBe('2026-12-29T07:59:00.000Z');
    expect(d.seller_disclosures.rule).toContain('is Fri 2026-12-25, Christmas: moved to Mon 2026-12-28');
  });

  it('rolls across a year end, through the observed New Year of a Saturday New Year', async () => {
    const d = await preview('car-rpa', { acceptance_date: '2026-12-15' });
    expect(utc(d.inspection_contingency.due_at), 'Fri 2027-01-01 → Mon 2027-01-04').toBe('2027-01-05T07:59:00.000Z');
    const late = await preview('car-rpa', { acceptance_date: '2027-12-14' });
    expect(late.inspection_contingency.rule, "Fri 2027-12-31 observes Saturday's New Year's Day").toContain(
      "is Fri 2027-12-31, New Year's Day (observed): moved to Mon 2028-01-03",
    );
    const deposit = await preview('car-rpa', { acceptance_date: '2027-12-29' });
    expect(deposit.deposit.rule, 'business days skip both').toBe(
      "3 business days after Wed 2027-12-29 (skipping New Year's Day (observed) Fri 2027-12-31, New Year's Day Sat 2028-01-01) is Tue 2028-01-04, 11:59 PM America/Los_Angeles",
    );
  });

  it('has no loan contingency when all cash', async () => {
    const financed = await preview('car-rpa', { acceptance_date: '2026-06-01', all_cash: false });
    expect(financed.loan_contingency, 'A + 21 by default').toBeDefined();
    expect(utc(financed.loan_contingency.due_at), 'Mon 2026-06-22 11:59 PM PDT').toBe('2026-06-23T06:59:00.000Z');
    const cash = await preview('car-rpa', { acceptance_date: '2026-06-01', all_cash: true });
    expect(Object.keys(cash), 'all cash').not.toContain('loan_contingency');
  });

  it('takes close of escrow from closing_date when given, else A + escrow_days (default 30)', async () => {
    const given = await preview('car-rpa', { acceptance_date: '2026-06-01', closing_date: '2026-08-14', escrow_days: 45 });
    expect(utc(given.close_of_escrow.due_at), 'the closing date wins over escrow_days').toBe('2026-08-15T06:59:00.000Z');
    expect(given.close_of_escrow.rule).toBe('closing date Fri 2026-08-14, 11:59 PM America/Los_Angeles');
    const counted = await preview('car-rpa', { acceptance_date: '2026-06-01', escrow_days: 45 });
    expect(utc(counted.close_of_escrow.due_at), 'A + 45 = Thu 2026-07-16').toBe('2026-07-17T06:59:00.000Z');
    const byDefault = await preview('car-rpa', { acceptance_date: '2026-06-01' });
    expect(utc(byDefault.close_of_escrow.due_at), 'A + 30 = Wed 2026-07-01').toBe('2026-07-02T06:59:00.000Z');
    expect(Object.keys(byDefault), 'one close of escrow').toHaveLength(6);
  });

  it('generic contracts give the closing date only', async () => {
    expect(Object.keys(await preview('generic', { acceptance_date: '2026-06-01' })), 'nothing without a closing date').toEqual([]);
    const d = await preview('generic', { acceptance_date: '2026-06-01', closing_date: '2026-07-04' });
    expect(utc(d.closing.due_at), 'closing dates of other contracts are not moved').toBe('2026-07-05T04:59:00.000Z');
  });
});

describe('preview_contract_deadlines: refusals', () => {
  const refused = async (form: string, facts: unknown, message: string) => {
    const { error, status } = await agent.client.rpc('preview_contract_deadlines', { form, facts });
    expect(status, `${message}: 400`).toBe(400);
    expect(error?.message, 'the message says which').toBe(message);
  };

  it('answers 400 naming the unknown form, the missing start date, the invalid date or number', async () => {
    await refused('trec-99', { effective_date: '2026-06-01' }, 'unknown contract form "trec-99"');
    await refused('trec-20-18', { acceptance_date: '2026-06-01' }, 'effective_date is required for trec-20-18');
    await refused('car-rpa', {}, 'acceptance_date is required for car-rpa');
    await refused('car-rpa', { acceptance_date: '2026-02-30' }, 'acceptance_date must be a date YYYY-MM-DD, got "2026-02-30"');
    await refused('trec-20-18', { effective_date: '2026-06-01', closing_date: 'next week' }, 'closing_date must be a date YYYY-MM-DD, got "next week"');
    await refused('trec-20-18', { effective_date: '2026-06-01', option_days: -1 }, 'option_days must be a whole number of days from 0 to 365, got -1');
    await refused('car-rpa', { acceptance_date: '2026-06-01', loan_days: 2.5 }, 'loan_days must be a whole number of days from 0 to 365, got 2.5');
    await refused('car-rpa', { acceptance_date: '2026-06-01', all_cash: 'yes' }, 'all_cash must be true or false, got "yes"');
    await refused('car-rpa', { acceptance_date: '2026-06-01', time_zone: 'Mars/Olympus' }, 'time_zone must be an IANA time zone such as America/Chicago, got "Mars/Olympus"');
    await refused('car-rpa', [], 'facts must be a JSON object');
  });

  it('is for signed-in users only', async () => {
    const { status } = await anonClient().rpc('preview_contract_deadlines', { form: 'generic', facts: { acceptance_date: '2026-06-01' } });
    expect(status, 'anon may not call it').toBe(401);
  });
});

describe('preview_contract_deadlines against an independent computation', () => {
  it('gives the same C.A.R. deposit and disclosure dates as the TypeScript reference for start dates over 2020–2040', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (let t = Date.UTC(2020, 0, 3); t <= Date.UTC(2040, 11, 31); t += 61 * 86_400_000) {
      const start = new Date(t).toISOString().slice(0, 10);
      const d = await preview('car-rpa', { acceptance_date: start, disclosure_days: 5 });
      const expected = {
        deposit: localInstant(nthBusinessDayAfter(start, 3), '23:59', 'America/Los_Angeles'),
        seller_disclosures: localInstant(nextBusinessDay(addDaysIso(start, 5)), '23:59', 'America/Los_Angeles'),
      };
      for (const key of ['deposit', 'seller_disclosures'] as const) {
        if (utc(d[key].due_at) !== expected[key]) mismatches.push(`${start} ${key}: SQL ${utc(d[key].due_at)}, reference ${expected[key]}`);
      }
      checked++;
    }
    expect(checked, 'a start date every 61 days').toBeGreaterThan(120);
    expect(mismatches, 'the engine agrees with the reference').toEqual([]);
  });
});

const addDaysIso = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('holidays', () => {
  it('private.federal_holidays(year) matches an independent computation for 2020–2040', async () => {
    const rows = await withDb(async (db) =>
      (await db.query<{ year: number; day: string; name: string }>(
        `select y as year, to_char(h.day, 'YYYY-MM-DD') as day, h.name
         from generate_series(2020, 2040) y cross join lateral private.federal_holidays(y) h order by h.day, h.name`,
      )).rows,
    );
    for (let year = 2020; year <= 2040; year++) {
      const sql = rows.filter((r) => r.year === year).map(({ day, name }) => ({ day, name }));
      expect(sql, `federal holidays of ${year}`).toEqual(federalHolidays(year));
    }
    const any = await withDb(async (db) => (await db.query(`select count(*)::int as n from private.federal_holidays(2399)`)).rows[0].n);
    expect(any, 'any year works, not a list of years').toBeGreaterThanOrEqual(11);
  });

  it("a super admin's custom holiday moves a rolled deadline; others may read but not add holidays", async () => {
    const facts = { acceptance_date: '2033-02-28', disclosure_days: 3 };
    expect((await preview('car-rpa', facts)).seller_disclosures.rule, 'a plain Thursday').toBe(
      '3 days after Mon 2033-02-28 is Thu 2033-03-03, 11:59 PM America/Los_Angeles',
    );
    const refused = await agent.client.from('custom_holidays').insert({ day: '2033-03-03', name: 'Brokerage Day' });
    expect({ status: refused.status, message: refused.error?.message }, 'an agent cannot add a holiday').toEqual({ status: 403, message: 'only a super admin can add holidays' });
    const added = await admin.client.from('custom_holidays').insert({ day: '2033-03-03', name: 'Brokerage Day', created_by: agent.id }).select('id, created_by').single();
    expect(added.error, 'a super admin adds one').toBeNull();
    addedHolidays.push(added.data!.id);
    expect(added.data!.created_by, 'created_by is the caller, whatever was sent').toBe(admin.id);
    const moved = await preview('car-rpa', facts);
    expect(moved.seller_disclosures.rule).toBe('3 days after Mon 2033-02-28 is Thu 2033-03-03, Brokerage Day: moved to Fri 2033-03-04, 11:59 PM America/Los_Angeles');
    expect(utc(moved.seller_disclosures.due_at)).toBe('2033-03-05T07:59:00.000Z');
    const seen = await agent.client.from('custom_holidays').select('name').eq('day', '2033-03-03');
    expect(seen.data, 'every signed-in user reads custom holidays').toEqual([{ name: 'Brokerage Day' }]);
    const removed = await agent.client.from('custom_holidays').delete().eq('id', added.data!.id).select('id');
    expect(removed.data, 'an agent deletes nothing').toEqual([]);
    const gone = await admin.client.from('custom_holidays').delete().eq('id', added.data!.id).select('id');
    expect(gone.data, 'the super admin removes it again').toEqual([{ id: added.data!.id }]);
  });
});
