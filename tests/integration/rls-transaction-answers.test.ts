/**
 * Access answers follow account changes at once: the caller
 * (private.caller_context(), read from the tables at each statement) and a
 * listing's relation (private.listing_relation(), which keeps its last answer
 * for the statement only) are worked out again when the accounts they come
 * from change, in the same transaction or another one.
 * An API request is one statement, so this is checked on one database
 * connection acting as a signed-in user the way PostgREST does
 * (role authenticated + request.jwt.claims), with the changes made in between
 * as superuser.
 */
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

let tc1: Actor, tc2: Actor, agent: Actor;

beforeAll(async () => {
  tc1 = await createActor('TxCoord1', 'tc');
  tc2 = await createActor('TxCoord2', 'tc');
  agent = await createActor('TxAgent', 'agent', { assignedTcId: tc1.id });
});

/** Acts as the actor's sign-in for the rest of the transaction, as PostgREST does for a request. */
async function actAs(db: pg.Client, actor: Actor) {
  await db.query('set local role authenticated');
  await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: actor.authId, role: 'authenticated' })]);
}

/** Runs work in one transaction that is rolled back; `as(actor)` acts as that sign-in, `asSuperuser()` as the owner. */
function inOneTransaction(work: (db: pg.Client, as: (actor: Actor) => Promise<void>, asSuperuser: () => Promise<void>) => Promise<void>) {
  return withDb(async (db) => {
    await db.query('begin');
    try {
      await work(db, (actor) => actAs(db, actor), () => db.query('reset role').then(() => undefined));
    } finally {
      await db.query('rollback');
    }
  });
}

/** Which of the two coordinators' accounts the current sign-in may read. */
const readableCoordinators = async (db: pg.Client) =>
  (await db.query<{ id: string }>('select id from public.users where id = any($1) order by id', [[tc1.id, tc2.id]])).rows.map((r) => r.id);

/** Which of the given listings the current sign-in may read. */
const readableListings = async (db: pg.Client, ids: string[]) =>
  (await db.query<{ id: string }>('select id::text from public.listings where id = any($1) order by id', [ids])).rows.map((r) => r.id);

// Documents: their policy asks private.listing_relation() about each row (notes and messages compare copied columns).
const documentNames = async (db: pg.Client, listingId: string) =>
  (await db.query<{ file_name: string }>('select file_name from public.documents where listing_id = $1 order by file_name', [listingId])).rows.map((r) => r.file_name);

describe("a listing's remembered access answer", () => {
  it('is forgotten when the agent moves to another coordinator in the same transaction', async () => {
    // Coordinator 2 is the listing's own coordinator; coordinator 1 works on it only through the agent.
    const listingId = await withDb((db) => insertRow(db, 'listings', { address: '3 Willow Bend, Round Rock TX', agent_id: agent.id, tc_id: tc2.id }));
    await withDb((db) => insertRow(db, 'documents', { listing_id: listingId, uploaded_by: agent.id, file_name: 'Seller disclosure.pdf', file_url: `listings/${listingId}/disclosure.pdf` }));
    await inOneTransaction(async (db, as, asSuperuser) => {
      await as(tc1);
      expect(await documentNames(db, listingId), "coordinator 1 reads their agent's listing").toEqual(['Seller disclosure.pdf']);
      await asSuperuser();
      await db.query('update public.users set assigned_tc_id = $2 where id = $1', [agent.id, tc2.id]);
      await as(tc1);
      expect(await documentNames(db, listingId), 'no longer once the agent is assigned to coordinator 2').toEqual([]);
      await as(tc2);
      expect(await documentNames(db, listingId), 'the listing\'s own coordinator still reads it').toEqual(['Seller disclosure.pdf']);
    });
    await withDb((db) => db.query('delete from public.listings where id = $1', [listingId]));
  });
});

describe("the caller's remembered context", () => {
  it('is worked out again when the caller moves to another coordinator in the same transaction', async () => {
    await inOneTransaction(async (db, as, asSuperuser) => {
      await as(agent);
      expect(await readableCoordinators(db), 'an agent reads their own coordinator only').toEqual([tc1.id]);
      await asSuperuser();
      await db.query('update public.users set assigned_tc_id = $2 where id = $1', [agent.id, tc2.id]);
      await as(agent);
      expect(await readableCoordinators(db), 'and the new one once reassigned').toEqual([tc2.id]);
    });
  });

  it("counts an agent assigned in the same transaction among the coordinator's agents", async () => {
    // The listing's own coordinator is coordinator 2: coordinator 1 reads it only as its agent's coordinator.
    const newcomer = await createActor('TxNewcomer', 'agent', { assignedTcId: null });
    const listingId = await withDb((db) => insertRow(db, 'listings', { address: '8 Cedar Hollow, Round Rock TX', agent_id: newcomer.id, tc_id: tc2.id }));
    await inOneTransaction(async (db, as, asSuperuser) => {
      await as(tc1);
      expect(await readableListings(db, [listingId]), 'not before the agent is assigned to coordinator 1').toEqual([]);
      await asSuperuser();
      await db.query('update public.users set assigned_tc_id = $2 where id = $1', [newcomer.id, tc1.id]);
      await as(tc1);
      expect(await readableListings(db, [listingId]), 'at once after').toEqual([listingId]);
      await asSuperuser();
      await db.query('update public.users set assigned_tc_id = null where id = $1', [newcomer.id]);
      await as(tc1);
      expect(await readableListings(db, [listingId]), 'and no longer once unassigned').toEqual([]);
    });
    await withDb((db) => db.query('delete from public.listings where id = $1', [listingId]));
  });
});

