/**
 * The compliance review at 100,000 listings: the Compliance screen's queue
 * page (a coordinator's, one agent's within it, the super admin's across
 * every coordinator, an agent's returned documents), the listing's progress
 * (listing_compliance, and listing_compliance_summary for a page of 26
 * dashboard cards), and template application: an attribute change that makes
 * a template match or stop matching (the automatic application adds its items
 * and a requirement task, or removes them) and a coordinator's application by
 * hand. Each is sent as its real user under RLS and as service role with the
 * same filters, alternating windows in one run, with the database's CPU per
 * request in each mode (Postgres processes, from /proc).
 *
 * Data (SQL, triggers off while loading, like bench/scale): 100 coordinators
 * and 1,000 agents (bench/scale/generate.ts's people), 100,000 Texas listings
 * (a third built before 1978), 3 documents per listing typed and under review
 * (about a sixth submitted, a sixth returned, the rest approved) and the
 * checklist items of the demo templates (supabase/seed.sql).
 *
 *   npm run bench -- compliance [--listings 100000] [--rounds 5] [--window 400] [--concurrency 10] [--only <text>] [--explain]
 *
 * --only measures the cases whose name contains the text; --explain prints
 * PostgREST's EXPLAIN (ANALYZE, BUFFERS) of each read case as its real user.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import WebSocket from 'ws';
import { signJwt } from '../stack/gateway/jwt.ts';
import { superuserPool } from '../stack/postgres.ts';
import { startThrowawayStack } from '../tests/support/throwaway-stack.ts';
import { percentile } from './_percentile.ts';
import { addPeople, benchId, LISTINGS_PER_COORDINATOR, settle } from './scale/generate.ts';
import { combine, databaseCpuMeter, databaseCpuPerRequest, perSecond, sample, type Sample } from './scale/measure.ts';
import { formatRatio, medianInterval } from './scale/verdict.ts';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const LISTINGS = option('listings', 100_000);
const ROUNDS = option('rounds', 5);
const WINDOW_MS = option('window', 400);
const CONCURRENCY = option('concurrency', 10);
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const EXPLAIN = process.argv.includes('--explain');

type Answer = { data: unknown; error: unknown };
type Who = 'coordinator' | 'agent' | 'admin';
interface Ids {
  coordinator: string;
  agent: string;
  listing: string;
  cards: string[];
  template: string;
}
interface Case {
  name: string;
  who: Who;
  /** The same request for both modes, unless service role needs the caller's scope spelled out. */
  run: (client: SupabaseClient, ids: Ids, mode: 'rls' | 'service') => PromiseLike<Answer>;
  /** Writes: answers differ by design (the attribute flips), so they are not compared. */
  writes?: boolean;
}

const QUEUE = 'document_id, listing_id, address, document_type, type_label, file_name, version, review_state, submitted_at, agent_id, agent_name';
let flip = 0;
const CASES: Case[] = [
  {
    name: "coordinator's review queue (26 oldest submitted)",
    who: 'coordinator',
    run: (c, ids) => c.from('compliance_queue').select(QUEUE).eq('review_state', 'submitted').eq('listing_tc_id', ids.coordinator)
      .order('submitted_at').order('document_id').limit(26),
  },
  {
    name: "coordinator's queue, one agent, next page",
    who: 'coordinator',
    run: (c, ids) => c.from('compliance_queue').select(QUEUE).eq('review_state', 'submitted').eq('listing_tc_id', ids.coordinator).eq('agent_id', ids.agent)
      .or('submitted_at.gt.2026-01-01T06:00:00Z,and(submitted_at.eq.2026-01-01T06:00:00Z,document_id.gt.00000000-0000-0000-0000-000000000000)')
      .order('submitted_at').order('document_id').limit(26),
  },
  {
    name: "super admin's review queue (all coordinators)",
    who: 'admin',
    run: (c) => c.from('compliance_queue').select(QUEUE).eq('review_state', 'submitted').order('submitted_at').order('document_id').limit(26),
  },
  {
    name: "agent's returned documents",
    who: 'agent',
    run: (c, ids) => c.from('compliance_queue').select(`${QUEUE}, review_reason`).eq('agent_id', ids.agent).eq('review_state', 'returned')
      .order('submitted_at').order('document_id').limit(26),
  },
  { name: 'listing_compliance (detail screen)', who: 'agent', run: (c, ids) => c.rpc('listing_compliance', { listing_id: ids.listing }) },
  { name: 'listing_compliance_summary (26 cards)', who: 'agent', run: (c, ids) => c.rpc('listing_compliance_summary', { listing_ids: ids.cards }) },
  {
    name: 'automatic application (year built flips a template)',
    who: 'agent',
    writes: true,
    run: (c, ids) => c.from('listings').update({ year_built: ++flip % 2 ? 1990 : 1950 }).eq('id', ids.listing),
  },
  {
    name: 'apply_checklist_template by hand (already applied)',
    who: 'coordinator',
    writes: true,
    run: (c, ids) => c.rpc('apply_checklist_template', { listing_id: ids.listing, template_id: ids.template }),
  },
];

