/**
 * The Outbox screen (issue 55) at 100,000 listings and 500,000 party
 * messages, its requests as the screen sends them
 * (src/features/party-messages/api/get-party-messages.ts: status tab,
 * listing_tc_id = me, the listing's address and contract zone embedded,
 * keyset-paged by send_at, id; soonest first for Waiting, newest first for
 * Sent, nulls last), a page of every status together by send_at, id (the
 * Outbox query as first planned), and the tabs' counts (public.party_message_counts(), one
 * request), each as the coordinator under RLS and as service role with the
 * same filters, in alternating windows of one run, with the database's CPU
 * per request in each mode (Postgres processes, from /proc). The RLS and
 * service answers must be equal (the explicit filter selects exactly what the
 * read policy lets the coordinator see). Ends with PostgREST's EXPLAIN
 * (ANALYZE, BUFFERS) of each read as the coordinator (the RLS plan).
 *
 * Data (bench/party/generate.ts, SQL with triggers off): 100 coordinators,
 * 1,000 agents, 100,000 Texas listings, 5 party messages per listing in every
 * status (the measured coordinator's team: 1,000 listings, 5,000 messages).
 *
 *   npm run bench -- party-outbox [--listings 100000] [--messages 5] [--rounds 9] [--window 400] [--concurrency 10] [--only <text>] [--setup-sql <file>]
 *
 * --setup-sql runs a SQL file (as superuser) after the data is loaded: to
 * measure a candidate index or policy against the same data.
 *
 * Ratio = RLS req/s ÷ service req/s (service time ÷ RLS time), the median of
 * the rounds with its order-statistic interval (bench/scale/verdict.ts): a
 * read passes when the median is at least 0.85, fails when the whole interval
 * lies under it, and is a doubt in between (rerun with --only).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import fs from 'node:fs';
import WebSocket from 'ws';
import { signJwt } from '../stack/gateway/jwt.ts';
import { superuserPool } from '../stack/postgres.ts';
import { startThrowawayStack, type StackInfo } from '../tests/support/throwaway-stack.ts';
import { percentile } from './_percentile.ts';
import { loadListings, loadMessages } from './party/generate.ts';
import { benchId, LISTINGS_PER_COORDINATOR, settle } from './scale/generate.ts';
import { combine, databaseCpuMeter, databaseCpuPerRequest, perSecond, sample, type Sample } from './scale/measure.ts';
import { formatRatio, medianInterval } from './scale/verdict.ts';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const LISTINGS = option('listings', 100_000);
const PER_LISTING = option('messages', 5);
const ROUNDS = option('rounds', 9);
const WINDOW_MS = option('window', 400);
const CONCURRENCY = option('concurrency', 10);
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const SETUP_SQL = process.argv.includes('--setup-sql') ? process.argv[process.argv.indexOf('--setup-sql') + 1] : undefined;
const LINE = 0.85;

/** As the Outbox sends them (src/features/party-messages/api/get-party-messages.ts): its columns, its embed, its orders, its cursor. */
const COLUMNS = 'id, listing_id, template_id, status, auto_send, subject, body, subject_source, body_source, to_roles, cc_roles, to_recipients, cc_recipients, '
  + 'send_at, trigger_reason, held_reason, changed_at, previous, seen_at, sent_at, attempts, error, listing:listings(address, contracts(time_zone, status))';
type Answer = { data: unknown; error: unknown };
type Explainable = { explain: (options: object) => PromiseLike<Answer> };
interface Case {
  name: string;
  /** The request (a PostgREST builder, so it can be explained). */
  run: (client: SupabaseClient, me: string) => PromiseLike<Answer> & Partial<Explainable>;
  /** What to explain, when not the request itself. */
  explain?: (client: SupabaseClient, me: string) => Explainable;
  explained?: string;
  /** Measured for the record, without a pass line: a request no screen sends. */
  informational?: boolean;
}

