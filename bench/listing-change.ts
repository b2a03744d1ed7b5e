/**
 * Database time of what happens when a listing changes, before and after
 * (issue 52): (a) recording a TREC contract on a live listing, (b) marking
 * one of its key dates done, (c) a notes-only edit of the contract (no line:
 * shown for the record). Two throwaway PostgreSQL servers in the same run,
 * one built from the migrations of a base revision (default 4e66183, the
 * commit before issue 52), one from the working tree's supabase/migrations,
 * each loaded with the same fixture and measured in turn.
 *
 *   npm run bench -- listing-change [--base <git-rev>] [--rounds 160] [--warmup 12] [--explain]
 *
 * --explain ends with EXPLAIN (ANALYZE) of each operation on one more listing
 * per database: where the time goes, trigger by trigger.
 *
 * Fixture (the same SQL in both): one coordinator with ten agents
 * (bench/scale/generate.ts's people), the demo checklist templates (Texas
 * resale listing side, its pre-1978 lead paint part, TREC contract) read from
 * the working tree's supabase/seed.sql, rounds + warmup + 1 Texas listings
 * created by the coordinator (the listing templates apply), their required
 * documents approved, and then moved to live through set_listing_status()
 * (the gate passes). The contract forms and deadline rules are the
 * migrations' own.
 *
 * Operations, as the coordinator under RLS (the connection logs in as
 * authenticator, and each transaction does `set local role authenticated` and
 * sets request.jwt.claims, as PostgREST does): the insert the app's
 * recordContract() makes (every fact column, time_zone ''), the update its
 * setDeadlineStatus() makes (`status = 'done'`, earnest money), and the update
 * its amendContract() makes when only the notes changed (every fact column
 * sent again, the notes new). Each round uses a listing of its own in both
 * databases and commits, so both grow alike.
 *
 * Database time: clock_timestamp() read in the same transaction just before
 * and just after the statement, in one round trip (all its triggers and RLS
 * included; the commit, the network and the client not). Base and new
 * alternate (A B, then B A, …); per round the ratio new ÷ base of each
 * operation, and the ratio reported is the median of those with its
 * order-statistic interval (bench/scale/verdict.ts: no assumption about the
 * noise's shape). Passes when the interval of (a) and of (b) lies wholly
 * under 1. `--base HEAD` on a tree without uncommitted migrations puts the
 * same schema on both sides: its ratios sit at 1.00 ± 0.04, the check that
 * the two servers measure alike.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PROJECT_ROOT } from '../stack/config.ts';
import { migrate } from '../stack/migrate.ts';
import { roleUrl, SUPERUSER } from '../stack/postgres.ts';
import { checkoutMigrations, startBarePostgres, type BarePostgres } from '../stack/revision-postgres.ts';
import { ownedTempDir, sweepDeadTempDirs } from '../stack/temp-dirs.ts';
import { addPeople } from './scale/generate.ts';
import { formatRatio, medianInterval, type Interval } from './scale/verdict.ts';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}
const BASE = option('base') ?? '4e66183';
const ROUNDS = Number(option('rounds') ?? 160);
const WARMUP = Number(option('warmup') ?? 12);
const EXPLAIN = process.argv.includes('--explain');
if (!(ROUNDS >= 9 && WARMUP >= 0)) throw new Error('--rounds must be at least 9 (an interval needs them), --warmup 0 or more');

type Op = 'record a TREC contract' | 'mark a key date done' | 'edit the contract notes';
const OPS: { name: Op; line: boolean }[] = [
  { name: 'record a TREC contract', line: true },
  { name: 'mark a key date done', line: true },
  { name: 'edit the contract notes', line: false },
];

const COORDINATOR_CLAIMS = `json_build_object('sub', md5('bench-auth-tc-1')::uuid, 'role', 'authenticated', 'aud', 'authenticated')::text`;

/**
 * The demo checklist templates, as supabase/seed.sql inserts them (its block
 * from the first template to the listing attributes), global and without an
 * author; loaded with triggers off before any listing exists.
 */
function seedTemplates(): string {
  const seed = fs.readFileSync(path.join(PROJECT_ROOT, 'supabase', 'seed.sql'), 'utf8');
  const start = seed.indexOf('insert into public.checklist_templates');
  const end = seed.indexOf('update public.listings set state', start);
  if (start < 0 || end < 0) throw new Error('supabase/seed.sql: no checklist templates block found (insert into public.checklist_templates … update public.listings set state)');
  return `do $$ declare tpl uuid; a_admin uuid; begin\n${seed.slice(start, end)}\nend $$`;
}