describe('the caller on a pooled connection', () => {
  /** One request as `actor` on this connection: its own read committed transaction, as PostgREST sends it. */
  const request = async <T>(db: pg.Client, actor: Actor, read: () => Promise<T>): Promise<T> => {
    await db.query('begin');
    try {
      await actAs(db, actor);
      return await read();
    } finally {
      await db.query('commit');
    }
  };
  it("is not kept while another transaction's account change is under way, and the change is seen once it commits", async () => {
    const mover = await createActor('TxMovedAgent', 'agent', { assignedTcId: tc1.id });
    await withDb((reader) =>
      withDb(async (writer) => {
        expect(await request(reader, mover, () => readableCoordinators(reader)), 'the agent reads coordinator 1').toEqual([tc1.id]);
        await writer.query('begin');
        await writer.query('update public.users set assigned_tc_id = $2 where id = $1', [mover.id, tc2.id]);
        // The writer has not committed: the reader sees the old assignment, and
        // nothing of that answer may outlive its request.
        expect(await request(reader, mover, () => readableCoordinators(reader)), 'the uncommitted move is not seen').toEqual([tc1.id]);
        await writer.query('commit');
        expect(await request(reader, mover, () => readableCoordinators(reader)), 'the next request on the same connection sees the move').toEqual([tc2.id]);
        expect(await request(reader, mover, () => readableCoordinators(reader)), 'and keeps seeing it').toEqual([tc2.id]);
      }),
    );
  });

  it("sees a coordinator's newly assigned agent in the next request on the same connection, and loses them as soon", async () => {
    const newcomer = await createActor('TxKeptNewcomer', 'agent', { assignedTcId: null });
    const listingId = await withDb((db) => insertRow(db, 'listings', { address: '12 Pecan Row, Round Rock TX', agent_id: newcomer.id, tc_id: tc2.id }));
    await withDb((reader) =>
      withDb(async (writer) => {
        const asCoordinator1 = () => request(reader, tc1, () => readableListings(reader, [listingId]));
        expect(await asCoordinator1(), 'coordinator 1 does not read an unassigned agent\'s listing').toEqual([]);
        expect(await asCoordinator1(), 'also in a second request on this connection').toEqual([]);
        await writer.query('update public.users set assigned_tc_id = $2 where id = $1', [newcomer.id, tc1.id]);
        expect(await asCoordinator1(), 'the next request after the assignment reads it').toEqual([listingId]);
        await writer.query('update public.users set assigned_tc_id = null where id = $1', [newcomer.id]);
        expect(await asCoordinator1(), 'and the next one after the unassignment does not').toEqual([]);
      }),
    );
    await withDb((db) => db.query('delete from public.listings where id = $1', [listingId]));
  });

  it('forgets a context worked out from an account change that was rolled back', async () => {
    const mover = await createActor('TxRolledBackMove', 'agent', { assignedTcId: tc1.id });
    await withDb(async (db) => {
      expect(await request(db, mover, () => readableCoordinators(db)), 'the agent reads coordinator 1').toEqual([tc1.id]);
      await db.query('begin');
      await actAs(db, mover);
      await db.query('reset role');
      await db.query('update public.users set assigned_tc_id = $2 where id = $1', [mover.id, tc2.id]);
      await db.query('set local role authenticated');
      expect(await readableCoordinators(db), 'inside the transaction the move is seen').toEqual([tc2.id]);
      await db.query('rollback');
      expect(await request(db, mover, () => readableCoordinators(db)), 'after the rollback the connection answers from the old assignment').toEqual([tc1.id]);
    });
  });

  it('answers each sign-in for itself on a shared connection', async () => {
    await withDb(async (db) => {
      for (let round = 0; round < 2; round++) {
        expect(await request(db, agent, () => readableCoordinators(db)), 'the agent: their coordinator').toEqual([tc1.id]);
        expect(await request(db, tc2, () => readableCoordinators(db)), 'coordinator 2: both coordinators').toEqual([tc1.id, tc2.id].sort());
      }
    });
  });
});
