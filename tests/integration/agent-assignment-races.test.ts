/**
 * Two account-function calls about the same agent, racing: the second call
 * must decide on the first one's outcome, not on the row as it was before the
 * first committed. Each caller is its own database connection acting as its
 * sign-in the way PostgREST does (role authenticated + request.jwt.claims,
 * inside the request's transaction), so the first transaction can be held open
 * while the second call runs. The loser gets the refusal it gets when the calls
 * run one after the other (agent-assignments.test.ts): 42501, which PostgREST
 * answers with 403.
 */
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackInfo } from '../support/clients.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';

let olivia: Actor, david: Actor, admin: Actor;

beforeAll(async () => {
  olivia = await createActor('RaceOlivia', 'tc');
  david = await createActor('RaceDavid', 'tc');
  admin = await createActor('RaceAdmin', 'super_admin');
});

/** A connection of its own (as `postgres`, like withDb), so two can hold transactions at once. */
async function connection(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: stackInfo().dbUrl });
  await client.connect();
  return client;
}

/** Opens a request transaction acting as the actor's sign-in, as PostgREST does. */
async function beginAs(db: pg.Client, actor: Actor) {
  await db.query('begin');
  await db.query('set local role authenticated');
  await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: actor.authId, role: 'authenticated' })]);
}

/** The call's outcome: null when it succeeded, else its SQLSTATE and message. */
async function outcome(call: Promise<unknown>): Promise<{ code: string; message: string } | null> {
  try {
    await call;
    return null;
  } catch (e) {
    const error = e as { code: string; message: string };
    return { code: error.code, message: error.message };
  }
}

async function coordinatorOf(db: pg.Client, agentId: string | null): Promise<string | null> {
  return (await db.query<{ tc: string | null }>('select assigned_tc_id as tc from public.users where id = $1', [agentId])).rows[0].tc;
}

/**
 * Waits until the connection's backend waits for a lock: the second call has
 * read what it decides on and stands behind the first transaction's row lock
 * (before the fix: at its UPDATE; after it: at its SELECT … FOR UPDATE).
 */
async function untilWaitingOnLock(check: pg.Client, waiter: pg.Client) {
  const pid = (waiter as unknown as { processID: number }).processID;
  for (let i = 0; i < 200; i++) {
    const { rows } = await check.query<{ waiting: boolean }>(`select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1`, [pid]);
    if (rows[0]?.waiting) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the second call never waited for the first transaction');
}

interface Call {
  as: Actor;
  sql: string;
  params: unknown[];
}

/**
 * Runs `first` in a transaction left open, starts `second` on another
 * connection, commits the first once the second waits on its lock, then ends
 * the second (commit when it succeeded). Returns both outcomes and the
 * agent's coordinator as stored afterwards.
 */
async function race(agentId: string | null, first: Call, second: Call) {
  const [one, two, check] = await Promise.all([connection(), connection(), connection()]);
  try {
    await beginAs(one, first.as);
    const firstOutcome = await outcome(one.query(first.sql, first.params));
    await beginAs(two, second.as);
    const pending = outcome(two.query(second.sql, second.params));
    await untilWaitingOnLock(check, two);
    await one.query(firstOutcome ? 'rollback' : 'commit');
    const secondOutcome = await pending;
    await two.query(secondOutcome ? 'rollback' : 'commit');
    return { first: firstOutcome, second: secondOutcome, coordinator: await coordinatorOf(check, agentId) };
  } finally {
    await Promise.all([one, two, check].map((c) => c.end()));
  }
}

const assign = (as: Actor, agent: Actor, tc?: Actor): Call =>
  tc ? { as, sql: 'select public.assign_agent($1, $2)', params: [agent.id, tc.id] } : { as, sql: 'select public.assign_agent($1)', params: [agent.id] };
const unassign = (as: Actor, agent: Actor): Call => ({ as, sql: 'select public.unassign_agent($1)', params: [agent.id] });
/** The "not allowed" refusal (42501, which PostgREST answers with 403). */
const refused = (message: string) => ({ code: '42501', message });

describe('racing agent assignments', () => {
  it("a coordinator's assign_agent waiting on another's uncommitted one is refused as when they run one after the other", async () => {
    const priya = await createActor('RacePriya', 'agent', { assignedTcId: null });
    const result = await race(priya.id, assign(olivia, priya), assign(david, priya));
    expect(result.first, 'Olivia takes the unassigned agent').toBeNull();
    expect(result.second, 'David may not take an agent another coordinator took first (403, same refusal as one after the other)').toEqual(refused('agent is assigned to another coordinator'));
    expect(result.coordinator, 'the agent stays with the coordinator who took her first').toBe(olivia.id);
  });

  it("a coordinator's unassign_agent waiting on the super admin's move of the agent does not release the new coordinator's agent", async () => {
    const priya = await createActor('RaceMovedPriya', 'agent', { assignedTcId: olivia.id });
    const result = await race(priya.id, assign(admin, priya, david), unassign(olivia, priya));
    expect(result.first, 'the super admin moves the agent to David').toBeNull();
    expect(result.second, "Olivia may not release an agent that is David's by the time her call runs (403, same refusal as one after the other)").toEqual(refused('not your agent'));
    expect(result.coordinator, 'the agent stays with David').toBe(david.id);
  });

  it("a super admin's move waiting on a coordinator's release still succeeds: super admins may assign any agent", async () => {
    const priya = await createActor('RaceReleasedPriya', 'agent', { assignedTcId: olivia.id });
    const result = await race(priya.id, unassign(olivia, priya), assign(admin, priya, david));
    expect([result.first, result.second], 'both calls succeed, one after the other').toEqual([null, null]);
    expect(result.coordinator, "the agent is David's").toBe(david.id);
  });
});