/** The contract form's facts as recordContract() sends them (TREC: the four day counts, an option fee; the other forms' counts null). */
const FACTS: Record<string, string> = {
  form: `'trec-20-18'`,
  effective_date: `current_date - 2`,
  closing_date: `current_date + 30`,
  sales_price: '350000',
  earnest_money: '5000',
  option_fee: '250',
  buyer_names: `'Pat and Robin Buyer'`,
  buyer_agent_name: `'Sam Broker'`,
  buyer_agent_email: `'sam.broker@example.com'`,
  buyer_agent_phone: `'(512) 555-0100'`,
  title_company: `'Lone Star Title'`,
  lender: `'Hill Country Bank'`,
  financing_type: `'conventional'`,
  notes: `'Recorded by the listing-change bench.'`,
  option_days: '7',
  title_commitment_days: '20',
  survey_days: '15',
  financing_days: '21',
  disclosure_days: 'null',
  inspection_days: 'null',
  appraisal_days: 'null',
  loan_days: 'null',
  escrow_days: 'null',
};

const STATEMENTS: Record<Op, (ids: { listing: string; contract?: string; deadline?: string }) => string> = {
  'record a TREC contract': ({ listing }) =>
    `insert into public.contracts (listing_id, ${Object.keys(FACTS).join(', ')}, time_zone)
     values (${pg.escapeLiteral(listing)}, ${Object.values(FACTS).join(', ')}, '') returning id`,
  'mark a key date done': ({ deadline }) => `update public.contract_deadlines set status = 'done' where id = ${pg.escapeLiteral(deadline!)} returning id`,
  // amendContract() sends every fact but the form; here only the notes differ from what is stored.
  'edit the contract notes': ({ contract }) =>
    `update public.contracts set ${Object.entries(FACTS)
      .filter(([column]) => column !== 'form')
      .map(([column, value]) => `${column} = ${column === 'notes' ? `'Edited: buyer asked for the survey early.'` : value}`)
      .join(', ')} where id = ${pg.escapeLiteral(contract!)} returning id`,
};

interface Side {
  name: 'base' | 'new';
  server: BarePostgres;
  /** As the fixture's loader (superuser). */
  admin: pg.Client;
  /** As PostgREST logs in. */
  api: pg.Client;
  /** Listing ids by number (1-based). */
  listings: string[];
}

/** One statement as the coordinator; returns its database time (ms) and the id it returned. */
async function timed(client: pg.Client, statement: string): Promise<{ ms: number; id: string }> {
  const [returned, time] = await asCoordinator(
    client,
    `select set_config('bench.t0', clock_timestamp()::text, true);
    ${statement};
    select (extract(epoch from clock_timestamp() - current_setting('bench.t0')::timestamptz) * 1000)::float8 as ms`,
  ).then((results) => results.slice(1));
  if (returned.rowCount !== 1) throw new Error(`changed ${returned.rowCount} rows, not 1 (refused by RLS?)`);
  return { ms: Number(time.rows[0].ms), id: String(returned.rows[0].id) };
}

