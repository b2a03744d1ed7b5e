/**
 * Realtime broadcast and presence between unmodified supabase-js clients, the
 * REST broadcast endpoints, private channels authorized by RLS on
 * realtime.messages, and broadcasts sent from the database.
 */
import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, mintedUser, stackInfo, withDb, type TestUser } from '../support/clients.ts';
import { sleep, subscribed, waitFor } from '../support/realtime.ts';

const room = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

describe('realtime broadcast and presence', () => {
  const clients: SupabaseClient[] = [];
  const client = () => {
    const c = anonClient();
    clients.push(c);
    return c;
  };

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
  });

  it('broadcasts between clients, honouring self and ack', async () => {
    const name = room('chat');
    const [c1, c2] = [client(), client()];
    const got1: unknown[] = [];
    const got2: unknown[] = [];
    const ch1 = c1.channel(name, { config: { broadcast: { self: true, ack: true } } }).on('broadcast', { event: 'msg' }, (m) => got1.push(m.payload));
    const ch2 = c2.channel(name).on('broadcast', { event: 'msg' }, (m) => got2.push(m.payload));
    await Promise.all([subscribed(ch1), subscribed(ch2)]);

    const ack = await ch1.send({ type: 'broadcast', event: 'msg', payload: { text: 'hello' } });
    expect(ack, 'with ack the send resolves ok once the server has it').toBe('ok');
    await waitFor(() => got1.length > 0 && got2.length > 0, 'broadcast to both');
    expect(got2, 'the other client receives the broadcast').toEqual([{ text: 'hello' }]);
    expect(got1, 'self: true echoes the broadcast to its sender').toEqual([{ text: 'hello' }]);

    await ch2.send({ type: 'broadcast', event: 'msg', payload: { text: 'back' } });
    await waitFor(() => got1.length > 1, 'reply broadcast');
    await sleep(100);
    expect(got2, 'self: false (default) does not echo to the sender').toEqual([{ text: 'hello' }]);

    await ch2.send({ type: 'broadcast', event: 'other', payload: {} });
    await sleep(100);
    expect(got1.length, 'a listener for event "msg" does not get other events').toBe(2);
  });

  it('accepts broadcasts over REST (send before join, httpSend, POST /api/broadcast) with 202', async () => {
    const name = room('rest');
    const listener = client();
    const got: { event: string; payload: unknown }[] = [];
    const ch = listener.channel(name).on('broadcast', { event: '*' }, (m) => got.push({ event: m.event, payload: m.payload }));
    await subscribed(ch);

    const sender = client();
    const unjoined = sender.channel(name);
    expect(await unjoined.send({ type: 'broadcast', event: 'fallback', payload: { n: 1 } }), 'send() without a join falls back to REST and resolves ok').toBe('ok');
    expect(await unjoined.httpSend('http', { n: 2 }), 'httpSend needs a 202').toEqual({ success: true });
    const res = await fetch(`${stackInfo().apiUrl}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stackInfo().anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: name, event: 'raw', payload: { n: 3 } }] }),
    });
    expect(res.status, 'POST /api/broadcast answers 202 Accepted').toBe(202);
    const bad = await fetch(`${stackInfo().apiUrl}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stackInfo().anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ event: 'no-topic' }] }),
    });
    expect(bad.status, 'a malformed body is refused').toBe(400);
    await waitFor(() => got.length >= 3, 'three REST broadcasts');
    expect(got, 'REST broadcasts reach joined clients in order').toEqual([
      { event: 'fallback', payload: { n: 1 } },
      { event: 'http', payload: { n: 2 } },
      { event: 'raw', payload: { n: 3 } },
    ]);
  });

  it('relays binary payloads as binary broadcast frames', async () => {
    const name = room('bytes');
    const [c1, c2] = [client(), client()];
    const got: unknown[] = [];
    const ch1 = c1.channel(name);
    const ch2 = c2.channel(name).on('broadcast', { event: 'bin' }, (m) => got.push(m.payload));
    await Promise.all([subscribed(ch1), subscribed(ch2)]);
    await ch1.send({ type: 'broadcast', event: 'bin', payload: new Uint8Array([1, 2, 3]).buffer });
    expect(await ch1.httpSend('bin', new Uint8Array([4, 5])), 'httpSend accepts octet-stream bodies').toEqual({ success: true });
    await waitFor(() => got.length >= 2, 'two binary broadcasts');
    expect(
      got.map((p) => [...new Uint8Array(p as ArrayBuffer)]),
      'binary payloads arrive as ArrayBuffers with the same bytes, from the socket and from REST',
    ).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('keeps presence: state on join, diffs on track/untrack, leave on disconnect', async () => {
    const name = room('lobby');
    const [c1, c2] = [client(), client()];
    const joins1: string[] = [];
    const leaves1: string[] = [];
    const ch1 = c1
      .channel(name, { config: { presence: { key: 'alice' } } })
      .on('presence', { event: 'join' }, ({ key }) => joins1.push(key))
      .on('presence', { event: 'leave' }, ({ key }) => leaves1.push(key));
    await subscribed(ch1);
    expect(await ch1.track({ status: 'online' }), 'track is acknowledged').toBe('ok');
    await waitFor(() => joins1.includes('alice'), 'own join');

    const ch2 = c2.channel(name, { config: { presence: { key: 'bob' } } }).on('presence', { event: 'sync' }, () => undefined);
    await subscribed(ch2);
    await waitFor(() => 'alice' in ch2.presenceState(), 'presence_state on join');
    expect(ch2.presenceState().alice[0], 'a late joiner gets the current state with the tracked payload').toMatchObject({ status: 'online' });

    await ch2.track({ status: 'busy' });
    await waitFor(() => joins1.includes('bob'), 'bob join diff');
    expect(ch1.presenceState().bob?.[0], 'others receive the join diff with the payload').toMatchObject({ status: 'busy' });

    await ch1.untrack();
    await waitFor(() => !('alice' in ch2.presenceState()), 'untrack diff');

    await c2.realtime.disconnect();
    await waitFor(() => leaves1.includes('bob'), 'leave after disconnect');
    expect(ch1.presenceState(), 'a disconnected client leaves the presence state').toEqual({});
  });
});

