/**
 * Realtime fan-out fixture, shared by `bench/realtime-fanout.ts` and
 * `tests/integration/realtime-fanout.test.ts`: teams created fast with SQL
 * (one coordinator and its agents each, tokens minted with the JWT secret),
 * one supabase-js client and channel per member listening to INSERTs on the
 * tables the app follows (listings, tasks, messages, notifications) without a
 * filter, so every change reaches every subscriber's RLS check; inserts at
 * full speed from one connection (commit order = send order); and a check
 * that each subscriber received exactly the rows its team rules let it read,
 * complete and in commit order.
 */
import crypto from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import type pg from 'pg';
import WebSocket from 'ws';
import { waitFor } from './realtime.ts';
import type { StackInfo } from './throwaway-stack.ts';

export const FANOUT_TABLES = ['listings', 'tasks', 'messages', 'notifications'] as const;
export type FanoutTable = (typeof FANOUT_TABLES)[number];

export interface Member {
  /** Account id (public.users.id). */
  id: string;
  authId: string;
  team: number;
  isTc: boolean;
  token: string;
}

export interface Team {
  tc: Member;
  agents: Member[];
  /** One listing per agent (made before the run), for tasks. */
  listingOf: Map<string, string>;
}

export interface Received {
  table: FanoutTable;
  id: string;
  /** The bench's sequence number for rows it inserted itself; undefined for rows made by triggers. */
  seq?: number;
  at: number;
}

export interface Subscriber {
  member: Member;
  client: SupabaseClient;
  received: Received[];
}

export interface Sent {
  seq: number;
  table: FanoutTable;
  id: string;
  sentAt: number;
  /** Account ids that may read the row (the rules of docs/data-model.md). */
  readers: string[];
}

const TAG = 'fanout #';

async function mint(info: StackInfo, authId: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: authId, role: 'authenticated', aud: 'authenticated', session_id: crypto.randomUUID(), aal: 'aal1', is_anonymous: false })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(`${info.apiUrl}/auth/v1`)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(info.jwtSecret));
}

