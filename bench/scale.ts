/**
 * Every list and count of the app and the /api surface at 1,000 and at
 * 100,000 listings (bench/scale/generate.ts: 1,000 agents, 100 coordinators,
 * ~1,000,000 rows each in notes, messages, tasks, notifications and
 * activity_log), each read as its real user (RLS) and as service role with
 * the same filters, through the gateway and PostgREST like the browser.
 *
 * Per query: rows answered, RLS req/s, service req/s, their ratio, the
 * database's CPU time per request in each mode (Postgres processes, read
 * from /proc: what RLS itself costs, apart from the gateway, PostgREST and
 * this client sharing the cores), the RLS p95, and growth = RLS req/s at
 * 1k ÷ at 100k. RLS and service run in
 * alternating windows (order swapped every round) so drift hits both alike.
 * Ratio, the database's extra CPU per request under RLS and growth are each
 * the median of the rounds' figures with its order-statistic interval
 * (96 % for 9 rounds), so one disturbed window (a checkpoint, a GC pause)
 * does not decide them. A query fails only when an interval lies wholly on
 * the wrong side of its line (bench/scale/verdict.ts: ratio under 0.85,
 * RLS more than 300 µs of database CPU per request above service role,
 * growth over 1.5), or when the RLS answer differs from the service answer
 * (the explicit filter must select exactly the rows RLS allows). A median on
 * the wrong side whose interval reaches the line is listed as a doubt.
 *
 *   npm run bench -- scale [--small 1000] [--large 100000] [--rounds 9] [--window 400]
 *     [--concurrency 20] [--only <text>[,<text>…]] [--setup-sql <file>] [--explain 3] [--keep]
 *   npm run bench -- scale --variants bench/scale/variants/<file>.sql[,<file>…] [--large 100000] [--only …]
 *
 * --explain N prints PostgREST's EXPLAIN (ANALYZE, BUFFERS) of the N slowest
 * queries at the large size, as their real user (the stack enables plans).
 * --setup-sql runs a SQL file after the data is generated (to measure a
 * candidate change, or the schema before one); --keep leaves the stack
 * running after the run and prints how to reach it. --variants measures two
 * schemas side by side at the large size instead (bench/scale/variants.ts).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import fs from 'node:fs';
import pg from 'pg';
import WebSocket from 'ws';
import { signJwt } from '../stack/gateway/jwt.ts';
import { superuserPool } from '../stack/postgres.ts';
import { startThrowawayStack, type StackInfo } from '../tests/support/throwaway-stack.ts';
import { benchId, growBrokerage } from './scale/generate.ts';
import { percentile } from './_percentile.ts';
import { combine, databaseCpuMeter, databaseCpuPerRequest, perSecond, sample, type CpuMeter, type Sample } from './scale/measure.ts';
import { SCALE_QUERIES, type Actor, type Answer, type ScaleContext, type ScaleQuery } from './scale/queries.ts';
import { formatMicros, formatRatio, judge, LIMITS, medianInterval } from './scale/verdict.ts';
import { measureVariants, readVariants, switchTo, VARIANT_HEADER, variantRow, type VariantMeasurement } from './scale/variants.ts';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}
const SMALL = Number(option('small') ?? 1000);
const LARGE = Number(option('large') ?? 100_000);
// Nine rounds: ratios of single 400 ms rounds spread by ±0.05, and the median of
// five moved by up to ±0.03 from run to run; nine also give a 96 % interval
// between the second smallest and second largest round (verdict.ts).
const ROUNDS = Number(option('rounds') ?? 9);
const WINDOW_MS = Number(option('window') ?? 400);
const CONCURRENCY = Number(option('concurrency') ?? 20);
const ONLY = option('only');
const SETUP_SQL = option('setup-sql');
const VARIANTS = option('variants');
const KEEP = process.argv.includes('--keep');
const EXPLAIN = Number(option('explain') ?? 3);
const SLOW_PROBE_MS = 1000;
/** A probe still running after this is given up (the server may still finish it). */
const PROBE_TIMEOUT_MS = 15_000;

interface Clients {
  rls: SupabaseClient;
  service: SupabaseClient;
}

