/**
 * The outbox (private.outbox, issue 52): one table for what the database sends
 * later, keyed so that "already sent" is the unique key. Deadline reminders
 * (keyed deadline:<id>:3d|1d|overdue) and the daily digest (digest:<coordinator>:<local date>)
 * run on it. What is checked here is what the scheduler's runs and the people
 * on a listing see: five concurrent runs of each job with the same clock send
 * every reminder once and claim every coordinator's digest once; a reminder run
 * leaves the deadline rows alone (no updated_at bump, which woke every open
 * screen); a failed digest is taken again after its back-off, a claim that died
 * after 30 minutes; claim / finish themselves (`for update skip locked`,
 * back-off, retry of dead claims); and nobody reaches the outbox through the API.
 * Clocks are in 2002, where no other test's deadline lies (reminders 2001, digest 2000).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, withDb } from '../support/clients.ts';
import { addDeadline, createTeam, listingOf, recordContract, type Team } from '../support/contract-fixtures.ts';

let team: Team;
let listingId: string, contractId: string;
const ADDRESS = '31 Outbox Ave, Austin, TX 78702';
const HOUR = 3_600_000;
/** The reminder job's clock: Tue 2002-04-16 12:00 UTC. */
const CLOCK = new Date('2002-04-16T12:00:00Z');
const at = (offsetMs: number) => new Date(CLOCK.getTime() + offsetMs);

/** One HTTP request per call, as five scheduler runs would make. */
async function runReminders(clock: Date): Promise<number> {
  const { data, error } = await serviceClient().rpc('send_deadline_reminders', { at: clock.toISOString() });
  expect(error, `the reminder job runs at ${clock.toISOString()}`).toBeNull();
  return data as number;
}

interface Claimed {
  coordinator_id: string;
  local_date: string;
  items: { label: string }[];
}

async function claimDigests(clock: Date): Promise<Claimed[]> {
  const { data, error } = await serviceClient().rpc('claim_deadline_digests', { at: clock.toISOString() });
  expect(error, `the digest claim runs at ${clock.toISOString()}`).toBeNull();
  return data as Claimed[];
}

/** The outbox rows for keys starting with `prefix`, as the operator would read them. */
async function outboxRows(prefix: string) {
  return withDb(
    async (db) =>
      (
        await db.query(
          `select dedupe_key, kind, recipient, payload, claimed_at is not null as claimed, sent_at is not null as sent, attempts, error,
                  send_after > now() as backing_off
           from private.outbox where dedupe_key like $1 || '%' order by dedupe_key`,
          [prefix],
        )
      ).rows,
  );
}

beforeAll(async () => {
  team = await createTeam('Outbox');
  listingId = await listingOf(team, ADDRESS);
  contractId = await recordContract(team.agent, listingId, { form: 'generic', effective_date: '2002-03-01', time_zone: 'America/Chicago' });
});

afterAll(async () => {
  await withDb(async (db) => {
    await db.query('delete from public.listings where id = $1', [listingId]);
    await db.query(`delete from private.outbox where kind = 'test_probe'`);
  });
});

