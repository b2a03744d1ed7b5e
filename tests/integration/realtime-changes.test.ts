/**
 * Realtime Postgres Changes with unmodified supabase-js against the local
 * stack: RLS decides who receives which row, bursts arrive complete and in
 * order, filters, and the token a channel acts with can change (refresh,
 * another user, sign-out, expiry).
 */
import crypto from 'node:crypto';
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, mintAccessToken, mintedUser, signedInUser, stackInfo, withDb, type TestUser } from '../support/clients.ts';
import { roleUrl, SUPERUSER } from '../../stack/postgres.ts';
import { sleep, subscribed, waitFor } from '../support/realtime.ts';

type Row = { id: number; owner_id: string | null; body: string; seq: number; is_public: boolean };
type Change = RealtimePostgresChangesPayload<Row>;

const TABLE = 'test_rt_notes';
/** Subscribes `client` to every change of the test table and collects the payloads. */
async function listen(client: SupabaseClient, event: '*' | 'INSERT' | 'UPDATE' | 'DELETE' = '*'): Promise<{ changes: Change[]; channel: RealtimeChannel }> {
  const changes: Change[] = [];
  const channel = client
    // Acknowledged broadcasts, for tokenApplied().
    .channel(`changes-${crypto.randomUUID()}`, { config: { broadcast: { ack: true } } })
    .on('postgres_changes', { event, schema: 'public', table: TABLE }, (p) => changes.push(p as Change));
  await subscribed(channel);
  return { changes, channel };
}

/**
 * Waits until the server acts with `token` on `channel`: setAuth() sends the
 * token without waiting for the server, and a row changed meanwhile may be
 * checked with the one before. Frames of one socket are handled in order, so
 * an acknowledged push proves earlier access_token pushes were applied.
 */
async function tokenApplied(client: SupabaseClient, channel: RealtimeChannel, token: string): Promise<void> {
  await waitFor(() => client.realtime.accessTokenValue === token, 'the client to push the new token');
  expect(await channel.send({ type: 'broadcast', event: 'sync', payload: {} }), 'ack round trip').toBe('ok');
}

/** REST insert that waits out PostgREST's asynchronous schema-cache reload (404 until it knows the new table). */
async function insertAs(client: SupabaseClient, row: Partial<Row>) {
  for (let attempt = 0; ; attempt++) {
    const result = await client.from(TABLE).insert(row).select().single<Row>();
    if (result.status !== 404 || attempt >= 30) return result;
    await sleep(100);
  }
}

const bodies = (changes: Change[], type = 'INSERT') => changes.filter((c) => c.eventType === type).map((c) => (c.new as Row).body);