class TooSlow extends Error {
  constructor(
    message: string,
    readonly ms: number,
  ) {
    super(message);
  }
}

/** Queries too slow to measure under load, with the time of their one request (ms). */
const tooSlow = new Map<string, number>();

interface Measurement {
  rows: number;
  rls: Sample;
  service: Sample;
  /** Per round (its two windows side by side in time): RLS ÷ service req/s. */
  ratios: number[];
  /** Per round: database CPU per request under RLS minus under service role (µs); undefined when not metered. */
  extraCpuUs?: number[];
  /** Per round: RLS req/s. */
  rlsRates: number[];
}

async function clientsFor(info: StackInfo, authUserId: string, email: string): Promise<Clients> {
  const claims = { sub: authUserId, email, aud: 'authenticated', session_id: crypto.randomUUID(), aal: 'aal1' };
  const userToken = await signJwt({ ...claims, role: 'authenticated' }, info.jwtSecret, 24 * 3600);
  const serviceToken = await signJwt({ ...claims, role: 'service_role' }, info.jwtSecret, 24 * 3600);
  const client = (token: string) => createClient(info.apiUrl, info.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      accessToken: async () => token,
    });
  return { rls: client(userToken), service: client(serviceToken) };
}

async function context(info: StackInfo): Promise<{ ctx: ScaleContext; actors: Record<Actor, Clients> }> {
  const db = new pg.Client({ connectionString: info.dbUrl });
  await db.connect();
  try {
    const person = async (where: string) =>
      (await db.query<{ id: string; auth_user_id: string; email: string }>(`select id, auth_user_id, email from public.users where ${where} order by created_at limit 1`)).rows[0];
    const agent = await person(`id = ${benchId.agent(1)}`);
    const coordinator = await person(`id = ${benchId.coordinator(1)}`);
    const admin = await person(`role = 'super_admin'`);
    const listing = (await db.query<{ id: string }>(`select ${benchId.listing(1)} as id`)).rows[0];
    const channel = (await db.query<{ id: string }>(`select md5('bench-channel-1')::uuid as id`)).rows[0];
    const team = (await db.query<{ id: string }>('select id from public.users where assigned_tc_id = $1 order by id', [coordinator.id])).rows;
    return {
      ctx: { agentId: agent.id, coordinatorId: coordinator.id, adminId: admin.id, listingId: listing.id, channelId: channel.id, coordinatorAgentIds: team.map((r) => r.id) },
      actors: {
        agent: await clientsFor(info, agent.auth_user_id, agent.email),
        coordinator: await clientsFor(info, coordinator.auth_user_id, coordinator.email),
        admin: await clientsFor(info, admin.auth_user_id, admin.email),
      },
    };
  } finally {
    await db.end();
  }
}

function rowCount(answer: { data: unknown; count?: number | null }): number {
  const data = answer.data as unknown;
  if (Array.isArray(data)) return data.length;
  if (data && typeof data === 'object') {
    const nested = Object.values(data).find(Array.isArray) as unknown[] | undefined;
    return nested ? nested.length : 1;
  }
  return answer.count ?? 0;
}