/** Tabs of what went (or will not) read newest first, the others soonest first; nulls last either way, as the screen asks. */
const DESCENDING = new Set(['sent', 'failed', 'skipped']);
/** The second page's cursor per tab: the first page's last (send_at, id), filled in once the data is loaded. */
const cursors = new Map<string, { sendAt: string; id: string }>();
function tab(c: SupabaseClient, me: string, status: string, next = false) {
  const desc = DESCENDING.has(status);
  let query = c.from('party_messages').select(COLUMNS).eq('status', status).eq('listing_tc_id', me);
  const cursor = cursors.get(status);
  if (next && cursor) {
    const [at, id] = [JSON.stringify(cursor.sendAt), JSON.stringify(cursor.id)];
    query = query.or(`send_at.${desc ? 'lt' : 'gt'}.${at},and(send_at.eq.${at},id.${desc ? 'lt' : 'gt'}.${id}),send_at.is.null`);
  }
  return query.order('send_at', { ascending: !desc, nullsFirst: false }).order('id', { ascending: !desc }).limit(51);
}
/** Every status together by send_at, id: the Outbox query as first planned (the screen reads one tab at a time). */
const allStatuses = (c: SupabaseClient, me: string) => c.from('party_messages').select(COLUMNS).eq('listing_tc_id', me).order('send_at').order('id').limit(50);

const CASES: Case[] = [
  // No screen sends it (the Outbox reads one tab at a time): measured to show why, without a pass line.
  { name: 'all statuses, 50 by send_at, id (no screen sends it)', run: allStatuses, informational: true },
  { name: 'Waiting tab, first page', run: (c, me) => tab(c, me, 'waiting') },
  { name: 'Waiting tab, next page', run: (c, me) => tab(c, me, 'waiting', true) },
  { name: 'Sent tab, first page', run: (c, me) => tab(c, me, 'sent') },
  { name: 'Sent tab, next page', run: (c, me) => tab(c, me, 'sent', true) },
  {
    // Service role with the coordinator's claims: the function filters by the caller (listing_tc_id = me) without the policy.
    name: 'status counts (party_message_counts)',
    run: (c) => c.rpc('party_message_counts'),
    explain: (c, me) => c.from('party_messages').select('id', { count: 'exact' }).eq('listing_tc_id', me).eq('status', 'sent').limit(1),
    explained: 'its count of sent messages, as a count through the policy',
  },
];

async function clientsFor(info: StackInfo, person: { auth_user_id: string; email: string }): Promise<Record<'rls' | 'service', SupabaseClient>> {
  const claims = { sub: person.auth_user_id, email: person.email, aud: 'authenticated', session_id: crypto.randomUUID(), aal: 'aal1' };
  const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } };
  const tokens = [await signJwt({ ...claims, role: 'authenticated' }, info.jwtSecret, 24 * 3600), await signJwt({ ...claims, role: 'service_role' }, info.jwtSecret, 24 * 3600)];
  const [rls, service] = tokens.map((token) => createClient(info.apiUrl, info.anonKey, { ...options, accessToken: async () => token }));
  return { rls, service };
}

const verdict = (ratio: { median: number; high: number }) => (ratio.median >= LINE ? 'pass' : ratio.high < LINE ? 'FAIL' : 'doubt (rerun)');