/** Statements in one transaction as the coordinator, as PostgREST runs a request; their results. */
async function asCoordinator(client: pg.Client, statements: string): Promise<pg.QueryResult[]> {
  try {
    const results = (await client.query(`begin; set local role authenticated; select set_config('request.jwt.claims', ${COORDINATOR_CLAIMS}, true);
      ${statements};
      commit`)) as unknown as pg.QueryResult[];
    return results.slice(3, -1);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** EXPLAIN (ANALYZE) of each operation on `listing`: the total and the triggers, slowest first. */
async function explain(side: Side, listing: string): Promise<void> {
  const ids: { listing: string; contract?: string; deadline?: string } = { listing };
  for (const op of OPS) {
    const [plan] = await asCoordinator(side.api, `explain (analyze, timing) ${STATEMENTS[op.name](ids)}`);
    const lines = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']);
    const triggers = lines
      .filter((l) => l.startsWith('Trigger '))
      .map((l) => ({ line: l, ms: Number(/time=([\d.]+)/.exec(l)?.[1] ?? 0) }))
      .sort((a, b) => b.ms - a.ms);
    console.log(`  ${side.name}: ${op.name}: ${lines.filter((l) => /^(Planning|Execution) Time/.test(l)).join(', ')}`);
    for (const t of triggers) console.log(`      ${t.line}`);
    if (op.name === 'record a TREC contract') {
      const { rows } = await side.admin.query<{ contract: string; deadline: string }>(
        `select c.id as contract, d.id as deadline from public.contracts c join public.contract_deadlines d on d.contract_id = c.id and d.key = 'earnest_money'
         where c.listing_id = $1 and c.status = 'active'`,
        [listing],
      );
      Object.assign(ids, rows[0]);
    }
  }
}

/** The fixture, the same SQL in both databases. */
async function load(side: Side, listings: number): Promise<void> {
  const db = side.admin;
  await db.query('begin');
  await db.query('set local session_replication_role = replica');
  await addPeople(db, 0, 1000);
  await db.query(seedTemplates());
  await db.query('commit');
  // Created by their coordinator (as the app does): the listing side templates apply.
  await db.query(`begin; set local role authenticated; select set_config('request.jwt.claims', ${COORDINATOR_CLAIMS}, true);
    insert into public.listings (address, seller_name, listing_price, agent_id, side, state, property_type, has_hoa, year_built)
    select i || ' Contract Bench Ln, Austin TX', 'Seller ' || i, '$' || (300000 + i), md5('bench-agent-' || (1 + i % 10))::uuid,
      'listing', 'TX', 'single_family', i % 2 = 0, case when i % 3 = 0 then 1950 else 1990 end
    from generate_series(1, ${listings}) i;
    commit`);
  // The documents the listing templates require for live, typed and approved (as review_document() leaves them).
  await db.query(`begin; set local session_replication_role = replica;
    insert into public.documents (listing_id, listing_agent_id, listing_tc_id, file_name, file_url, file_type, file_size, uploaded_by,
      document_type, review_state, reviewed_by, reviewed_at)
    select l.id, l.agent_id, l.tc_id, t.type || '.pdf', 'listings/' || l.id || '/' || t.type || '.pdf', 'application/pdf', 10000, l.agent_id,
      t.type, 'approved', l.tc_id, now()
    from public.listings l
    cross join (values ('listing_agreement'), ('sellers_disclosure'), ('mls_input_sheet'), ('photos'), ('lead_paint_disclosure')) t(type)
    where t.type <> 'lead_paint_disclosure' or l.year_built < 1978;
    commit`);
  await db.query(`begin; set local role authenticated; select set_config('request.jwt.claims', ${COORDINATOR_CLAIMS}, true);
    select count(public.set_listing_status(id, 'live')) from public.listings;
    commit`);
  await db.query('vacuum analyze');
  await db.query('checkpoint');
  const { rows } = await db.query<{ id: string; status: string }>(`select id, status from public.listings order by split_part(address, ' ', 1)::int`);
  if (rows.length !== listings || rows.some((r) => r.status !== 'live')) throw new Error(`${side.name}: the fixture's listings are not all live`);
  side.listings = rows.map((r) => r.id);
}

/** What one measured listing ended with, to show both databases did the same work. */
async function outcome(side: Side, listing: string): Promise<string> {
  const { rows } = await side.admin.query<Record<string, string>>(
    `select (select status from public.listings where id = $1) as status,
      (select count(*) from public.contract_deadlines where listing_id = $1) as key_dates,
      (select count(*) from public.listing_checklist_items where listing_id = $1) as checklist_items,
      (select count(*) from public.tasks where listing_id = $1) as tasks,
      (select count(*) from public.activity_log where listing_id = $1) as activity,
      case when to_regclass('public.listing_events') is not null
        then (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from public.listing_events where listing_id = %L', $1), false, true, '')))[1]::text
        else '–' end as events`,
    [listing],
  );
  return Object.entries(rows[0])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}

const fmtMs = (i: Interval) => `${i.median.toFixed(2)} [${i.low.toFixed(2)}–${i.high.toFixed(2)}]`;

sweepDeadTempDirs();
const folder = ownedTempDir('listingdesk-bench-listing-change-');
const sides: Side[] = [];
let failed = false;
try {
  const baseRoot = path.join(folder.path, 'base');
  const count = checkoutMigrations(BASE, baseRoot);
  const head = execFileSync('git', ['log', '--oneline', '-1'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim();
  const roots = { base: baseRoot, new: PROJECT_ROOT } as const;
  const started = performance.now();
  const built = await Promise.allSettled(
    (['base', 'new'] as const).map(async (name) => {
      const server = await startBarePostgres({ projectRoot: roots[name], dataDir: path.join(folder.path, `${name}-data`) });
      const side: Side = { name, server, admin: new pg.Client({ connectionString: roleUrl(server.config, SUPERUSER) }), api: new pg.Client({ connectionString: roleUrl(server.config, 'authenticator') }), listings: [] };
      sides.push(side);
      let applied: number;
      try {
        applied = (await migrate(server.config, server.log, { seed: false })).applied.length;
      } catch (error) {
        throw new Error(`the ${name === 'base' ? `base revision's (${BASE})` : "working tree's"} migrations failed to apply: ${(error as Error).message}`);
      }
      await side.admin.connect();
      await side.api.connect();
      await side.admin.query("set client_min_messages = 'warning'");
      await load(side, ROUNDS + WARMUP + 1);
      return applied;
    }),
  );
  const broken = built.filter((b): b is PromiseRejectedResult => b.status === 'rejected');
  if (broken.length) throw new Error(broken.map((b) => (b.reason as Error).message).join('\n'));
  const [baseSide, newSide] = (['base', 'new'] as const).map((n) => sides.find((s) => s.name === n)!);
  const appliedCounts = built.map((b) => (b as PromiseFulfilledResult<number>).value);
  const uncommitted = execFileSync('git', ['status', '--porcelain', '--', 'supabase/migrations'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).split('\n').filter(Boolean).length;
  console.log(`base: ${BASE} (${count} migrations); new: the working tree at ${head} (${appliedCounts[1]} migrations, ${uncommitted} of them new or changed since that commit)`);
  console.log(`fixture: ${ROUNDS + WARMUP + 1} live Texas listings per database, loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const times: Record<Op, { base: number[]; new: number[] }> = Object.fromEntries(OPS.map((o) => [o.name, { base: [], new: [] }])) as never;
  for (let round = 0; round < ROUNDS + WARMUP; round++) {
    const order = round % 2 ? [newSide, baseSide] : [baseSide, newSide];
    const ids = new Map<Side, { listing: string; contract?: string; deadline?: string }>(order.map((s) => [s, { listing: s.listings[round] }]));
    for (const op of OPS) {
      for (const side of order) {
        const own = ids.get(side)!;
        let result: { ms: number; id: string };
        try {
          result = await timed(side.api, STATEMENTS[op.name](own));
        } catch (error) {
          throw new Error(`${side.name}: ${op.name} failed: ${(error as Error).message}`);
        }
        if (round >= WARMUP) times[op.name][side.name].push(result.ms);
        if (op.name === 'record a TREC contract') {
          own.contract = result.id;
          own.deadline = (await side.admin.query<{ id: string }>(`select id from public.contract_deadlines where contract_id = $1 and key = 'earnest_money'`, [result.id])).rows[0]?.id;
          if (!own.deadline) throw new Error(`${side.name}: the TREC contract has no earnest money key date`);
        }
      }
    }
  }

  console.log(`\nDatabase time per statement (ms): clock_timestamp() just before and after it, in its transaction, triggers and RLS included, commit not;`);
  console.log(`as the coordinator under RLS; ${ROUNDS} rounds (after ${WARMUP} warm-up), base and new alternating, a new listing each round.`);
  console.log(`Medians [95 % order-statistic interval]; ratio = median over the rounds of new ÷ base.\n`);
  const rows: string[][] = [];
  for (const op of OPS) {
    const t = times[op.name];
    const ratio = medianInterval(t.new.map((v, i) => v / t.base[i]));
    const verdict = !op.line ? '(no line)' : ratio.high < 1 ? 'pass' : ratio.median < 1 ? 'FAIL (interval reaches 1)' : 'FAIL';
    if (op.line && ratio.high >= 1) failed = true;
    rows.push([op.name, fmtMs(medianInterval(t.base)), fmtMs(medianInterval(t.new)), formatRatio(ratio), verdict]);
  }
  if (process.env.BENCH_VERBOSE) {
    // Drift: medians per quarter of the rounds (the databases grow by a contract a round).
    for (const op of OPS) {
      const quarters = (values: number[]) => [0, 1, 2, 3].map((q) => medianInterval(values.slice((q * values.length) >> 2, ((q + 1) * values.length) >> 2), 0.5).median.toFixed(2)).join(' ');
      console.log(`  ${op.name}: base by quarter ${quarters(times[op.name].base)}; new ${quarters(times[op.name].new)}`);
    }
  }
  const header = ['operation', 'base ms', 'new ms', 'new ÷ base', 'line: < 1'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const line of [header, ...rows]) console.log(line.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  '));
  console.log(`\nthe first measured listing afterwards:`);
  for (const side of [baseSide, newSide]) console.log(`  ${side.name.padEnd(4)}  ${await outcome(side, side.listings[WARMUP])}`);
  if (EXPLAIN) {
    console.log(`\nEXPLAIN (ANALYZE, TIMING) of each operation on one more listing, as the coordinator:`);
    for (const side of [baseSide, newSide]) await explain(side, side.listings[ROUNDS + WARMUP]);
  }
} catch (error) {
  console.error(`listing-change: ${(error as Error).message}`);
  failed = true;
} finally {
  for (const side of sides) {
    await side.admin.end().catch(() => undefined);
    await side.api.end().catch(() => undefined);
    await side.server.stop().catch(() => undefined);
  }
  folder.remove();
}
process.exitCode = failed ? 1 : 0;
