/**
 * The party-message trigger job (issue 55): public.enqueue_party_messages(at)
 * for 10,000 active contracts with their seven key dates each, three active
 * key-date templates (and one inactive), four parties per contract listing
 * (bench/party/generate.ts: SQL, triggers off). Called as PostgREST runs the
 * job's call (stack/jobs.ts: the service role), over a direct connection as
 * authenticator with `set local role service_role`: an HTTP client would cut
 * a long run short (Node's fetch gives up after 300 s, stack/jobs.ts after
 * 120 s) while the database goes on with it. One fixed `at` for every run:
 *
 *   1. the catch-up: runs one after another until one creates nothing. A run
 *      stops creating after 4 s, soonest send moment first, so a backlog (the
 *      templates switched on over 10,000 open contracts, a deploy) spreads
 *      over runs; each must stay within the budget, together they must create
 *      exactly the occurrences an independent count finds (send moment in
 *      (at - 1 hour, at + 30 days]), and soonest first (a run takes the
 *      soonest by the key date moved by the offset, before the weekend and
 *      holiday rules: a later run's message may go out at most 5 days
 *      before an earlier run's);
 *   2. runs with nothing new: must be cheap (96 a day), the median of 5;
 *   3. the messages removed again (and their outbox rows), then rounds of 5
 *      runs at once until a round creates nothing: together exactly the same
 *      messages, one per occurrence key, each with one outbox row, no run
 *      failing or over the budget.
 *
 * Budget: every run within 8 s. On hosted Supabase a call through PostgREST
 * with the service role key runs under the authenticator role's statement
 * timeout (8 s by default); a run cut off there rolls back whole. pg_cron's
 * 15 minutes between runs are far looser, so the timeout decides. The run
 * with nothing new: at most 1 s (an eighth of the budget; 96 runs a day).
 * Before the bound (issue 55's first measurement): one run took 336–529 s to
 * create 18,402 messages and 29–52 s to find nothing new.
 *
 *   npm run bench -- party-triggers [--contracts 10000] [--every 2] [--runs 5] [--profile] [--setup-sql <file>]
 *
 * --every N puts a contract on every Nth listing (listings = contracts × N, so
 * the job's queries also meet listings without one). Wall times per call are
 * printed (ms), and the messages by status. The demo data's templates are
 * switched off, so the three templates here are the only active key-date
 * ones. --profile prints the functions the first run spent its time in
 * (track_functions, pg_stat_user_functions: calls, total and self ms; timing
 * every call slows the runs severalfold, so take times from a run without it).
 * --setup-sql runs a SQL file (as superuser) after the data is loaded: to
 * measure a candidate change of the job against the same data.
 */
import fs from 'node:fs';
import { rolePool, superuserPool } from '../stack/postgres.ts';
import { startThrowawayStack } from '../tests/support/throwaway-stack.ts';
import { loadContracts, loadListings } from './party/generate.ts';
import { LISTINGS_PER_COORDINATOR, settle } from './scale/generate.ts';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const CONTRACTS = option('contracts', 10_000);
const EVERY = option('every', 2);
const RUNS = option('runs', 5);
const PROFILE = process.argv.includes('--profile');
const SETUP_SQL = process.argv.includes('--setup-sql') ? process.argv[process.argv.indexOf('--setup-sql') + 1] : undefined;
const BUDGET_MS = 8_000;
const IDLE_BUDGET_MS = 1_000;
const LISTINGS = Math.ceil((CONTRACTS * EVERY) / LISTINGS_PER_COORDINATOR) * LISTINGS_PER_COORDINATOR;

