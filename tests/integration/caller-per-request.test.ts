/**
 * The caller (account, role, team, a coordinator's agents) is worked out for
 * every request: a change to it is seen by the affected user's very next
 * request, through the real HTTP stack (supabase-js → gateway → PostgREST),
 * although PostgREST serves requests from a pool of connections it keeps open
 * and reuses (`PGRST_DB_POOL` = 10 in stack/postgrest.ts).
 *
 * Why the next request lands on a connection that served the user before:
 * files run one after another (vitest.config.ts), so during a test only its
 * own requests reach PostgREST (each worker has a stack of its own). Before
 * each change, `warmPool` sends the affected user's read in bursts of 40
 * concurrent requests (more than the pool holds, so every connection is taken)
 * until pg_stat_activity shows the pool at its full size (PostgREST opens
 * connections on demand: under CPU load a burst may be served by fewer, and a
 * later one open another) with every connection having finished a request
 * after the burst began, i.e. served this user. After the change, `afterChange` checks the single
 * next request, then a burst of 40 (every connection again), and that every
 * pool connection used after the change existed before it (no fresh
 * connection answered). So whatever a connection may keep from a user's
 * earlier request, the next request is served by such a connection.
 *
 * These tests pass on the caller kept per connection of 20250706000100 and
 * guard its replacement by a per-request caller (issue 38): they must keep
 * passing unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGREST_POOL_SIZE } from '../../stack/postgrest.ts';
import { demoUser, withDb, type TestUser } from '../support/clients.ts';
import { createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';
import { keepSeedData } from '../support/seed-guard.ts';

// Listings, messages and notifications made here go when the file ends.
keepSeedData();

/** More concurrent requests than PostgREST's pool has connections. */
const BURST = 40;

/** Fixed account ids of supabase/seed.sql. */
const SEED = {
  olivia: 'a0000000-0000-4000-8000-000000000003',
  marcus: 'a0000000-0000-4000-8000-000000000005',
  bartonHills: '10000000-0000-4000-8000-000000000001',
} as const;

type Read = () => Promise<unknown>;

/** PostgREST's pool connections (not its LISTEN connection), with when each was opened and last finished a statement. */
async function poolConnections(): Promise<{ pid: number; opened: Date; lastUsed: Date }[]> {
  return withDb(async (db) => {
    const { rows } = await db.query<{ pid: number; opened: Date; lastUsed: Date }>(
      `select pid, backend_start as "opened", state_change as "lastUsed" from pg_stat_activity
       where application_name like 'PostgREST%' and query not ilike 'listen%'`,
    );
    return rows;
  });
}

const databaseNow = () => withDb(async (db) => (await db.query<{ now: Date }>('select clock_timestamp() as now')).rows[0].now);
const burst = <T>(read: () => Promise<T>) => Promise.all(Array.from({ length: BURST }, () => read()));

/** Sends the user's read until PostgREST's pool is full and every connection of it has served the user; returns the connections' ids. */
async function warmPool(read: Read): Promise<Set<number>> {
  const start = await databaseNow();
  for (let attempt = 0; attempt < 20; attempt++) {
    await burst(read);
    const connections = await poolConnections();
    if (connections.length === POSTGREST_POOL_SIZE && connections.every((c) => c.lastUsed >= start)) return new Set(connections.map((c) => c.pid));
  }
  throw new Error(`PostgREST did not serve twenty bursts of the same read on all ${POSTGREST_POOL_SIZE} pool connections`);
}

/**
 * After a change: the very next request, then a burst, each checked by `check`;
 * then that every pool connection they used was one that served the user before.
 */
async function afterChange<T>(warm: Set<number>, read: () => Promise<T>, check: (answer: T, which: string) => void) {
  const changedAt = await databaseNow();
  check(await read(), 'the very next request');
  for (const [i, answer] of (await burst(read)).entries()) check(answer, `request ${i + 2} after the change`);
  const used = (await poolConnections()).filter((c) => c.lastUsed >= changedAt);
  expect(
    used.filter((c) => !warm.has(c.pid)).map((c) => c.pid),
    'every request after the change ran on a pooled connection that served the user before it',
  ).toEqual([]);
}

/** Ids of the given rows of a table the user may read. */
async function readable(client: TestUser['client'], table: string, ids: string[]): Promise<string[]> {
  const { data, error } = await client.from(table).select('id').in('id', ids).order('id');
  if (error) throw new Error(`${table}: ${error.message}`);
  return (data as { id: string }[]).map((r) => r.id);
}

