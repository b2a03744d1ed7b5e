/**
 * The admin console's first screen on a brokerage of --users (5,000) accounts
 * and --listings (100,000) listings, generated in a throwaway bench database.
 * The first screen is what /admin asks for when it opens, in parallel as the
 * browser does: admin_stats() (tab counts) and the first page of users with
 * their coordinators and the exact total. Also timed: the first page of
 * listings, a listing search and the last page of users (offset paging).
 * Target: the first screen answers in under 1 s (p95 over --rounds, 20).
 *
 *   npm run bench -- admin-console [--users 5000] [--listings 100000] [--rounds 20]
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { wordSearchFilters } from '../src/lib/person-search.ts';
import { startThrowawayStack } from '../tests/support/throwaway-stack.ts';

const TARGET_MS = 1000;
const PAGE = 25;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const USERS = arg('users', 5000);
const LISTINGS = arg('listings', 100_000);
const ROUNDS = arg('rounds', 20);

/** Sign-ins straight into auth.users (the sign-up trigger makes their accounts), a tenth of them coordinators, agents assigned round-robin, then the listings. */
async function generate(dbUrl: string) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const started = performance.now();
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
         confirmation_token, recovery_token, email_change_token_new, email_change_token_current, email_change, phone_change, phone_change_token, reauthentication_token)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', 'bench-' || i || '@bench.test', '', now(),
         '{"provider":"email","providers":["email"]}', jsonb_build_object('first_name', 'First' || i, 'last_name', 'Last' || i),
         now() - make_interval(mins => i), now(), '', '', '', '', '', '', '', ''
       from generate_series(1, $1::int) i`,
      [USERS],
    );
    await db.query(`update public.users set role = 'tc' where email like 'bench-%' and split_part(split_part(email, '@', 1), '-', 2)::int % 10 = 0`);
    await db.query(`
      with tcs as (select id, row_number() over (order by id) - 1 as n, count(*) over () as total from public.users where email like 'bench-%' and role = 'tc'),
           agents as (select id, row_number() over (order by id) - 1 as n from public.users where email like 'bench-%' and role = 'agent')
      update public.users u set assigned_tc_id = tcs.id from agents join tcs on tcs.n = agents.n % tcs.total where u.id = agents.id`);
    await db.query(
      `with agents as (select array_agg(id order by id) as ids from public.users where email like 'bench-%' and role = 'agent')
       insert into public.listings (address, seller_name, listing_price, status, agent_id, created_at)
       select i || ' Bench Street, Austin TX', 'Seller ' || i, '$' || (200000 + i), (array['incomplete','ready','live','under_contract'])[1 + i % 4],
         agents.ids[1 + i % cardinality(agents.ids)], now() - make_interval(secs => i)
       from generate_series(1, $1::int) i, agents`,
      [LISTINGS],
    );
    await db.query('analyze public.users; analyze public.listings; analyze public.invitations');
    const counts = (await db.query<{ users: number; listings: number }>('select (select count(*) from public.users)::int as users, (select count(*) from public.listings)::int as listings')).rows[0];
    console.log(`generated ${counts.users.toLocaleString()} accounts and ${counts.listings.toLocaleString()} listings in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.end();
  }
}

const USER_COLUMNS = 'id, first_name, last_name, email, profile_image_url, role, original_role, created_at, coordinator:assigned_tc_id(first_name, last_name)';
const LISTING_COLUMNS = 'id, address, seller_name, listing_price, status, created_at, agent_id, tc_id, agent:users!agent_id(first_name, last_name)';

/** Fails on an error so a refused or broken query never passes as fast. */
async function ok<T extends { error: unknown }>(request: PromiseLike<T>): Promise<T> {
  const result = await request;
  if (result.error) throw new Error(`bench query failed: ${JSON.stringify(result.error)}`);
  return result;
}

const scenarios: Record<string, (c: SupabaseClient) => Promise<unknown>> = {
  'first screen (stats + users page 1)': (c) =>
    Promise.all([
      ok(c.rpc('admin_stats')),
      ok(c.from('users').select(USER_COLUMNS, { count: 'exact' }).order('created_at', { ascending: false }).order('id').range(0, PAGE - 1)),
    ]),
  'listings page 1': (c) => ok(c.from('listings').select(LISTING_COLUMNS, { count: 'exact' }).order('created_at', { ascending: false }).order('id').range(0, PAGE - 1)),
  'listings search "4711 bench"': (c) =>
    ok(c.rpc('admin_search_listings', { search: '4711 bench' }, { count: 'exact' }).select(LISTING_COLUMNS).order('created_at', { ascending: false }).order('id').range(0, PAGE - 1)),
  'users search "first47"': (c) => {
    let q = c.from('users').select(USER_COLUMNS, { count: 'exact' }).order('created_at', { ascending: false }).order('id');
    for (const f of wordSearchFilters('first47', ['first_name', 'last_name', 'email'])) q = q.or(f);
    return ok(q.range(0, PAGE - 1));
  },
  'users last page': (c) => ok(c.from('users').select(USER_COLUMNS, { count: 'exact' }).order('created_at', { ascending: false }).order('id').range(USERS - PAGE, USERS - 1)),
};

const stack = await startThrowawayStack();
try {
  await generate(stack.info.dbUrl);
  const admin = createClient(stack.info.apiUrl, stack.info.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { error } = await admin.auth.signInWithPassword({ email: 'admin@listingdesk.test', password: 'ListingDesk!2024' });
  if (error) throw error;
  let failed = false;
  for (const [name, run] of Object.entries(scenarios)) {
    await run(admin); // warm-up: connection and plan caches
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      await run(admin);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)];
    const p95 = times[Math.min(times.length - 1, Math.ceil(0.95 * times.length) - 1)];
    const verdict = p95 < TARGET_MS ? 'ok' : 'TOO SLOW';
    if (p95 >= TARGET_MS) failed = true;
    console.log(`admin ${name}: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms over ${ROUNDS} (target < ${TARGET_MS} ms: ${verdict})`);
  }
  if (failed) process.exitCode = 1;
} finally {
  await stack.stop();
}