/** `teams` teams of one coordinator and `agentsPerTeam` agents, created with a few SQL statements. */
export async function createTeams(db: pg.Client, info: StackInfo, teams: number, agentsPerTeam: number): Promise<Team[]> {
  const size = agentsPerTeam + 1;
  const batch = crypto.randomUUID().slice(0, 8);
  // The auth.users trigger creates each first account; a second statement sees them.
  await db.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select gen_random_uuid(), 'authenticated', 'authenticated', 'fanout-' || $1::text || '-' || n || '@fanout.test', now(),
            '{"provider":"email","providers":["email"]}', jsonb_build_object('first_name', 'Member', 'last_name', n::text), now(), now()
       from generate_series(0, $2::int - 1) n`,
    [batch, teams * size],
  );
  const { rows } = await db.query<{ n: number; auth_id: string; id: string }>(
    `select split_part(split_part(a.email, '@', 1), '-', 3)::int as n, a.id::text as auth_id, u.id::text as id
       from auth.users a join public.users u on u.auth_user_id = a.id where a.email like 'fanout-' || $1::text || '-%' order by n`,
    [batch],
  );
  const members: Member[] = await Promise.all(
    rows.map(async (r) => ({ id: r.id, authId: r.auth_id, team: Math.floor(r.n / size), isTc: r.n % size === 0, token: await mint(info, r.auth_id) })),
  );
  const result: Team[] = [];
  for (let t = 0; t < teams; t++) {
    const slice = members.slice(t * size, (t + 1) * size);
    result.push({ tc: slice[0], agents: slice.slice(1), listingOf: new Map() });
  }
  await db.query(`update public.users set role = 'tc' where id = any($1::uuid[])`, [result.map((t) => t.tc.id)]);
  await db.query(
    `update public.users u set assigned_tc_id = a.tc from unnest($1::uuid[], $2::uuid[]) a(agent, tc) where u.id = a.agent`,
    [result.flatMap((t) => t.agents.map((a) => a.id)), result.flatMap((t) => t.agents.map(() => t.tc.id))],
  );
  for (const team of result) {
    for (const agent of team.agents) {
      const { rows: made } = await db.query<{ id: string }>(`insert into public.listings (address, agent_id, tc_id) values ($1, $2, $3) returning id::text`, [
        `Fan-out base listing of ${agent.id}`,
        agent.id,
        team.tc.id,
      ]);
      team.listingOf.set(agent.id, made[0].id);
    }
  }
  return result;
}

function seqOf(table: FanoutTable, row: Record<string, unknown>): number | undefined {
  const text = String((table === 'listings' ? row.address : table === 'messages' ? row.content : row.title) ?? '');
  return text.startsWith(TAG) ? Number(text.slice(TAG.length)) : undefined;
}

/** A member's own client (and websocket), its token handed to Realtime: private channels are authorised by RLS with it before the join. */
export async function memberClient(info: StackInfo, member: Member): Promise<SupabaseClient> {
  const client = createClient(info.apiUrl, info.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    accessToken: async () => member.token,
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  await client.realtime.setAuth();
  return client;
}

/** One client, websocket and channel per member, listening to INSERTs of every fan-out table (or of `tables`). */
export async function subscribeAll(info: StackInfo, members: Member[], tables: readonly FanoutTable[] = FANOUT_TABLES): Promise<Subscriber[]> {
  const subscribers: Subscriber[] = [];
  for (const member of members) {
    const client = await memberClient(info, member);
    const received: Received[] = [];
    let channel = client.channel(`fanout-${member.id}`);
    for (const table of tables) {
      channel = channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table }, (p) => {
        const row = p.new as Record<string, unknown>;
        received.push({ table, id: String(row.id), seq: seqOf(table, row), at: performance.now() });
      });
    }
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status, err) => (status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' ? reject(err ?? new Error(status)) : undefined)),
    );
    subscribers.push({ member, client, received });
  }
  return subscribers;
}

/**
 * Waits until every subscriber has received what was committed before now,
 * then empties what they received. The service reads changes in commit order
 * and hands each to the channels joined when it reads it, so under load the
 * setup's own inserts (the base listings) could still arrive after the join
 * and count as unexpected rows. A marker notification per member, committed
 * after every join, arrives after all of those: once each subscriber has its
 * marker, the backlog is through. The markers carry the bench's title tag,
 * so `expectations` leaves them out.
 */
export async function drainBacklog(db: pg.Client, subscribers: Subscriber[], ms = 60_000): Promise<void> {
  const { rows } = await db.query<{ user_id: string; id: string }>(
    `insert into public.notifications (user_id, type, title) select unnest($1::uuid[]), 'other', $2 returning user_id::text, id::text`,
    [subscribers.map((s) => s.member.id), `${TAG}backlog`],
  );
  const marker = new Map(rows.map((r) => [r.user_id, r.id]));
  const pending = () => subscribers.filter((s) => !s.received.some((r) => r.table === 'notifications' && r.id === marker.get(s.member.id)));
  await waitFor(() => pending().length === 0, () => `the backlog marker at ${pending().length} of ${subscribers.length} subscribers`, ms);
  for (const s of subscribers) s.received.length = 0;
}

/**
 * `total` inserts, one after another from one connection, round-robin over
 * the teams and the tables: a listing of an agent (agent + coordinator read
 * it), a task on an agent's listing (same), a team message (the whole team),
 * a notification for one member (only them). Triggers add notifications.
 * With `perSecond`, inserts are paced to that rate instead of full speed;
 * with `tables`, only those tables take turns.
 */
export async function insertRoundRobin(db: pg.Client, teams: Team[], total: number, perSecond?: number, tables: readonly FanoutTable[] = FANOUT_TABLES): Promise<Sent[]> {
  const sent: Sent[] = [];
  const started = performance.now();
  for (let seq = 0; seq < total; seq++) {
    if (perSecond) {
      const due = started + (seq * 1000) / perSecond - performance.now();
      if (due > 0) await new Promise((r) => setTimeout(r, due));
    }
    const team = teams[seq % teams.length];
    const round = Math.floor(seq / teams.length);
    const agent = team.agents[round % team.agents.length];
    const everyone = [team.tc, ...team.agents];
    const table = tables[Math.floor(seq / teams.length) % tables.length];
    const tag = `${TAG}${seq}`;
    let sql: string;
    let values: unknown[];
    let readers: string[];
    if (table === 'listings') {
      [sql, values, readers] = [`insert into public.listings (address, agent_id, tc_id) values ($1, $2, $3) returning id::text`, [tag, agent.id, team.tc.id], [agent.id, team.tc.id]];
    } else if (table === 'tasks') {
      sql = `insert into public.tasks (listing_id, assigned_to_id, created_by_id, title) values ($1, $2, $3, $4) returning id::text`;
      [values, readers] = [[team.listingOf.get(agent.id), agent.id, team.tc.id, tag], [agent.id, team.tc.id]];
    } else if (table === 'messages') {
      sql = `insert into public.messages (is_general, team_tc_id, sender_id, content) values (true, $1, $2, $3) returning id::text`;
      [values, readers] = [[team.tc.id, agent.id, tag], everyone.map((m) => m.id)];
    } else {
      const who = everyone[round % everyone.length];
      [sql, values, readers] = [`insert into public.notifications (user_id, type, title) values ($1, 'other', $2) returning id::text`, [who.id, tag], [who.id]];
    }
    const sentAt = performance.now();
    const { rows } = await db.query<{ id: string }>(sql, values);
    sent.push({ seq, table, id: rows[0].id, sentAt, readers });
  }
  return sent;
}

export interface Verdict {
  /** Subscribers whose rows are exactly the expected ones, in commit order. */
  exact: number;
  problems: string[];
  /** insert -> callback in ms, for every delivery of a row the bench inserted. */
  latencies: number[];
  deliveries: number;
}

export interface Expected {
  /** Per account: the bench's rows it may read ("table:id", commit order) and the notifications triggers made for it. */
  byMember: Map<string, { bench: string[]; triggered: string[] }>;
  total: number;
}

/**
 * What each subscriber may read: the bench's rows by the team rules, plus its
 * trigger-made notifications (commit order) when it follows notifications:
 * those of the last hour, or made since `since` (a database timestamp, e.g.
 * taken just before the inserts when one stack runs them more than once).
 */
export async function expectations(
  db: pg.Client,
  subscribers: Subscriber[],
  sent: Sent[],
  { notifications = true, since }: { notifications?: boolean; since?: string } = {},
): Promise<Expected> {
  const ids = subscribers.map((s) => s.member.id);
  const { rows: made } = notifications
    ? await db.query<{ user_id: string; id: string }>(
        `select user_id::text, id::text from public.notifications
          where user_id = any($1::uuid[]) and title not like 'fanout #%' and created_at >= coalesce($2::timestamptz, now() - interval '1 hour') order by created_at, id`,
        [ids, since ?? null],
      )
    : { rows: [] };
  const byMember = new Map(ids.map((id) => [id, { bench: [] as string[], triggered: [] as string[] }]));
  for (const s of sent) for (const reader of s.readers) byMember.get(reader)?.bench.push(`${s.table}:${s.id}`);
  for (const r of made) byMember.get(r.user_id)?.triggered.push(r.id);
  let total = 0;
  for (const e of byMember.values()) total += e.bench.length + e.triggered.length;
  return { byMember, total };
}

/** Compares what each subscriber got with what it may read (`expectations`). */
export function verify(subscribers: Subscriber[], sent: Sent[], expected: Expected): Verdict {
  const bySeq = new Map(sent.map((s) => [s.seq, s]));
  const verdict: Verdict = { exact: 0, problems: [], latencies: [], deliveries: 0 };
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  for (const sub of subscribers) {
    const me = sub.member.id;
    const { bench: expectedBench, triggered: expectedTriggered } = expected.byMember.get(me)!;
    const gotBench = sub.received.filter((r) => r.seq !== undefined).map((r) => `${r.table}:${r.id}`);
    const gotTriggered = sub.received.filter((r) => r.seq === undefined && r.table === 'notifications').map((r) => r.id);
    const others = sub.received.filter((r) => r.seq === undefined && r.table !== 'notifications');
    verdict.deliveries += sub.received.length;
    for (const r of sub.received) if (r.seq !== undefined) verdict.latencies.push(r.at - bySeq.get(r.seq)!.sentAt);
    if (same(gotBench, expectedBench) && same(gotTriggered, expectedTriggered) && others.length === 0) {
      verdict.exact++;
      continue;
    }
    const foreign = gotBench.filter((k) => !expectedBench.includes(k)).length + gotTriggered.filter((k) => !expectedTriggered.includes(k)).length;
    const missing = expectedBench.filter((k) => !gotBench.includes(k)).length + expectedTriggered.filter((k) => !gotTriggered.includes(k)).length;
    verdict.problems.push(
      `${sub.member.isTc ? 'coordinator' : 'agent'} ${me} (team ${sub.member.team}): ${gotBench.length}/${expectedBench.length} bench rows, ` +
        `${gotTriggered.length}/${expectedTriggered.length} triggered notifications, ${foreign} not readable by them, ${missing} missing` +
        `${others.length ? `, ${others.length} unexpected other rows (${[...new Set(others.map((o) => o.table))].join(', ')})` : ''}${foreign + missing === 0 ? ' (order differs)' : ''}`,
    );
  }
  return verdict;
}