const stack = await startThrowawayStack();
const superuser = superuserPool(stack.stack.config, 2);
// As PostgREST runs the job's call (authenticator, then the service role), without an HTTP client's time limit cutting a long run short.
const api = rolePool(stack.stack.config, 'authenticator', RUNS);
let failed = false;
console.log(`throwaway stack started in ${(stack.info.startupMs / 1000).toFixed(0)} s`);
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'pass' : 'FAIL'}: ${what}`);
  if (!ok) failed = true;
};
const db = await superuser.connect();
try {
  const t0 = performance.now();
  await loadListings(db, LISTINGS);
  await loadContracts(db, LISTINGS, EVERY);
  if (SETUP_SQL) await db.query(fs.readFileSync(SETUP_SQL, 'utf8'));
  await settle(db);
  const fixture = (await db.query<Record<string, string>>(`select (select count(*) from public.contracts where status = 'active') as active,
      (select count(*) from public.contract_deadlines where contract_status = 'active') as key_dates,
      (select count(*) from public.listing_parties) as parties,
      (select count(*) from public.message_templates where is_active and trigger_kind = 'key_date') as templates`)).rows[0];
  console.log(`loaded ${LISTINGS.toLocaleString('en-US')} listings, ${fixture.active} active contracts (${fixture.key_dates} key dates), ${fixture.parties} parties, ${fixture.templates} active key-date templates in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  const at = new Date().toISOString();
  const run = async () => {
    const client = await api.connect();
    const started = performance.now();
    try {
      await client.query('begin');
      await client.query('set local role service_role');
      const { rows } = await client.query<{ n: number }>('select public.enqueue_party_messages($1) as n', [at]);
      await client.query('commit');
      return { ms: performance.now() - started, created: Number(rows[0].n), error: undefined };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      const e = error as { code?: string; message: string };
      return { ms: performance.now() - started, created: 0, error: `${e.code ?? ''}: ${e.message}` };
    } finally {
      client.release();
    }
  };
  const messages = async () =>
    (await db.query<{ n: string; keys: string; outbox: string; by_status: string }>(`select count(*) as n, count(distinct occurrence_key) as keys,
        (select count(*) from private.outbox o where o.kind = 'party_message') as outbox,
        coalesce((select string_agg(status || ' ' || c, ', ' order by status) from (select status, count(*) c from public.party_messages group by status) s), '') as by_status
      from public.party_messages`)).rows[0];

  // The demo data's messages go, so every message counted below is one of these runs'.
  await db.query(`begin; set local session_replication_role = replica;
    delete from public.party_messages; delete from private.outbox where kind = 'party_message'; commit`);
  if (PROFILE) for (const statement of [`alter system set track_functions = 'all'`, 'select pg_reload_conf()', 'select pg_stat_reset()']) await db.query(statement);
  const expected = Number(
    (
      await db.query<{ n: string }>(
        `select count(*) as n from public.message_templates t
          join public.contract_deadlines d on d.key = t.trigger_deadline_key
          join public.contracts c on c.id = d.contract_id
          join public.listings l on l.id = d.listing_id
          cross join lateral (select private.key_date_send_at(d.due_at, c.time_zone, t.trigger_offset_days, t.trigger_offset_unit,
            t.trigger_send_time, t.trigger_weekends) as send_at) s
          where t.is_active and t.trigger_kind = 'key_date' and d.status = 'open' and d.contract_status = 'active'
            and s.send_at > $1::timestamptz - interval '1 hour' and s.send_at <= $1::timestamptz + interval '30 days'
            and (t.owner_tc_id is null or t.owner_tc_id = l.tc_id)
            and private.template_matches(t.conditions, l.side, l.property_type, l.has_hoa, l.year_built, l.state, c.financing_type)`,
        [at],
      )
    ).rows[0].n,
  );
  console.log(`\nat = ${at}\noccurrences in the window (counted independently): ${expected}`);
  const window = async (after: number) =>
    (
      await db.query<{ earliest: Date | null; latest: Date | null }>(
        `select min(send_at) as earliest, max(send_at) as latest from public.party_messages where created_at > to_timestamp($1 / 1000.0)`,
        [after],
      )
    ).rows[0];

  // 1. The catch-up, run after run.
  const catchUp: { ms: number; created: number; error?: string; earliest: Date | null; latest: Date | null }[] = [];
  for (let i = 0; i < 200; i++) {
    const before = Date.now() - 1;
    const r = await run();
    catchUp.push({ ...r, ...(await window(before)) });
    if (r.error || r.created === 0) break;
  }
  if (PROFILE) {
    await new Promise((resolve) => setTimeout(resolve, 1000)); // backends report their function statistics when idle
    const { rows } = await db.query<Record<string, string>>(`select schemaname || '.' || funcname as function, calls, round(total_time) as total_ms, round(self_time) as self_ms
      from pg_stat_user_functions order by self_time desc limit 15`);
    console.log('functions of the catch-up, by self time:');
    for (const r of rows) console.log(`  ${r.function.padEnd(50)} ${String(r.calls).padStart(8)} calls  ${String(r.total_ms).padStart(8)} ms total  ${String(r.self_ms).padStart(8)} ms self`);
  }
  const afterCatchUp = await messages();
  const creating = catchUp.filter((r) => r.created > 0);
  const slowest = Math.max(...catchUp.map((r) => r.ms));
  const perMessage = creating.reduce((n, r) => n + r.ms, 0) / Math.max(1, Number(afterCatchUp.n));
  console.log(
    `catch-up: ${creating.length} runs created ${afterCatchUp.n} (${afterCatchUp.by_status}), ${perMessage.toFixed(2)} ms per message; ` +
      `per run: ${creating.map((r) => `${r.created} in ${r.ms.toFixed(0)} ms`).join(', ')}`,
  );
  const failedRun = catchUp.find((r) => r.error);
  check(!failedRun, `no run failed${failedRun ? ` (${failedRun.error})` : ''}`);
  check(
    Number(afterCatchUp.n) === expected && Number(afterCatchUp.keys) === expected,
    `the runs create exactly the occurrences of the window (${afterCatchUp.n} messages, ${afterCatchUp.keys} keys, ${expected} expected)`,
  );
  check(slowest <= BUDGET_MS, `every run within the budget (slowest ${slowest.toFixed(0)} ms ≤ ${BUDGET_MS} ms)`);
  // A run takes the soonest by the key date moved by the offset, before the weekend and holiday rules (at most 4 days; a
  // business-day offset is counted as 7/5 calendar days): a later run's message may go out up to that much before an earlier one's.
  const inversionDays = Math.max(
    0,
    ...creating.map((r, i) => (i === 0 || !r.earliest || !creating[i - 1].latest ? 0 : (creating[i - 1].latest!.getTime() - r.earliest.getTime()) / 86_400_000)),
  );
  check(inversionDays <= 5, `soonest first: no run's message goes out more than 5 days before an earlier run's (at most ${inversionDays.toFixed(1)} days)`);

  // 2. Runs with nothing new.
  const idle: number[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await run();
    if (r.error || r.created !== 0) check(false, `a run with nothing new creates nothing (${r.error ?? `created ${r.created}`})`);
    idle.push(r.ms);
  }
  const idleMedian = [...idle].sort((a, b) => a - b)[2];
  console.log(`runs with nothing new: ${idle.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  check(idleMedian <= IDLE_BUDGET_MS, `a run with nothing new is cheap (median of 5: ${idleMedian.toFixed(0)} ms ≤ ${IDLE_BUDGET_MS} ms)`);

  // 3. The same occurrences again, by rounds of concurrent runs: triggers off, so removing them tells nobody.
  await db.query(`begin; set local session_replication_role = replica;
    delete from public.party_messages; delete from private.outbox where kind = 'party_message'; commit`);
  await db.query('vacuum analyze public.party_messages, private.outbox');
  const rounds: Awaited<ReturnType<typeof run>>[][] = [];
  for (let i = 0; i < 200; i++) {
    const round = await Promise.all(Array.from({ length: RUNS }, run));
    rounds.push(round);
    if (round.some((r) => r.error) || round.every((r) => r.created === 0)) break;
  }
  const all = rounds.flat();
  const afterConcurrent = await messages();
  const reported = all.reduce((n, r) => n + r.created, 0);
  console.log(`${rounds.length} rounds of ${RUNS} concurrent runs (created/ms): ${rounds.map((round) => `[${round.map((r) => `${r.created}/${r.ms.toFixed(0)}`).join(' ')}]`).join(' ')}`);
  const failedConcurrent = all.find((r) => r.error);
  check(!failedConcurrent, `no concurrent run failed${failedConcurrent ? ` (${failedConcurrent.error})` : ''}`);
  check(
    Number(afterConcurrent.n) === expected && Number(afterConcurrent.keys) === expected && reported === expected,
    `exactly one message per occurrence: ${afterConcurrent.n} messages, ${afterConcurrent.keys} keys, ${reported} reported created, ${expected} expected`,
  );
  check(Number(afterConcurrent.outbox) === Number(afterConcurrent.n), `one outbox row per message (${afterConcurrent.outbox} rows)`);
  check(Math.max(...all.map((r) => r.ms)) <= BUDGET_MS, `every concurrent run within the budget (slowest ${Math.max(...all.map((r) => r.ms)).toFixed(0)} ms ≤ ${BUDGET_MS} ms)`);
} catch (error) {
  console.error(`party-triggers: ${(error as Error).message}`);
  failed = true;
} finally {
  db.release();
  await superuser.end();
  await api.end();
  await stack.stop();
}
process.exitCode = failed ? 1 : 0;