describe('realtime postgres changes under RLS', () => {
  let a: TestUser;
  let b: TestUser;
  const clients: SupabaseClient[] = [];

  beforeAll(async () => {
    await withDb((db) =>
      db.query(`
        create table public.${TABLE} (
          id bigint generated always as identity primary key,
          owner_id uuid references auth.users (id) on delete cascade,
          body text not null,
          seq int not null default 0,
          is_public boolean not null default false,
          tags text[] not null default '{}',
          meta jsonb,
          created_at timestamptz not null default now()
        );
        alter table public.${TABLE} enable row level security;
        create policy "Owners and public rows are readable" on public.${TABLE} for select to anon, authenticated
          using (is_public or (select auth.uid()) = owner_id);
        create policy "Owners can add rows" on public.${TABLE} for insert to authenticated with check ((select auth.uid()) = owner_id);
        create policy "Owners can change rows" on public.${TABLE} for update to authenticated using ((select auth.uid()) = owner_id);
        create policy "Owners can delete rows" on public.${TABLE} for delete to authenticated using ((select auth.uid()) = owner_id);
        alter publication supabase_realtime add table public.${TABLE};
        notify pgrst, 'reload schema';`),
    );
    a = await mintedUser();
    b = await mintedUser();
    clients.push(a.client, b.client);
    for (let i = 0; i < 50; i++) {
      const { error } = await a.client.from(TABLE).select('id').limit(1);
      if (!error) break;
      await sleep(100);
    }
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
    await withDb((db) => db.query(`drop table if exists public.${TABLE}`));
  });

  it('delivers a row only to subscribers whose JWT may select it', async () => {
    const la = await listen(a.client);
    const lb = await listen(b.client);
    const anon = anonClient();
    clients.push(anon);
    const ln = await listen(anon);

    for (const body of ['a-1', 'a-2']) expect((await insertAs(a.client, { owner_id: a.id, body })).error, 'A may insert own rows').toBeNull();
    expect((await insertAs(b.client, { owner_id: b.id, body: 'b-1' })).error, 'B may insert own rows').toBeNull();
    expect((await insertAs(a.client, { owner_id: a.id, body: 'a-public', is_public: true })).error, 'A may insert a public row').toBeNull();

    await waitFor(() => bodies(la.changes).length >= 3 && bodies(lb.changes).length >= 2 && bodies(ln.changes).length >= 1, 'inserts to arrive');
    await sleep(300); // anything that should not arrive has had time to
    expect(bodies(la.changes), 'A receives own rows and public rows, in commit order').toEqual(['a-1', 'a-2', 'a-public']);
    expect(bodies(lb.changes), "B never receives A's private rows").toEqual(['b-1', 'a-public']);
    expect(bodies(ln.changes), 'anon receives only public rows').toEqual(['a-public']);

    const first = la.changes[0];
    expect(first, 'payload has schema, table, commit_timestamp, typed values').toMatchObject({ schema: 'public', table: TABLE, eventType: 'INSERT', errors: null });
    expect(typeof (first.new as Row).id, 'int8 arrives as a number').toBe('number');
    expect((first.new as Row & { tags: string[] }).tags, 'text[] arrives as an array').toEqual([]);
    expect(Date.parse(first.commit_timestamp), 'commit_timestamp is an ISO date').not.toBeNaN();
  });

  it('sends updates under RLS and deletes with only the primary key to those who may read the table', async () => {
    await withDb((db) => db.query(`revoke select on public.${TABLE} from anon`));
    const la = await listen(a.client);
    const lb = await listen(b.client);
    const anon = anonClient();
    clients.push(anon);
    const ln = await listen(anon);
    try {
      const { data } = await insertAs(a.client, { owner_id: a.id, body: 'to-change' });
      await a.client.from(TABLE).update({ body: 'changed' }).eq('id', data!.id);
      // As on hosted Realtime, visibility is checked on the row as it is when the change is processed,
      // so the delete waits until the update has been delivered.
      await waitFor(() => la.changes.some((c) => c.eventType === 'UPDATE'), 'the update to arrive');
      await a.client.from(TABLE).delete().eq('id', data!.id);
      await waitFor(() => la.changes.some((c) => c.eventType === 'DELETE') && lb.changes.some((c) => c.eventType === 'DELETE'), 'the delete to arrive');
      await sleep(300);
      expect(la.changes.map((c) => c.eventType), 'A sees insert, update and delete of own row, in order').toEqual(['INSERT', 'UPDATE', 'DELETE']);
      expect(la.changes[1].new, 'UPDATE carries the new row').toMatchObject({ id: data!.id, body: 'changed' });
      expect(lb.changes.map((c) => c.eventType), "B gets no insert/update of A's private row, only the key-only delete").toEqual(['DELETE']);
      expect(lb.changes[0].old, 'DELETE carries only the old primary key').toEqual({ id: data!.id });
      expect(ln.changes, 'a role without SELECT on the table receives not even deletes').toEqual([]);
    } finally {
      await withDb((db) => db.query(`grant select on public.${TABLE} to anon`));
    }
  });

  it('delivers a row whose commit reaches Realtime before other sessions can see it', async () => {
    // A commit waiting for a synchronous standby is decoded (its record is flushed) while the row stays
    // invisible to other sessions: the moment a busy machine opens between the flush and the proc array.
    const { changes, channel } = await listen(a.client, 'INSERT');
    // ALTER SYSTEM needs the cluster's superuser (postgres is not one, as on hosted).
    const info = stackInfo();
    const setSystem = (sql: string) =>
      withDb(
        async (db) => {
          await db.query(sql);
          await db.query('select pg_reload_conf()');
        },
        { ...info, dbUrl: roleUrl(info, SUPERUSER) },
      );
    await setSystem(`alter system set synchronous_commit = 'local'`);
    await setSystem(`alter system set synchronous_standby_names = 'listingdesk_absent_standby'`);
    try {
      await sleep(300);
      await withDb(async (writer) => {
        await writer.query(`set synchronous_commit = 'on'`);
        const { rows } = await writer.query<{ pid: number }>('select pg_backend_pid() as pid');
        const held = writer.query(`insert into public.${TABLE} (owner_id, body) values ($1, 'held commit')`, [a.id]);
        await sleep(600);
        const { rows: seen } = await withDb((db) => db.query(`select 1 from public.${TABLE} where body = 'held commit'`));
        expect(seen, 'the row is not visible yet while its commit waits').toEqual([]);
        // Cancelling the wait leaves the transaction committed, now visible to everyone.
        await withDb((db) => db.query('select pg_cancel_backend($1)', [rows[0].pid]));
        await held;
      });
      await waitFor(() => bodies(changes).includes('held commit'), 'the row committed while Realtime was already checking it', 5_000);
    } finally {
      await setSystem('alter system reset synchronous_standby_names');
      await setSystem('alter system reset synchronous_commit');
      await a.client.removeChannel(channel);
    }
  });

  it('delivers 1,000 inserts fired in a burst, all and in order', async () => {
    const la = await listen(a.client, 'INSERT');
    const runId = crypto.randomUUID().slice(0, 8);
    const n = 1000;
    // 1,000 separate transactions sent back to back in one round trip.
    const sql = Array.from({ length: n }, (_, i) => `begin; insert into public.${TABLE} (owner_id, body, seq) values ('${a.id}', 'burst-${runId}', ${i}); commit;`).join('\n');
    await withDb((db) => db.query(sql));
    const mine = () => la.changes.filter((c) => (c.new as Row).body === `burst-${runId}`);
    await waitFor(() => mine().length >= n, `${n} inserts to arrive (got ${mine().length})`, 25_000);
    expect(mine().map((c) => (c.new as Row).seq), 'every insert of the burst reaches A exactly once, in commit order').toEqual(Array.from({ length: n }, (_, i) => i));
  });

  it('re-checks a subscriber with the new token after refresh, another user and sign-out', async () => {
    const la = await listen(a.client, 'INSERT');
    const marker = async (body: string) => {
      await withDb((db) => db.query(`insert into public.${TABLE} (owner_id, body, is_public) values (null, $1, true)`, [body]));
      await waitFor(() => bodies(la.changes).includes(body), `public marker ${body}`);
    };

    const refreshed = await mintAccessToken(a.id, a.email);
    await a.client.realtime.setAuth(refreshed);
    await tokenApplied(a.client, la.channel, refreshed);
    expect((await insertAs(a.client, { owner_id: a.id, body: 'after-refresh' })).error, 'A may insert').toBeNull();
    await marker('m-1');
    expect(bodies(la.changes), 'the subscription survives a token refresh and keeps receiving private rows').toContain('after-refresh');

    await a.client.realtime.setAuth(b.accessToken);
    await tokenApplied(a.client, la.channel, b.accessToken);
    await withDb((db) => db.query(`insert into public.${TABLE} (owner_id, body) values ($1, 'a-secret'), ($2, 'b-secret')`, [a.id, b.id]));
    await marker('m-2');
    expect(bodies(la.changes), "with B's token the channel gets B's rows").toContain('b-secret');
    expect(bodies(la.changes), "with B's token the channel no longer gets A's rows").not.toContain('a-secret');

    await a.client.realtime.setAuth(stackInfo().anonKey); // what supabase-js does on sign-out
    await tokenApplied(a.client, la.channel, stackInfo().anonKey);
    await withDb((db) => db.query(`insert into public.${TABLE} (owner_id, body) values ($1, 'after-sign-out')`, [a.id]));
    await marker('m-3');
    expect(bodies(la.changes), 'after sign-out (anon key) private rows stop arriving').not.toContain('after-sign-out');
    await a.client.realtime.setAuth(a.accessToken);
  });

  it('follows a real session: survives refreshSession(), stops private rows after signOut()', async () => {
    const user = await signedInUser();
    clients.push(user.client);
    const got: Change[] = [];
    const channel = user.client
      .channel(`session-${crypto.randomUUID()}`, { config: { broadcast: { ack: true } } })
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: TABLE }, (p) => got.push(p as Change));
    await subscribed(channel);
    const settled = (token: string) => tokenApplied(user.client, channel, token);
    const marker = async (body: string) => {
      await withDb((db) => db.query(`insert into public.${TABLE} (owner_id, body, is_public) values (null, $1, true)`, [body]));
      await waitFor(() => bodies(got).includes(body), `public marker ${body}`);
    };

    const refreshed = await user.client.auth.refreshSession();
    expect(refreshed.error, 'the session refreshes').toBeNull();
    await settled(refreshed.data.session!.access_token);
    await withDb((db) => db.query(`insert into public.${TABLE} (owner_id, body) values ($1, 'session-private')`, [user.id]));
    await marker('s-1');
    expect(bodies(got), 'after TOKEN_REFRESHED the subscription still receives the user\'s private rows').toContain('session-private');

    expect((await user.client.auth.signOut()).error, 'sign-out succeeds').toBeNull();
    await settled(stackInfo().anonKey);
    await withDb((db) => db.query(`insert into public.${TABLE} (owner_id, body) values ($1, 'after-real-sign-out')`, [user.id]));
    await marker('s-2');
    expect(bodies(got), 'after SIGNED_OUT (token = anon key) private rows stop arriving').not.toContain('after-real-sign-out');
  });

  it('closes the channel with a system message when the token expires', async () => {
    const user = await mintedUser();
    clients.push(user.client);
    const shortLived = await mintAccessToken(user.id, user.email, stackInfo(), 2);
    await user.client.realtime.setAuth(shortLived);
    const system: { status: string; message: string }[] = [];
    const statuses: string[] = [];
    const channel = user.client.channel(`expiry-${crypto.randomUUID()}`).on('system', {}, (p) => system.push(p));
    channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: TABLE }, () => undefined);
    channel.subscribe((s) => statuses.push(s));
    await waitFor(() => statuses.includes('SUBSCRIBED'), 'subscription');
    await waitFor(() => statuses.includes('CLOSED'), 'the channel to close at expiry', 6000);
    expect(system.some((m) => m.status === 'error' && /Token has expired/.test(m.message)), 'a system error says the token expired').toBe(true);
  });

  it('refuses a join with an expired token', async () => {
    const user = await mintedUser();
    clients.push(user.client);
    await user.client.realtime.setAuth(await mintAccessToken(user.id, user.email, stackInfo(), -10));
    const channel = user.client.channel(`expired-${crypto.randomUUID()}`).on('postgres_changes', { event: '*', schema: 'public', table: TABLE }, () => undefined);
    await expect(subscribed(channel), 'an expired access_token is rejected at join').rejects.toThrow(/expired/);
    await user.client.removeChannel(channel);
  });
});