if (LISTINGS % LISTINGS_PER_COORDINATOR) throw new Error(`--listings must be a multiple of ${LISTINGS_PER_COORDINATOR}`);
const stack = await startThrowawayStack({ explainPlans: true });
let failed = false;
console.log(`throwaway stack started in ${(stack.info.startupMs / 1000).toFixed(0)} s`);
try {
  const superuser = superuserPool(stack.stack.config, 1);
  const db = await superuser.connect();
  const t0 = performance.now();
  await loadListings(db, LISTINGS);
  await loadMessages(db, LISTINGS, PER_LISTING);
  if (SETUP_SQL) await db.query(fs.readFileSync(SETUP_SQL, 'utf8'));
  await settle(db);
  const totals = (await db.query<{ messages: string; mine: string }>(`select count(*) as messages, count(*) filter (where listing_tc_id = ${benchId.coordinator(1)}) as mine from public.party_messages`)).rows[0];
  console.log(`loaded ${LISTINGS.toLocaleString('en-US')} listings and ${Number(totals.messages).toLocaleString('en-US')} party messages (${Number(totals.mine).toLocaleString('en-US')} on the measured coordinator's listings) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const coordinator = (await db.query<{ id: string; auth_user_id: string; email: string }>(`select id, auth_user_id, email from public.users where id = ${benchId.coordinator(1)}`)).rows[0];
  for (const status of ['waiting', 'sent']) {
    const order = DESCENDING.has(status) ? 'desc' : 'asc';
    const { rows } = await db.query<{ send_at: string; id: string }>(
      `select to_char(send_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as send_at, id::text from public.party_messages
       where listing_tc_id = $1 and status = $2 order by send_at ${order}, id ${order} limit 1 offset 49`, [coordinator.id, status]);
    cursors.set(status, { sendAt: rows[0].send_at, id: rows[0].id });
  }
  const indexes = (await db.query<{ def: string }>(`select indexdef as def from pg_indexes where schemaname = 'public' and tablename = 'party_messages' order by indexname`)).rows;
  db.release();
  await superuser.end();
  const modes = await clientsFor(stack.info, coordinator);
  const meter = databaseCpuMeter(stack.stack.config.dbDir);

  const rows: string[][] = [];
  const plans: string[] = [];
  for (const c of CASES.filter((k) => !ONLY || k.name.includes(ONLY))) {
    const [a, b] = [await c.run(modes.rls, coordinator.id), await c.run(modes.service, coordinator.id)];
    if (a.error || b.error) throw new Error(`${c.name}: ${JSON.stringify(a.error ?? b.error)}`);
    if (JSON.stringify(a.data) !== JSON.stringify(b.data)) throw new Error(`${c.name}: the coordinator's answer differs from service role's`);
    const answered = c.name.startsWith('status counts') ? (a.data as { n: number }[]).map((r) => r.n).join('/') : String(Array.isArray(a.data) ? a.data.length : 1);
    const explainable = c.explain?.(modes.rls, coordinator.id) ?? (c.run(modes.rls, coordinator.id) as Explainable);
    {
      const plan = await explainable.explain({ analyze: true, buffers: true });
      plans.push(`--- EXPLAIN (ANALYZE, BUFFERS) of "${c.name}"${c.explained ? ` (${c.explained})` : ''} as the coordinator (RLS)\n${plan.error ? JSON.stringify(plan.error) : String(plan.data).trim()}`);
    }
    const send = (mode: 'rls' | 'service') => async () => {
      const answer = await c.run(modes[mode], coordinator.id);
      if (answer.error) throw new Error(`${c.name} (${mode}): ${JSON.stringify(answer.error)}`);
    };
    await sample(send('rls'), WINDOW_MS / 4, CONCURRENCY);
    await sample(send('service'), WINDOW_MS / 4, CONCURRENCY);
    const rls: Sample[] = [];
    const service: Sample[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of round % 2 ? (['service', 'rls'] as const) : (['rls', 'service'] as const)) {
        (mode === 'rls' ? rls : service).push(await sample(send(mode), WINDOW_MS, CONCURRENCY, meter));
      }
    }
    const ratio = medianInterval(rls.map((r, i) => perSecond(r) / perSecond(service[i])));
    if (!c.informational && verdict(ratio) === 'FAIL') failed = true;
    const [all, base] = [combine(rls), combine(service)];
    const cpu = [databaseCpuPerRequest(all), databaseCpuPerRequest(base)].map((v) => (v === undefined ? '–' : v.toFixed(0))).join('/');
    rows.push([c.name, answered, perSecond(all).toFixed(0), perSecond(base).toFixed(0), formatRatio(ratio), c.informational ? 'info' : verdict(ratio), cpu,
      percentile(all.latencies, 95).toFixed(1), percentile(base.latencies, 95).toFixed(1)]);
  }
  console.log(`\nindexes of party_messages:\n${indexes.map((i) => `  ${i.def}`).join('\n')}`);
  console.log(`\n${plans.join('\n\n')}`);
  const header = ['read', 'rows', 'RLS req/s', 'service req/s', 'RLS÷service [interval]', `line ≥ ${LINE}`, 'db µs/req RLS/svc', 'RLS p95 ms', 'svc p95 ms'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  console.log(`\n${LISTINGS.toLocaleString('en-US')} listings, ${Number(totals.messages).toLocaleString('en-US')} party messages; as the coordinator (RLS) and as service role with the same filters;`);
  console.log(`${CONCURRENCY} clients, ${ROUNDS} alternating rounds of ${WINDOW_MS} ms per mode; ratio = RLS ÷ service req/s (service time ÷ RLS time), median of the rounds [95 % interval].`);
  for (const line of [header, ...rows]) console.log(line.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  '));
} finally {
  await stack.stop();
}
process.exitCode = failed ? 1 : 0;
