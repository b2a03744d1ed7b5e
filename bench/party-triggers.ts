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
 *   1. the first run, which creates every occurrence whose send moment lies
 *      in (at, at + 30 days] (the catch-up after templates are switched on or
 *      after a deploy; a normal run adds only the quarter hour's newcomers);
 *   2. a second run: nothing new, must be cheap (it runs 96 times a day);
 *   3. the messages removed again (and their outbox rows), then 5 runs at
 *      once: together they must create exactly the first run's messages, one
 *      per occurrence key, each with one outbox row, and none may fail.
 *
 * Budget: every run within 8 s. On hosted Supabase a call through PostgREST
 * with the service role key runs under the authenticator role's statement
 * timeout (8 s by default); a run cut off there rolls back whole, so the next
 * run would start the same catch-up over and never finish. pg_cron's 15
 * minutes between runs are far looser, so the timeout decides. The run with
 * nothing new: at most 1 s (an eighth of the budget; 96 runs a day).
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
  const timed = async <T>(work: () => Promise<T>) => ({ result: await work() });
  const messages = async () =>
    (await db.query<{ n: string; keys: string; outbox: string; by_status: string }>(`select count(*) as n, count(distinct occurrence_key) as keys,
        (select count(*) from private.outbox o where o.kind = 'party_message') as outbox,
        coalesce((select string_agg(status || ' ' || c, ', ' order by status) from (select status, count(*) c from public.party_messages group by status) s), '') as by_status
      from public.party_messages`)).rows[0];

  // The demo data's messages go, so every message counted below is one of these runs'.
  await db.query(`begin; set local session_replication_role = replica;
    delete from public.party_messages; delete from private.outbox where kind = 'party_message'; commit`);
  if (PROFILE) for (const statement of [`alter system set track_functions = 'all'`, 'select pg_reload_conf()', 'select pg_stat_reset()']) await db.query(statement);
  const first = await timed(run);
  const afterFirst = await messages();
  console.log(`\nat = ${at}\nfirst run: ${first.result.ms.toFixed(0)} ms, created ${first.result.created} (${afterFirst.by_status})${first.result.error ? `; error ${first.result.error}` : ''}`);
  check(!first.result.error && first.result.created > 0, 'the first run creates the occurrences in its 30-day window');
  check(first.result.ms <= BUDGET_MS, `the first run within the budget (${first.result.ms.toFixed(0)} ms ≤ ${BUDGET_MS} ms)`);

  if (PROFILE) {
    await new Promise((resolve) => setTimeout(resolve, 1000)); // backends report their function statistics when idle
    const { rows } = await db.query<Record<string, string>>(`select schemaname || '.' || funcname as function, calls, round(total_time) as total_ms, round(self_time) as self_ms
      from pg_stat_user_functions order by self_time desc limit 15`);
    console.log('functions of the first run, by self time:');
    for (const r of rows) console.log(`  ${r.function.padEnd(50)} ${String(r.calls).padStart(8)} calls  ${String(r.total_ms).padStart(8)} ms total  ${String(r.self_ms).padStart(8)} ms self`);
  }
  const second = await timed(run);
  console.log(`second run: ${second.result.ms.toFixed(0)} ms, created ${second.result.created}${second.result.error ? `; error ${second.result.error}` : ''}`);
  check(!second.result.error && second.result.created === 0 && Number((await messages()).n) === Number(afterFirst.n), 'the second run creates nothing');
  check(second.result.ms <= IDLE_BUDGET_MS, `the second run is cheap (${second.result.ms.toFixed(0)} ms ≤ ${IDLE_BUDGET_MS} ms)`);

  // The same occurrences again, for concurrent runs: triggers off, so removing them tells nobody and leaves no trace.
  await db.query(`begin; set local session_replication_role = replica;
    delete from public.party_messages; delete from private.outbox where kind = 'party_message'; commit`);
  await db.query('vacuum analyze public.party_messages, private.outbox');
  const concurrent = await timed(() => Promise.all(Array.from({ length: RUNS }, run)));
  const afterConcurrent = await messages();
  const runs = concurrent.result;
  console.log(`${RUNS} concurrent runs: ${runs.map((r) => `${r.ms.toFixed(0)} ms (${r.error ?? `created ${r.created}`})`).join(', ')}`);
  check(runs.every((r) => !r.error), `no concurrent run failed`);
  check(
    Number(afterConcurrent.n) === Number(afterFirst.n) && Number(afterConcurrent.keys) === Number(afterFirst.n) && runs.reduce((n, r) => n + r.created, 0) === Number(afterFirst.n),
    `exactly one message per occurrence: ${afterConcurrent.n} messages, ${afterConcurrent.keys} keys, ${runs.reduce((n, r) => n + r.created, 0)} reported created, against ${afterFirst.n} from the first run`,
  );
  check(Number(afterConcurrent.outbox) === Number(afterConcurrent.n), `one outbox row per message (${afterConcurrent.outbox} rows)`);
  check(Math.max(...runs.map((r) => r.ms)) <= BUDGET_MS, `every concurrent run within the budget (slowest ${Math.max(...runs.map((r) => r.ms)).toFixed(0)} ms ≤ ${BUDGET_MS} ms)`);
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