async function measure(query: ScaleQuery, clients: Clients, ctx: ScaleContext, meter: CpuMeter | undefined): Promise<Measurement> {
  const ask = (mode: 'rls' | 'service') => (mode === 'service' && query.service ? query.service(clients.service, ctx) : query.run(clients[mode], ctx));
  const send = (mode: 'rls' | 'service') => async () => {
    const answer = await ask(mode);
    if (answer.error) throw new Error(`${query.name}: ${JSON.stringify(answer.error)}`);
  };
  const [asUser, asService] = [await ask('rls'), await ask('service')];
  for (const answer of [asUser, asService]) if (answer.error) throw new Error(`${query.name}: ${JSON.stringify(answer.error)}`);
  if (JSON.stringify([asUser.data, asUser.count]) !== JSON.stringify([asService.data, asService.count])) {
    throw new Error(`${query.name}: the user's answer differs from service role's (${rowCount(asUser)} vs ${rowCount(asService)} rows)`);
  }
  // A request that takes seconds would tie up PostgREST's pool under 20 clients and spoil the next queries.
  const probeStarted = performance.now();
  const probe = query.run(clients.rls, ctx) as PromiseLike<Answer> & { abortSignal?: (signal: AbortSignal) => PromiseLike<Answer> };
  await (probe.abortSignal ? probe.abortSignal(AbortSignal.timeout(PROBE_TIMEOUT_MS)) : probe).then(
    () => undefined,
    () => undefined,
  );
  const probeMs = performance.now() - probeStarted;
  if (probeMs > SLOW_PROBE_MS) throw new TooSlow(`${query.name}: one request took ${probeMs.toFixed(0)} ms; not measured under load`, probeMs);
  // Warm both paths (connections, plan caches) before timing.
  await sample(send('rls'), WINDOW_MS / 4, CONCURRENCY);
  await sample(send('service'), WINDOW_MS / 4, CONCURRENCY);
  const rls: Sample[] = [];
  const service: Sample[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['rls', 'service'] as const) : (['service', 'rls'] as const);
    for (const mode of order) (mode === 'rls' ? rls : service).push(await sample(send(mode), WINDOW_MS, CONCURRENCY, meter));
  }
  const extraCpuUs = rls.map((r, i) => {
    const [own, baseline] = [databaseCpuPerRequest(r), databaseCpuPerRequest(service[i])];
    return own === undefined || baseline === undefined ? undefined : own - baseline;
  });
  return {
    rows: rowCount(asUser),
    rls: combine(rls),
    service: combine(service),
    ratios: rls.map((r, i) => perSecond(r) / perSecond(service[i])),
    extraCpuUs: extraCpuUs.every((e) => e !== undefined) ? (extraCpuUs as number[]) : undefined,
    rlsRates: rls.map(perSecond),
  };
}

async function measureAll(label: string, info: StackInfo, queries: ScaleQuery[], meter: CpuMeter | undefined): Promise<Map<string, Measurement>> {
  const { ctx, actors } = await context(info);
  const results = new Map<string, Measurement>();
  const started = performance.now();
  for (const query of queries) {
    try {
      const result = await measure(query, actors[query.actor], ctx, meter);
      results.set(query.name, result);
      if (process.env.BENCH_VERBOSE) console.log(`  ${query.name}: ${perSecond(result.rls).toFixed(0)} vs ${perSecond(result.service).toFixed(0)} req/s (${formatRatio(medianInterval(result.ratios))})`);
    } catch (error) {
      if (error instanceof TooSlow) tooSlow.set(query.name, error.ms);
      console.error(`  ${(error as Error).message}`);
    }
  }
  console.log(`measured ${queries.length} queries at ${label} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return results;
}

/** The plans of the `count` queries with the lowest RLS throughput, through PostgREST's plan output. */
async function explainSlowest(info: StackInfo, results: Map<string, Measurement>, queries: ScaleQuery[], count: number) {
  const { ctx, actors } = await context(info);
  // Those too slow to measure first (slowest first), then the measured ones by throughput.
  const unmeasured = queries.filter((q) => tooSlow.has(q.name)).sort((a, b) => tooSlow.get(b.name)! - tooSlow.get(a.name)!);
  const measured = queries.filter((q) => results.has(q.name)).sort((a, b) => perSecond(results.get(a.name)!.rls) - perSecond(results.get(b.name)!.rls));
  for (const query of [...unmeasured, ...measured].slice(0, count)) {
    const speed = results.has(query.name) ? `${perSecond(results.get(query.name)!.rls).toFixed(0)} req/s` : `${tooSlow.get(query.name)!.toFixed(0)} ms for one request`;
    const request = query.run(actors[query.actor].rls, ctx) as { explain?: (options: object) => PromiseLike<{ data: unknown; error: unknown }> };
    const plan = typeof request.explain === 'function' ? await request.explain({ analyze: true, buffers: true }) : { data: '(two requests; no single plan)', error: null };
    console.log(`\n--- EXPLAIN (ANALYZE, BUFFERS) of "${query.name}" as the ${query.actor} (${speed})\n${plan.error ? JSON.stringify(plan.error) : String(plan.data).trim()}`);
  }
}

async function runSql(dbUrl: string, file: string) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(fs.readFileSync(file, 'utf8'));
    await db.query('analyze');
  } finally {
    await db.end();
  }
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await work();
  console.log(`${label} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return result;
}

/** "RLS/service": the database's CPU time per request in each mode (µs), or "–" where it cannot be read. */
function databaseCpu(m: Measurement): string {
  const [rls, service] = [databaseCpuPerRequest(m.rls), databaseCpuPerRequest(m.service)];
  return rls === undefined || service === undefined ? '–' : `${rls.toFixed(0)}/${service.toFixed(0)}`;
}

/** A table with the first and last columns left-aligned and the others right-aligned. */
function printTable(header: string[], lines: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((cells) => cells[i]?.length ?? 0)));
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${row(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const cells of lines) console.log(row(cells));
}