describe('role changes are seen by the next request', () => {
  let switcher: TestUser;
  let switcherAccount: string;
  const people = () => [switcherAccount, SEED.olivia, SEED.marcus].sort();

  beforeAll(async () => {
    switcher = await demoUser('switcher@listingdesk.test');
    switcherAccount = ((await switcher.client.rpc('current_account')).data as { id: string }).id;
  });

  afterAll(async () => {
    await withDb((db) => db.query(`update public.users set role = 'tc', original_role = null where id = $1`, [switcherAccount]));
  });

  it("the role switcher's switch to super admin, then to agent, is each seen by the very next request", async () => {
    const readPeople = () => readable(switcher.client, 'users', people());
    const asTc = await warmPool(readPeople);
    expect(await readPeople(), 'as a coordinator the switcher reads coordinators, not their agents').toEqual([switcherAccount, SEED.olivia].sort());

    expect((await switcher.client.rpc('switch_role', { target: 'super_admin' })).error, 'the switcher becomes super admin').toBeNull();
    await afterChange(asTc, readPeople, (ids, which) => expect(ids, `${which}: a super admin reads every account`).toEqual(people()));

    const asAdmin = await warmPool(readPeople);
    expect((await switcher.client.rpc('switch_role', { target: 'agent' })).error, 'the switcher becomes an agent').toBeNull();
    await afterChange(asAdmin, readPeople, (ids, which) => expect(ids, `${which}: an agent without coordinator reads only their own account`).toEqual([switcherAccount]));

    expect((await switcher.client.rpc('switch_role', { target: 'tc' })).error, 'and back to coordinator').toBeNull();
  });

  it('a super admin demoted to agent sees, on the next request, only what an agent sees', async () => {
    const admin = await createActor('DemotedAdmin', 'super_admin');
    const readPeople = () => readable(admin.client, 'users', [admin.id!, SEED.olivia, SEED.marcus].sort());
    const readListing = () => readable(admin.client, 'listings', [SEED.bartonHills]);
    const both = () => Promise.all([readPeople(), readListing()]);
    const warm = await warmPool(both);
    expect(await both(), 'a super admin reads every account and listing').toEqual([[admin.id!, SEED.olivia, SEED.marcus].sort(), [SEED.bartonHills]]);

    // The only way to demote is the database owner's SQL (docs/deployment.md: the first super admin is made so).
    await withDb((db) => db.query(`update public.users set role = 'agent', original_role = null where id = $1`, [admin.id]));
    await afterChange(warm, both, (answer, which) =>
      expect(answer, `${which}: a demoted super admin reads only their own account and no one else's listing`).toEqual([[admin.id], []]),
    );
  });
});

describe('an unassignment is seen by the next request of the coordinator and of the agent', () => {
  let coordinator: Actor, agent: Actor;
  let listing: string, teamMessage: string;

  beforeAll(async () => {
    coordinator = await createActor('UnassignTc', 'tc');
    agent = await createActor('UnassignAgent', 'agent', { assignedTcId: coordinator.id });
    await withDb(async (db) => {
      listing = await insertRow(db, 'listings', { address: '41 Mesquite Trail, Austin TX', agent_id: agent.id, tc_id: coordinator.id });
      teamMessage = await insertRow(db, 'messages', { is_general: true, team_tc_id: coordinator.id, sender_id: coordinator.id, content: 'Team call at 9.' });
    });
  });

  it("the coordinator no longer reads the agent's listing, the agent no longer the coordinator's team rows", async () => {
    const coordinatorReads = () => readable(coordinator.client, 'listings', [listing]);
    const agentReads = () => Promise.all([readable(agent.client, 'users', [coordinator.id!]), readable(agent.client, 'messages', [teamMessage])]);
    const warmAgent = await warmPool(agentReads);
    expect(await agentReads(), "an assigned agent reads their coordinator's account and team messages").toEqual([[coordinator.id], [teamMessage]]);
    const warmCoordinator = await warmPool(coordinatorReads);
    expect(await coordinatorReads(), "a coordinator reads their agent's listing").toEqual([listing]);

    expect((await coordinator.client.rpc('unassign_agent', { agent_id: agent.id })).error, 'the coordinator releases the agent').toBeNull();
    await afterChange(warmCoordinator, coordinatorReads, (ids, which) => expect(ids, `${which}: the coordinator no longer reads the released agent's listing`).toEqual([]));
    await afterChange(warmAgent, agentReads, (answer, which) =>
      expect(answer, `${which}: the released agent no longer reads their former coordinator's account or team messages`).toEqual([[], []]),
    );
  });
});

describe("an account deletion is seen by the deleted account's next request", () => {
  it("a deleted agent's still valid token reads and writes nothing", async () => {
    const admin = await createActor('DeletingAdmin', 'super_admin');
    const agent = await createActor('DeletedAgent', 'agent');
    const listing = await withDb((db) => insertRow(db, 'listings', { address: '7 Juniper Court, Austin TX', agent_id: agent.id }));
    const readOwn = async () => {
      const { data, status } = await agent.client.from('listings').select('id').eq('id', listing);
      return { ids: (data ?? []).map((r) => r.id as string), refused: status >= 400 && status < 500 };
    };
    const warm = await warmPool(readOwn);
    expect(await readOwn(), 'the agent reads their own listing').toEqual({ ids: [listing], refused: false });

    expect((await admin.client.rpc('delete_user', { account_id: agent.id })).error, 'the super admin deletes the account').toBeNull();
    await afterChange(warm, readOwn, (answer, which) => expect(answer.ids, `${which}: a deleted account reads nothing (an empty answer or a 4xx)`).toEqual([]));
    const write = await agent.client.from('listings').insert({ address: '9 Juniper Court, Austin TX' }).select('id');
    expect([write.status >= 400 && write.status < 500, write.data], 'a deleted account creates nothing: refused with a 4xx').toEqual([true, null]);
    const own = await agent.client.rpc('current_account');
    expect(own.data ?? null, 'a deleted account has no current account').toBeNull();
  });
});