const LISTING = (i: string) => `md5('bench-listing-' || ${i})::uuid`;
const AGENT_OF = (i: string) => `md5('bench-agent-' || ((${i} - 1) / 100 + 1))::uuid`;
const TC_OF = (i: string) => `md5('bench-tc-' || ((${i} - 1) / 1000 + 1))::uuid`;
const AT = (i: string, j: string) => `timestamptz '2026-01-01 00:00:00+00' + make_interval(mins => ((${i} * 7 + ${j} * 131) % 400000))`;

/** People, listings, typed documents in every review state and the demo templates' items, in SQL with triggers off (a superuser connection). */
async function load(db: pg.ClientBase): Promise<void> {
  await db.query('begin');
  await db.query('set local session_replication_role = replica');
  // As bench/scale: the loaded tables leave the Realtime publication for the load, or its decoding would run during the measurements.
  const published = (await db.query<{ name: string }>(`select format('%I.%I', schemaname, tablename) as name from pg_publication_tables where pubname = 'supabase_realtime'`)).rows.map((r) => r.name);
  await db.query(`alter publication supabase_realtime drop table ${published.join(', ')}`);
  await addPeople(db, 0, LISTINGS);
  await db.query(`insert into public.listings (id, address, status, agent_id, tc_id, side, state, property_type, has_hoa, year_built, created_at, updated_at)
    select ${LISTING('i')}, i || ' Compliance Bench Rd, Austin TX', (array['incomplete','ready','live','under_contract'])[1 + i % 4],
      ${AGENT_OF('i')}, ${TC_OF('i')}, 'listing', 'TX', 'single_family', i % 2 = 0, case when i % 3 = 0 then 1950 else 1990 end,
      ${AT('i', '0')}, ${AT('i', '0')}
    from generate_series(1, ${LISTINGS}) i`);
  await db.query(`insert into public.documents (listing_id, listing_agent_id, listing_tc_id, file_name, file_url, file_type, file_size, uploaded_by,
      document_type, review_state, review_reason, created_at)
    select ${LISTING('i')}, ${AGENT_OF('i')}, ${TC_OF('i')}, t.type || '.pdf', 'listings/' || ${LISTING('i')} || '/' || t.type || '.pdf', 'application/pdf', 10000,
      ${AGENT_OF('i')}, t.type, s.state, case when s.state = 'returned' then 'Missing initials on page 2.' end, ${AT('i', 't.n')}
    from generate_series(1, ${LISTINGS}) i
    cross join (values (1, 'listing_agreement'), (2, 'sellers_disclosure'), (3, 'mls_input_sheet')) t(n, type)
    cross join lateral (select (array['submitted','returned','approved','approved','approved','approved'])[1 + (i * 3 + t.n) % 6] as state) s`);
  await db.query(`insert into public.listing_checklist_items (listing_id, template_id, template_item_id, position, kind, title, assignee,
      document_type, required_for, needs_approval, listing_agent_id, listing_tc_id, created_at, updated_at)
    select ${LISTING('i')}, ti.template_id, ti.id, ti.position, ti.kind, coalesce(ti.title, dt.label), ti.assignee,
      ti.document_type, ti.required_for, case when ti.kind = 'document' then ti.needs_approval end, ${AGENT_OF('i')}, ${TC_OF('i')}, ${AT('i', '0')}, ${AT('i', '0')}
    from generate_series(1, ${LISTINGS}) i
    join public.checklist_templates t on t.name = 'Texas resale — listing side' or (t.name = 'Texas resale — built before 1978' and i % 3 = 0)
    join public.checklist_template_items ti on ti.template_id = t.id
    left join public.document_types dt on dt.key = ti.document_type`);
  await db.query(`alter publication supabase_realtime add table ${published.join(', ')}`);
  await db.query('commit');
  await db.query('vacuum analyze');
  await db.query('checkpoint');
  await settle(db);
}

async function clients(info: { apiUrl: string; anonKey: string; jwtSecret: string }, person: { auth_user_id: string; email: string }) {
  const make = async (role: string) => {
    const token = await signJwt({ sub: person.auth_user_id, email: person.email, aud: 'authenticated', role, session_id: crypto.randomUUID(), aal: 'aal1' }, info.jwtSecret, 24 * 3600);
    return createClient(info.apiUrl, info.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      accessToken: async () => token,
    });
  };
  return { rls: await make('authenticated'), service: await make('service_role') };
}