describe('deadline reminders through the outbox', () => {
  it('five concurrent runs with the same clock send each reminder once per recipient, and their answers add up to what was sent', async () => {
    const overdue = await addDeadline(team.agent, contractId, 'Outbox overdue', at(-2 * HOUR));
    const dayAhead = await addDeadline(team.agent, contractId, 'Outbox 1 day', at(20 * HOUR));
    const threeDays = await addDeadline(team.agent, contractId, 'Outbox 3 days', at(60 * HOUR));
    const later = await addDeadline(team.agent, contractId, 'Outbox next week', at(7 * 24 * HOUR));
    const since = await withDb(async (db) => (await db.query('select now() as t')).rows[0].t as Date);
    const answers = await Promise.all(Array.from({ length: 5 }, () => runReminders(CLOCK)));

    const counts = await withDb(
      async (db) =>
        (
          await db.query(
            `select source_id, user_id, metadata->>'reminder' as reminder, count(*)::int as n
             from public.notifications where source_id = any($1::uuid[]) group by 1, 2, 3`,
            [[overdue, dayAhead, threeDays, later]],
          )
        ).rows as { source_id: string; user_id: string; reminder: string; n: number }[],
    );
    const expected = [
      [overdue, 'overdue'],
      [dayAhead, '1d'],
      [threeDays, '3d'],
    ];
    for (const [deadline, reminder] of expected) {
      for (const person of [team.agent, team.coordinator]) {
        const rows = counts.filter((c) => c.source_id === deadline && c.user_id === person.id);
        expect(rows, `${person.key} gets the ${reminder} reminder of "${deadline}" exactly once from five runs`).toEqual([
          { source_id: deadline, user_id: person.id, reminder, n: 1 },
        ]);
      }
    }
    expect(counts.filter((c) => c.source_id === later), 'nothing for a deadline a week away').toEqual([]);
    // The runs also remind other open deadlines of the stack that lie before this clock: all of them count.
    const written = await withDb(
      async (db) =>
        (
          await db.query(
            `select count(*)::int as n, count(distinct (user_id, source_id, metadata->>'reminder'))::int as distinct_n
             from public.notifications where type = 'deadline' and created_at >= $1`,
            [since],
          )
        ).rows[0] as { n: number; distinct_n: number },
    );
    expect(written.n, 'no reminder was written twice for one person').toBe(written.distinct_n);
    expect(answers.reduce((a, b) => a + b, 0), `the runs' answers (${answers.join(', ')}) add up to the notifications written`).toBe(written.n);
    expect(written.n, 'at least our 3 reminders × 2 people').toBeGreaterThanOrEqual(6);

    const rows = await outboxRows(`deadline:${overdue}:`);
    expect(
      rows.map((r) => [r.dedupe_key, r.sent, r.payload.passed_over]),
      'the overdue reminder is sent; the 3-day and 1-day moments it passed are decided without a notification, so they never come late',
    ).toEqual([
      [`deadline:${overdue}:1d`, true, true],
      [`deadline:${overdue}:3d`, true, true],
      [`deadline:${overdue}:overdue`, true, false],
    ]);
    expect(rows.every((r) => r.kind === 'deadline_reminder' && r.recipient === null && r.attempts === 0 && r.error === null), 'reminder rows: kind, no single recipient (the people on the listing at delivery), no failures').toBe(true);
  });

  it('a reminder run does not touch the deadline (updated_at unchanged, so open screens are not woken)', async () => {
    const deadline = await addDeadline(team.coordinator, contractId, 'Outbox quiet', at(30 * 24 * HOUR));
    const stamp = async () => withDb(async (db) => (await db.query('select updated_at from public.contract_deadlines where id = $1', [deadline])).rows[0].updated_at as Date);
    const before = await stamp();
    const sent = await runReminders(at(30 * 24 * HOUR - 2 * 24 * HOUR));
    expect(sent, 'the run sends the 3-day reminder to the agent and the coordinator').toBeGreaterThanOrEqual(2);
    const notices = await withDb(async (db) => (await db.query('select count(*)::int as n from public.notifications where source_id = $1', [deadline])).rows[0].n);
    expect(notices, 'the reminder reached both people').toBe(2);
    expect((await stamp()).toISOString(), 'contract_deadlines.updated_at is what it was before the run').toBe(before.toISOString());
  });
});