describe('an account switch is seen by the next request', () => {
  it('after switch_account the next request reads as the new account, and back', async () => {
    const coordinator = await createActor('SwitchingTc', 'tc');
    const profile = await coordinator.client.rpc('create_test_agent_profile');
    expect(profile.error, 'the coordinator makes a test agent profile (a second account of the same sign-in)').toBeNull();
    const profileId = profile.data as string;
    const notes = await withDb(async (db) => ({
      coordinator: await insertRow(db, 'notifications', { user_id: coordinator.id, type: 'other', title: 'For the coordinator account' }),
      profile: await insertRow(db, 'notifications', { user_id: profileId, type: 'other', title: 'For the agent profile' }),
    }));
    const readAs = async () => ({
      account: ((await coordinator.client.rpc('current_account')).data as { id: string } | null)?.id,
      notifications: await readable(coordinator.client, 'notifications', [notes.coordinator, notes.profile]),
    });

    const warm = await warmPool(readAs);
    expect(await readAs(), "the sign-in acts as its first account, with that account's notifications").toEqual({ account: coordinator.id, notifications: [notes.coordinator] });
    expect((await coordinator.client.rpc('switch_account', { account_id: profileId })).error, 'the sign-in switches to its agent profile').toBeNull();
    await afterChange(warm, readAs, (answer, which) =>
      expect(answer, `${which}: reads as the agent profile, with only its notifications`).toEqual({ account: profileId, notifications: [notes.profile] }),
    );

    const warmProfile = await warmPool(readAs);
    expect((await coordinator.client.rpc('switch_account', { account_id: coordinator.id })).error, 'and back to the coordinator account').toBeNull();
    await afterChange(warmProfile, readAs, (answer, which) =>
      expect(answer, `${which}: reads as the coordinator account again`).toEqual({ account: coordinator.id, notifications: [notes.coordinator] }),
    );
  });
});

describe('two users alternating on the same connections', () => {
  let agents: { actor: Actor; rows: { listings: string[]; notifications: string[] } }[];
  let allListings: string[], allNotifications: string[];

  beforeAll(async () => {
    const [tc1, tc2] = await Promise.all([createActor('AlternateTc1', 'tc'), createActor('AlternateTc2', 'tc')]);
    const [agentA, agentB] = await Promise.all([createActor('AlternateA', 'agent', { assignedTcId: tc1.id }), createActor('AlternateB', 'agent', { assignedTcId: tc2.id })]);
    agents = await withDb(async (db) => {
      const rowsOf = async (actor: Actor, tc: Actor) => ({
        actor,
        rows: {
          listings: [
            await insertRow(db, 'listings', { address: `1 ${actor.key} Way, Austin TX`, agent_id: actor.id, tc_id: tc.id }),
            await insertRow(db, 'listings', { address: `2 ${actor.key} Way, Austin TX`, agent_id: actor.id, tc_id: tc.id }),
          ].sort(),
          notifications: [await insertRow(db, 'notifications', { user_id: actor.id, type: 'other', title: `For ${actor.key}` })],
        },
      });
      return [await rowsOf(agentA, tc1), await rowsOf(agentB, tc2)];
    });
    allListings = agents.flatMap((a) => a.rows.listings);
    allNotifications = agents.flatMap((a) => a.rows.notifications);
  });

  const readOwn = async (actor: Actor) => ({
    listings: await readable(actor.client, 'listings', allListings),
    notifications: await readable(actor.client, 'notifications', allNotifications),
  });

  it("one after the other, 40 times, each answer holds exactly the user's own rows", async () => {
    for (let i = 0; i < 40; i++) {
      const { actor, rows } = agents[i % 2];
      expect(await readOwn(actor), `request ${i + 1}: ${actor.key} reads only their own listings and notifications, never the other team's`).toEqual(rows);
    }
  });

  it("interleaved in bursts over every pooled connection, each answer holds exactly the user's own rows", async () => {
    const before = await databaseNow();
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => agents[i % 2]).map(async (a) => ({ a, answer: await readOwn(a.actor) })));
      for (const { a, answer } of answers) expect(answer, `round ${round + 1}: ${a.actor.key} reads only their own rows while the other user's requests share the pool`).toEqual(a.rows);
    }
    const pool = await poolConnections();
    expect(pool.every((c) => c.lastUsed >= before), 'every pooled connection served these interleaved requests').toBe(true);
  });
});