const stack = await startThrowawayStack({ explainPlans: EXPLAIN });
try {
  const superuser = superuserPool(stack.stack.config, 1);
  const db = await superuser.connect();
  if (LISTINGS % LISTINGS_PER_COORDINATOR) throw new Error(`--listings must be a multiple of ${LISTINGS_PER_COORDINATOR}`);
  const t0 = performance.now();
  await load(db);
  const counts = (await db.query<{ documents: string; items: string; submitted: string }>(`select (select count(*) from public.documents) as documents,
    (select count(*) from public.listing_checklist_items) as items, (select count(*) from public.documents where review_state = 'submitted') as submitted`)).rows[0];
  console.log(`loaded ${LISTINGS.toLocaleString('en-US')} listings, ${Number(counts.documents).toLocaleString('en-US')} documents (${Number(counts.submitted).toLocaleString('en-US')} submitted), ${Number(counts.items).toLocaleString('en-US')} checklist items in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const person = async (where: string) => (await db.query<{ id: string; auth_user_id: string; email: string }>(`select id, auth_user_id, email from public.users where ${where} order by created_at limit 1`)).rows[0];
  const people = { coordinator: await person(`id = ${benchId.coordinator(1)}`), agent: await person(`id = ${benchId.agent(1)}`), admin: await person(`role = 'super_admin'`) };
  const ids: Ids = {
    coordinator: people.coordinator.id,
    agent: people.agent.id,
    listing: (await db.query<{ id: string }>(`select ${benchId.listing(3)} as id`)).rows[0].id,
    cards: (await db.query<{ id: string }>(`select id from public.listings where agent_id = $1 order by created_at desc limit 26`, [people.agent.id])).rows.map((r) => r.id),
    template: (await db.query<{ id: string }>(`select id from public.checklist_templates where name = 'TREC contract'`)).rows[0].id,
  };
  db.release();
  await superuser.end();
  const actors = { coordinator: await clients(stack.info, people.coordinator), agent: await clients(stack.info, people.agent), admin: await clients(stack.info, people.admin) };
  const meter = databaseCpuMeter(stack.stack.config.dbDir);

  const rows: string[][] = [];
  for (const c of CASES.filter((k) => !ONLY || k.name.includes(ONLY))) {
    const modes = actors[c.who];
    if (EXPLAIN && !c.writes) {
      const request = c.run(modes.rls, ids, 'rls') as { explain?: (options: object) => PromiseLike<{ data: unknown; error: unknown }> };
      const plan = request.explain ? await request.explain({ analyze: true, buffers: true }) : { data: '(a function call; no plan)', error: null };
      console.log(`\n--- EXPLAIN (ANALYZE, BUFFERS) of "${c.name}" as the ${c.who}\n${plan.error ? JSON.stringify(plan.error) : String(plan.data).trim()}`);
    }
    const send = (mode: 'rls' | 'service') => async () => {
      const answer = await c.run(modes[mode], ids, mode);
      if (answer.error) throw new Error(`${c.name} (${mode}): ${JSON.stringify(answer.error)}`);
    };
    let answered = '–';
    if (!c.writes) {
      const [a, b] = [await c.run(modes.rls, ids, 'rls'), await c.run(modes.service, ids, 'service')];
      if (JSON.stringify(a.data) !== JSON.stringify(b.data)) throw new Error(`${c.name}: the user's answer differs from service role's`);
      answered = String(Array.isArray(a.data) ? a.data.length : 1);
    }
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
    const [all, base] = [combine(rls), combine(service)];
    const cpu = [databaseCpuPerRequest(all), databaseCpuPerRequest(base)].map((v) => (v === undefined ? '–' : v.toFixed(0))).join('/');
    rows.push([c.name, c.who, answered, perSecond(all).toFixed(0), perSecond(base).toFixed(0), `${formatRatio(ratio)}`, cpu,
      percentile(all.latencies, 95).toFixed(1), percentile(base.latencies, 95).toFixed(1)]);
  }
  const header = ['query', 'as', 'rows', 'RLS req/s', 'service req/s', 'ratio [interval]', 'db µs/req RLS/svc', 'RLS p95 ms', 'svc p95 ms'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  console.log(`\n${LISTINGS.toLocaleString('en-US')} listings; ${CONCURRENCY} clients, ${ROUNDS} alternating rounds of ${WINDOW_MS} ms per mode; ratio = RLS ÷ service req/s, median of the rounds [interval].`);
  for (const line of [header, ...rows]) console.log(line.map((v, i) => (i < 2 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  '));
} finally {
  await stack.stop();
}