/** Every query as its real user under the two variants of `file`, side by side (bench/scale/variants.ts). */
async function compareVariants(info: StackInfo, queries: ScaleQuery[], meter: CpuMeter | undefined, file: string) {
  const { setup, variants } = readVariants(file);
  const { ctx, actors } = await context(info);
  const db = new pg.Client({ connectionString: info.dbUrl });
  await db.connect();
  const results = new Map<string, VariantMeasurement>();
  try {
    if (setup.trim()) await db.query(setup);
    const hasProbe = (await db.query(`select to_regprocedure('public.bench_variant()') is not null as found`)).rows[0].found as boolean;
    const started = performance.now();
    for (const query of queries) {
      const user = actors[query.actor].rls;
      const send = async () => {
        const answer = await query.run(user, ctx);
        if (answer.error) throw new Error(`${query.name}: ${JSON.stringify(answer.error)}`);
      };
      const answers: string[] = [];
      for (const variant of variants) {
        await switchTo(variant, db, user, hasProbe);
        const answer = await query.run(user, ctx);
        answers.push(JSON.stringify([answer.data, answer.count, answer.error]));
      }
      if (answers[0] !== answers[1]) {
        console.error(`  ${query.name}: the variants answer differently; not measured`);
        continue;
      }
      const switchVariant = (index: 0 | 1) => switchTo(variants[index], db, user, hasProbe);
      results.set(query.name, await measureVariants(send, switchVariant, { rounds: ROUNDS, windowMs: WINDOW_MS, concurrency: CONCURRENCY, meter }));
    }
    await switchTo(variants[0], db, actors.agent.rls, hasProbe);
    console.log(`measured ${queries.length} queries under ${variants.map((v) => v.name).join(' and ')} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await db.end();
  }
  const coverage = `[${(medianInterval(Array(ROUNDS).fill(0)).coverage * 100).toFixed(0)}%]`;
  const [a, b] = variants.map((v) => v.name);
  printTable(['query', ...VARIANT_HEADER(coverage), ''], queries.map((q) => {
    const m = results.get(q.name);
    return m ? [q.name, ...variantRow(m), ''] : [q.name, '', '', '', '', '', 'not measured'];
  }));
  console.log(`\nA = ${a}, B = ${b}; ${CONCURRENCY} clients, ${ROUNDS} × ${WINDOW_MS} ms per variant, alternating; ratios are medians of the rounds with their interval.`);
}

function report(small: Map<string, Measurement>, large: Map<string, Measurement>, queries: ScaleQuery[]): boolean {
  // Rows at the large size; "21→100" when the small size's page was not full (the admin sees every account:
  // 21 exist at 1k), so its growth compares pages of different length.
  // The intervals' coverage depends only on the number of rounds (96 % for 9).
  const interval = `[${(medianInterval(Array(ROUNDS).fill(0)).coverage * 100).toFixed(0)}%]`;
  const header = ['query', 'rows', 'RLS req/s', 'service req/s', `ratio ${interval}`, 'DB µs/req RLS/service', `DB µs extra ${interval}`, 'p95 ms', `growth ${SMALL / 1000}k→${LARGE / 1000}k ${interval}`, ''];
  const failed: string[] = [];
  const doubtful: string[] = [];
  const lines = queries.map((q) => {
    const big = large.get(q.name);
    const little = small.get(q.name);
    if (!big || !little) {
      failed.push(`${q.name}: error, see above`);
      return [q.name, '', '', '', '', '', '', '', '', 'FAIL'];
    }
    const rows = little.rows === big.rows ? String(big.rows) : `${little.rows}→${big.rows}`;
    const verdict = judge({ ratios: big.ratios, extraCpuUs: big.extraCpuUs, growths: little.rlsRates.map((rate, i) => rate / big.rlsRates[i]) });
    if (verdict.failures.length) failed.push(`${q.name}: ${verdict.failures.join('; ')}`);
    if (verdict.doubts.length) doubtful.push(`${q.name}: ${verdict.doubts.join('; ')}`);
    return [
      q.name,
      rows,
      perSecond(big.rls).toFixed(0),
      perSecond(big.service).toFixed(0),
      formatRatio(verdict.ratio),
      databaseCpu(big),
      verdict.extraCpu ? formatMicros(verdict.extraCpu) : '–',
      percentile([...big.rls.latencies].sort((a, b) => a - b), 95).toFixed(1),
      formatRatio(verdict.growth),
      verdict.failures.length ? 'FAIL' : verdict.doubts.length ? 'doubt' : 'ok',
    ];
  });
  printTable(header, lines);
  console.log(
    `\n${lines.length - failed.length} of ${lines.length} queries pass; ${CONCURRENCY} clients, ${ROUNDS} × ${WINDOW_MS} ms per mode. ` +
      `A query fails when the rounds' interval lies wholly under ${LIMITS.minRatio}× service role, over ${LIMITS.maxExtraCpuUs} µs of extra database CPU per request, or over ${LIMITS.maxGrowth}× growth.`,
  );
  if (failed.length) console.log(`failed:\n${failed.map((f) => `  ${f}`).join('\n')}`);
  if (doubtful.length) console.log(`doubts (median past a line, interval reaching it; rerun with --only to tell noise from a regression):\n${doubtful.map((d) => `  ${d}`).join('\n')}`);
  return failed.length === 0;
}

const queries = SCALE_QUERIES.filter((q) => !ONLY || ONLY.split(',').some((part) => q.name.includes(part.trim())));
const stack = await startThrowawayStack({ explainPlans: true });
const superuser = superuserPool(stack.stack.config, 1);
const loader = await superuser.connect();
try {
  const grow = (from: number, to: number) => growBrokerage(loader, from, to);
  if (VARIANTS) {
    await timed(`generated ${LARGE.toLocaleString()} listings`, () => grow(0, LARGE));
    if (SETUP_SQL) await timed(`applied ${SETUP_SQL}`, () => runSql(stack.info.dbUrl, SETUP_SQL));
    // Several files (comma-separated) share one generated database, each measured on its own.
    for (const file of VARIANTS.split(',')) await compareVariants(stack.info, queries, databaseCpuMeter(stack.stack.config.dbDir), file.trim());
  } else {
  await timed(`generated ${SMALL.toLocaleString()} listings`, () => grow(0, SMALL));
  if (SETUP_SQL) await timed(`applied ${SETUP_SQL}`, () => runSql(stack.info.dbUrl, SETUP_SQL));
  const meter = databaseCpuMeter(stack.stack.config.dbDir);
  const small = await measureAll(`${SMALL.toLocaleString()} listings`, stack.info, queries, meter);
  await timed(`grew to ${LARGE.toLocaleString()} listings`, () => grow(SMALL, LARGE));
  const large = await measureAll(`${LARGE.toLocaleString()} listings`, stack.info, queries, meter);
  if (!report(small, large, queries)) process.exitCode = 1;
  if (EXPLAIN > 0) await explainSlowest(stack.info, large, queries, EXPLAIN);
  }
  if (KEEP) {
    console.log(`\nstack kept: ${stack.info.apiUrl} (database ${stack.info.dbUrl}); Ctrl-C stops it`);
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  }
} finally {
  loader.release();
  await superuser.end();
  await stack.stop();
}