describe('the digest through the outbox', () => {
  /** Wed 2002-04-17, 7:30 AM in Chicago (CDT, UTC-5). */
  const MORNING = new Date('2002-04-17T12:30:00Z');
  let teams: Team[];

  beforeAll(async () => {
    teams = await Promise.all(['OutboxDigestA', 'OutboxDigestB', 'OutboxDigestC'].map((p) => createTeam(p)));
    for (const [i, t] of teams.entries()) {
      const listing = await listingOf(t, `${40 + i} Digest Claim St, Austin, TX`);
      const contract = await recordContract(t.agent, listing, { form: 'generic', effective_date: '2002-03-01', time_zone: 'America/Chicago' });
      await addDeadline(t.agent, contract, `Claim check ${i}`, new Date('2002-04-18T22:00:00Z'));
    }
  });

  it('five concurrent claims with the same clock: each coordinator is claimed by exactly one of them', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => claimDigests(MORNING)));
    for (const t of teams) {
      const claims = answers.flat().filter((c) => c.coordinator_id === t.coordinator.id);
      expect(claims.length, `${t.coordinator.key}'s digest for 2002-04-17 is claimed once across five runs`).toBe(1);
      expect(claims[0].local_date, 'for their local day').toBe('2002-04-17');
      expect(claims[0].items.map((i) => i.label), 'with their deadline').toEqual([expect.stringMatching(/^Claim check \d$/)]);
      const rows = await outboxRows(`digest:${t.coordinator.id}:`);
      expect(rows.map((r) => [r.dedupe_key, r.kind, r.recipient, r.claimed, r.sent]), 'one outbox row per coordinator and day, claimed, not sent yet').toEqual([
        [`digest:${t.coordinator.id}:2002-04-17`, 'deadline_digest', t.coordinator.id, true, false],
      ]);
    }
    const again = await claimDigests(new Date(MORNING.getTime() + 15 * 60_000));
    expect(again.filter((c) => teams.some((t) => t.coordinator.id === c.coordinator_id)), 'a run 15 minutes later claims none of them again').toEqual([]);
  });

  it('a failed send is taken again once its back-off has passed; a sent one never; a claim that died after 30 minutes', async () => {
    const [failing, sending, dying] = teams.map((t) => t.coordinator.id!);
    const finish = (coordinator: string, error: string | null) =>
      serviceClient().rpc('finish_deadline_digest', { coordinator_id: coordinator, local_date: '2002-04-17', error });
    expect((await finish(failing, '451 mailbox unavailable')).error, 'the function reports a failure').toBeNull();
    expect((await finish(sending, null)).error, 'the function reports a sent digest').toBeNull();

    const [failed] = await outboxRows(`digest:${failing}:`);
    expect([failed.sent, failed.claimed, failed.attempts, failed.error, failed.backing_off], 'the failure is kept, counted and backed off').toEqual([false, false, 1, '451 mailbox unavailable', true]);
    const ours = (claims: Claimed[]) => claims.map((c) => c.coordinator_id).filter((id) => [failing, sending, dying].includes(id));
    expect(ours(await claimDigests(new Date(MORNING.getTime() + 20 * 60_000))), 'not retaken during the back-off').toEqual([]);

    await withDb(async (db) => {
      // As if the back-off (1 minute) and 31 minutes since the third claim had passed.
      await db.query(`update private.outbox set send_after = now() - interval '1 second' where dedupe_key = $1`, [`digest:${failing}:2002-04-17`]);
      await db.query(`update private.outbox set claimed_at = now() - interval '31 minutes' where dedupe_key = $1`, [`digest:${dying}:2002-04-17`]);
    });
    const retaken = await claimDigests(new Date(MORNING.getTime() + 45 * 60_000));
    expect(ours(retaken).sort(), 'the next run takes the failed digest and the dead claim again, not the sent one').toEqual([failing, dying].sort());
    const [died] = await outboxRows(`digest:${dying}:`);
    expect([died.claimed, died.attempts, died.error], 'a dead claim counts as a failed attempt').toEqual([true, 1, expect.stringContaining('did not finish')]);
    const [sent] = await outboxRows(`digest:${sending}:`);
    expect([sent.sent, sent.attempts, sent.payload.item_count], 'the sent digest stays sent, with its count').toEqual([true, 0, 1]);
  });

  it('a coordinator with nothing due that day is decided without a mail', async () => {
    const quiet = await createTeam('OutboxQuiet');
    const claims = await claimDigests(MORNING);
    expect(claims.some((c) => c.coordinator_id === quiet.coordinator.id), 'nothing to mail').toBe(false);
    const rows = await outboxRows(`digest:${quiet.coordinator.id}:`);
    expect(rows.map((r) => [r.dedupe_key, r.sent, r.payload.item_count]), 'decided: sent without a mail, 0 items').toEqual([[`digest:${quiet.coordinator.id}:2002-04-17`, true, 0]]);
  });
});