describe('realtime private channels and broadcasts from the database', () => {
  let a: TestUser;
  let b: TestUser;
  const TABLE = 'test_rt_broadcast_rows';

  beforeAll(async () => {
    a = await mintedUser();
    b = await mintedUser();
    await withDb((db) =>
      db.query(`
        create policy "test_rt users read their own topic" on realtime.messages for select to authenticated
          using (realtime.topic() = 'user:' || (select auth.uid())::text);
        create policy "test_rt users write their own topic" on realtime.messages for insert to authenticated
          with check (realtime.topic() = 'user:' || (select auth.uid())::text and extension = 'broadcast');
        create table public.${TABLE} (id bigint generated always as identity primary key, owner_id uuid not null, body text);
        create function public.test_rt_broadcast_trigger() returns trigger language plpgsql security definer as $$
        begin
          perform realtime.broadcast_changes('user:' || coalesce(new.owner_id, old.owner_id)::text, tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
          return null;
        end $$;
        create trigger test_rt_broadcast after insert or update or delete on public.${TABLE} for each row execute function public.test_rt_broadcast_trigger();`),
    );
  });

  afterAll(async () => {
    await Promise.all([a.client.removeAllChannels(), b.client.removeAllChannels()]);
    await withDb((db) =>
      db.query(`drop policy if exists "test_rt users read their own topic" on realtime.messages;
        drop policy if exists "test_rt users write their own topic" on realtime.messages;
        drop table if exists public.${TABLE}; drop function if exists public.test_rt_broadcast_trigger();`),
    );
  });

  it('authorizes private joins and sends with RLS on realtime.messages', async () => {
    const topic = `user:${a.id}`;
    const mine = a.client.channel(topic, { config: { private: true, broadcast: { self: true, ack: true } } });
    const got: unknown[] = [];
    mine.on('broadcast', { event: 'note' }, (m) => got.push(m.payload));
    await expect(subscribed(mine), 'A may join the private channel of their own topic').resolves.toBeUndefined();
    expect(await mine.send({ type: 'broadcast', event: 'note', payload: { from: 'a' } }), 'A may write to their own topic').toBe('ok');
    await waitFor(() => got.length > 0, 'own private broadcast');

    const intruder = b.client.channel(topic, { config: { private: true } });
    await expect(subscribed(intruder), "B may not join A's private channel").rejects.toThrow(/Unauthorized/);
    await b.client.removeChannel(intruder);

    const anonPrivate = anonClient().channel(topic, { config: { private: true } });
    await expect(subscribed(anonPrivate), 'anon may not join a private channel without a policy').rejects.toThrow(/Unauthorized/);

    const publicSameName = b.client.channel(topic).on('broadcast', { event: 'note' }, (m) => got.push(m.payload));
    await subscribed(publicSameName);
    await mine.send({ type: 'broadcast', event: 'note', payload: { from: 'a', n: 2 } });
    await sleep(200);
    expect(got, 'a public channel with the same name is a different room').toEqual([{ from: 'a' }, { from: 'a', n: 2 }]);
    await a.client.removeChannel(mine);
  });

  it('delivers realtime.send() and realtime.broadcast_changes() to authorized private subscribers', async () => {
    const got: { event: string; payload: Record<string, unknown> }[] = [];
    const ch = a.client.channel(`user:${a.id}`, { config: { private: true } }).on('broadcast', { event: '*' }, (m) => got.push({ event: m.event, payload: m.payload }));
    await subscribed(ch);
    await withDb(async (db) => {
      await db.query(`select realtime.send('{"hello":"from sql"}'::jsonb, 'greeting', $1, true)`, [`user:${a.id}`]);
      await db.query(`insert into public.${TABLE} (owner_id, body) values ($1, 'row for a'), ($2, 'row for b')`, [a.id, b.id]);
    });
    await waitFor(() => got.length >= 2, 'database broadcasts');
    await sleep(200);
    expect(got[0], 'realtime.send() reaches the private topic with its event and payload').toMatchObject({ event: 'greeting', payload: { hello: 'from sql' } });
    expect(got[1], 'broadcast_changes() sends the operation, table and record').toMatchObject({
      event: 'INSERT',
      payload: { operation: 'INSERT', table: TABLE, schema: 'public', record: { owner_id: a.id, body: 'row for a' }, old_record: null },
    });
    expect(got.length, "B's row goes to B's topic, not A's").toBe(2);
  });
});
