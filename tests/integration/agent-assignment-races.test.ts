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

/** Runs work with two fresh connections and a third for checking what was stored; closes all of them. */
async function withTwoCallers(work: (first: pg.Client, second: pg.Client, check: pg.Client) => Promise<void>) {
  const [first, second, check] = await Promise.all([connection(), connection(), connection()]);
  try {
    await work(first, second, check);
  } finally {
    await Promise.all([first, second, check].map((c) => c.end()));
  }
}

describe('racing agent assignments', () => {
  it("a coordinator's assign_agent waiting on another's uncommitted one is refused as when they run one after the other", async () => {
    const priya = await createActor('RacePriya', 'agent', { assignedTcId: null });
    await withTwoCallers(async (first, second, check) => {
      await beginAs(first, olivia);
      expect(await outcome(first.query('select public.assign_agent($1)', [priya.id])), 'Olivia takes the unassigned agent').toBeNull();
      await beginAs(second, david);
      // David's call must wait for Olivia's transaction, then see Priya as Olivia's.
      const davids = outcome(second.query('select public.assign_agent($1)', [priya.id]));
      await untilWaitingOnLock(check, second);
      await first.query('commit');
      const refusal = await davids;
      await second.query(refusal ? 'rollback' : 'commit');
      expect(refusal, "David may not take an agent another coordinator took first (403, same refusal as one after the other)").toEqual({
        code: '42501',
        message: 'agent is assigned to another coordinator',
      });
      expect(await coordinatorOf(check, priya.id), 'the agent stays with the coordinator who took her first').toBe(olivia.id);
    });
  });

  it("a coordinator's unassign_agent waiting on the super admin's move of the agent does not release the new coordinator's agent", async () => {
    const priya = await createActor('RaceMovedPriya', 'agent', { assignedTcId: olivia.id });
    await withTwoCallers(async (first, second, check) => {
      await beginAs(first, admin);
      expect(await outcome(first.query('select public.assign_agent($1, $2)', [priya.id, david.id])), 'the super admin moves the agent to David').toBeNull();
      await beginAs(second, olivia);
      const olivias = outcome(second.query('select public.unassign_agent($1)', [priya.id]));
      await untilWaitingOnLock(check, second);
      await first.query('commit');
      const refusal = await olivias;
      await second.query(refusal ? 'rollback' : 'commit');
      expect(refusal, "Olivia may not release an agent that is David's by the time her call runs (403, same refusal as one after the other)").toEqual({
        code: '42501',
        message: 'not your agent',
      });
      expect(await coordinatorOf(check, priya.id), 'the agent stays with David').toBe(david.id);
    });
  });

  it('calls that do not overlap still behave as before: the super admin moves an agent a coordinator just released', async () => {
    const priya = await createActor('RaceReleasedPriya', 'agent', { assignedTcId: olivia.id });
    await withTwoCallers(async (first, second, check) => {
      await beginAs(first, olivia);
      expect(await outcome(first.query('select public.unassign_agent($1)', [priya.id])), 'Olivia releases her agent').toBeNull();
      await beginAs(second, admin);
      const admins = outcome(second.query('select public.assign_agent($1, $2)', [priya.id, david.id]));
      await untilWaitingOnLock(check, second);
      await first.query('commit');
      expect(await admins, 'the super admin may assign any agent, released or not').toBeNull();
      await second.query('commit');
      expect(await coordinatorOf(check, priya.id), 'the agent is David\'s').toBe(david.id);
    });
  });
});