describe('private.claim_outbox / private.finish_outbox', () => {
  it('a key is enqueued once; concurrent claims on separate connections never take the same row', async () => {
    await withDb(async (db) => {
      for (let round = 0; round < 2; round++) {
        await db.query(
          `insert into private.outbox (kind, dedupe_key, payload)
           select 'test_probe', 'probe:' || i, jsonb_build_object('i', i) from generate_series(1, 12) i
           on conflict (dedupe_key) do nothing`,
        );
      }
      expect((await db.query(`select count(*)::int as n from private.outbox where kind = 'test_probe'`)).rows[0].n, 'enqueueing the same keys twice keeps one row each').toBe(12);
    });
    const claimed = await Promise.all(
      Array.from({ length: 5 }, () =>
        withDb(async (db) => {
          await db.query('begin');
          const rows = (await db.query(`select dedupe_key from private.claim_outbox('test_probe', 3)`)).rows.map((r) => r.dedupe_key as string);
          await db.query('select pg_sleep(0.2)');
          await db.query('commit');
          return rows;
        }),
      ),
    );
    const all = claimed.flat();
    expect(all.length, 'five claims of at most 3 take 12 rows… all of them, no more').toBe(12);
    expect(new Set(all).size, 'each row is taken by one claim only').toBe(12);
  });

  it('finish: success marks it sent; failure keeps the error, counts it and backs off; a claim that died is retaken', async () => {
    await withDb(async (db) => {
      const id = async (key: string) => (await db.query('select id from private.outbox where dedupe_key = $1', [key])).rows[0].id as string;
      const ok = (await db.query('select private.finish_outbox($1) as ok', [await id('probe:1')])).rows[0].ok;
      expect(ok, 'finishing a claimed row answers true').toBe(true);
      const failed = (await db.query(`select private.finish_outbox($1, 'smtp timeout') as ok`, [await id('probe:2')])).rows[0].ok;
      expect(failed, 'reporting a failure answers true').toBe(true);
      const again = (await db.query('select private.finish_outbox($1) as ok', [await id('probe:1')])).rows[0].ok;
      expect(again, 'a sent row cannot be finished again').toBe(false);

      const state = async (key: string) =>
        (await db.query('select sent_at is not null as sent, claimed_at is not null as claimed, attempts, error, round(extract(epoch from send_after - now())) as wait from private.outbox where dedupe_key = $1', [key])).rows[0];
      expect(await state('probe:1'), 'sent').toMatchObject({ sent: true, attempts: 0, error: null });
      expect(await state('probe:2'), 'failed: error kept, one attempt, claimable again in a minute').toMatchObject({ sent: false, claimed: false, attempts: 1, error: 'smtp timeout', wait: '60' });

      const take = async () => (await db.query(`select dedupe_key from private.claim_outbox('test_probe', 100)`)).rows.map((r) => r.dedupe_key);
      expect(await take(), 'nothing is claimable: the rest are claimed, the failure waits').toEqual([]);
      await db.query(`update private.outbox set send_after = now() - interval '1 second' where dedupe_key = 'probe:2'`);
      await db.query(`update private.outbox set claimed_at = now() - interval '31 minutes' where dedupe_key = 'probe:3'`);
      expect((await take()).sort(), 'after its back-off the failure is retaken, and the claim older than 30 minutes').toEqual(['probe:2', 'probe:3']);
      expect((await state('probe:3')).attempts, 'the dead claim counts as an attempt').toBe(1);
      await db.query(`select private.finish_outbox($1, 'again')`, [await id('probe:2')]);
      expect((await state('probe:2')).wait, 'the second failure waits twice as long').toBe('120');
    });
  });

  it('nobody reaches the outbox through the API', async () => {
    const read = await team.agent.client.schema('private').from('outbox').select('*');
    expect(read.error, 'the private schema is not served to a signed-in person').not.toBeNull();
    expect(read.status, 'a 4xx').toBeGreaterThanOrEqual(400);
    expect(read.status).toBeLessThan(500);
    const anonRead = await anonClient().schema('private').from('outbox').select('*');
    expect(anonRead.status, 'nor to anon').toBeGreaterThanOrEqual(400);
    const rpc = await team.coordinator.client.rpc('claim_deadline_digests', {});
    expect(rpc.status, 'a coordinator cannot claim digests').toBe(403);
  });
});
