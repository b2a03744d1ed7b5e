/**
 * Realtime under fan-out (issue 16): many subscribers across teams, each on
 * every table the app follows without a filter, so RLS alone decides who
 * gets which change. Each must receive exactly its team's rows, complete and
 * in commit order, and the service must not query the database once per
 * subscriber for each change (the checks are batched in one statement).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackInfo } from '../support/clients.ts';
import { waitFor } from '../support/realtime.ts';
import { createTeams, drainBacklog, expectations, insertRoundRobin, subscribeAll, verify, type Subscriber, type Team } from '../support/realtime-fanout.ts';

const TEAMS = 4;
const AGENTS = 4;

describe('realtime postgres changes under fan-out', () => {
  const db = new pg.Client({ connectionString: stackInfo().dbUrl });
  let teams: Team[];
  let subscribers: Subscriber[] = [];
  const delivered = () => subscribers.reduce((n, s) => n + s.received.length, 0);

  beforeAll(async () => {
    await db.connect();
    teams = await createTeams(db, stackInfo(), TEAMS, AGENTS);
    subscribers = await subscribeAll(stackInfo(), teams.flatMap((t) => [t.tc, ...t.agents]));
    await drainBacklog(db, subscribers);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(subscribers.map((s) => s.client.removeAllChannels()));
    await db.end();
  });

  it('gives each of 20 subscribers in 4 teams exactly the rows its team rules let it read, complete and in order', async () => {
    for (const s of subscribers) s.received.length = 0;
    const sent = await insertRoundRobin(db, teams, 80);
    const expected = await expectations(db, subscribers, sent);
    // On a timeout the verdict below names what is missing.
    await waitFor(() => delivered() >= expected.total, 'all deliveries', 60_000).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 500)); // anything extra (a row someone may not read) would arrive now
    const verdict = verify(subscribers, sent, expected);
    expect(verdict.problems, 'every subscriber gets its team rows, nothing of other teams, in commit order').toEqual([]);
    expect(verdict.exact, 'all 20 subscribers got exactly their rows').toBe(subscribers.length);
  }, 90_000);

  it('checks one change for all 20 subscribers in a few statements, not one query per subscriber', async () => {
    // Top-level statements of everyone but this test's own connection (postgres): the Realtime service
    // connects as supabase_admin and a per-subscriber check would run as the subscriber's role.
    const statements = async () => {
      const { rows } = await db.query<{ n: string }>(
        `select coalesce(sum(calls), 0) as n from extensions.pg_stat_statements
          where userid <> 'postgres'::regrole and dbid = (select oid from pg_database where datname = current_database())`,
      );
      return Number(rows[0].n);
    };
    const changes = 5;
    for (const s of subscribers) s.received.length = 0;
    const before = await statements();
    for (let i = 0; i < changes; i++) {
      const who = subscribers[i * 3];
      await db.query(`insert into public.notifications (user_id, type, title) values ($1, 'other', $2)`, [who.member.id, `fanout check ${i}`]);
      // Delivered means the change's batch was checked for every subscriber (the others all listen to notifications too).
      await waitFor(() => who.received.length === 1, `notification ${i} for its owner`);
    }
    const perChange = ((await statements()) - before) / changes;
    expect(perChange, `statements the Realtime service ran per change for ${subscribers.length} subscribers (one query per subscriber would be >= ${subscribers.length})`).toBeLessThan(8);
    await new Promise((r) => setTimeout(r, 300));
    expect(delivered(), 'each notification reached its owner only').toBe(changes);
  }, 60_000);
});
