/**
 * "The people on a listing" is one rule in one place (issue 51, item 13):
 *
 * - a table that belongs to a listing keeps copies of the listing's agent and
 *   coordinator (listing_agent_id, listing_tc_id) by declaring one trigger
 *   with private.copy_listing_people(); the copies then follow the listing
 *   when its people change, without naming the table anywhere else;
 * - its policies read the copies only through the helpers
 *   private.is_on_listing() / private.coordinates_listing(), which Postgres
 *   inlines: the caller's lookups stay one InitPlan each per statement, and
 *   an index on the table still serves the request's own filter.
 *
 * Who reads what is proven by the RLS files (listing-people-copies,
 * contracts-rls, rls-matrix, …), which this change leaves as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

/** A schema of this file's own, so the scratch table never meets another file's rows or the API. */
const SCRATCH = 'listing_people_rule_test';

let coordinatorA: Actor, coordinatorB: Actor, agentA: Actor, agentB: Actor;

beforeAll(async () => {
  coordinatorA = await createActor('RuleCoordA', 'tc');
  coordinatorB = await createActor('RuleCoordB', 'tc');
  agentA = await createActor('RuleAgentA', 'agent', { assignedTcId: coordinatorA.id });
  agentB = await createActor('RuleAgentB', 'agent', { assignedTcId: coordinatorB.id });
});

afterAll(async () => {
  await withDb((db) => db.query(`drop schema if exists ${SCRATCH} cascade`));
});

describe('a new listing-owned table', () => {
  it("gets the copies of its listing's people from one trigger line, and they follow the listing", async () => {
    const listingId = await withDb((db) => insertRow(db, 'listings', { address: '1 Rule Lane, Austin TX', agent_id: agentA.id, tc_id: coordinatorA.id }));
    const copies = await withDb(async (db) => {
      await db.query(`create schema ${SCRATCH}`);
      await db.query(`create table ${SCRATCH}.parties (
        id uuid primary key default gen_random_uuid(),
        listing_id uuid not null references public.listings (id) on delete cascade,
        listing_agent_id uuid,
        listing_tc_id uuid)`);
      // The one line a listing-owned table costs (docs/data-model.md).
      await db.query(`create trigger parties_scope_listing_people
        before insert or update of listing_id, listing_agent_id, listing_tc_id on ${SCRATCH}.parties
        for each row execute function private.copy_listing_people()`);
      const inserted = await db.query<{ id: string; listing_agent_id: string; listing_tc_id: string }>(
        `insert into ${SCRATCH}.parties (listing_id, listing_agent_id, listing_tc_id) values ($1, $2, $3) returning id, listing_agent_id::text, listing_tc_id::text`,
        [listingId, agentB.id, coordinatorB.id],
      );
      const atInsert = inserted.rows[0];
      await db.query('update public.listings set agent_id = $2, tc_id = $3 where id = $1', [listingId, agentB.id, coordinatorB.id]);
      const moved = await db.query(`select listing_agent_id::text, listing_tc_id::text from ${SCRATCH}.parties where id = $1`, [atInsert.id]);
      return { atInsert: { agent: atInsert.listing_agent_id, tc: atInsert.listing_tc_id }, moved: { agent: moved.rows[0].listing_agent_id, tc: moved.rows[0].listing_tc_id } };
    });
    expect(copies.atInsert, "on insert the row carries the listing's agent and coordinator, not what was sent").toEqual({ agent: agentA.id, tc: coordinatorA.id });
    expect(copies.moved, "when the listing moves to another agent and coordinator, the row's copies follow").toEqual({ agent: agentB.id, tc: coordinatorB.id });
  });
});

describe('the read rule of the people on a listing', () => {
  it('is written once: every policy that reads the copies reads them through the helpers', async () => {
    const { rows } = await withDb((db) =>
      db.query<{ policy: string }>(
        `select p.tablename || ': ' || p.policyname as policy
         from pg_policies p
         where p.schemaname = 'public'
           and regexp_replace(concat_ws(' ', p.qual, p.with_check),
                 'private\\.(is_on_listing|coordinates_listing)\\(listing_agent_id, listing_tc_id,', '', 'g') ~ 'listing_(agent|tc)_id'
         order by 1`,
      ),
    );
    expect(rows.map((r) => r.policy), 'policies that spell out the rule on the copies themselves').toEqual([]);
  });

  it("is inlined into the policies: the caller's lookups run once per statement and the table's index serves the request", async () => {
    const listingId = await withDb(async (db) => {
      const id = await insertRow(db, 'listings', { address: '2 Rule Lane, Austin TX', agent_id: agentA.id, tc_id: coordinatorA.id });
      await insertRow(db, 'notes', { listing_id: id, user_id: agentA.id, content: 'Read by its coordinator.' });
      return id;
    });
    const plan = await withDb(async (db) => {
      await db.query('begin');
      try {
        // As PostgREST runs a signed-in request: the authenticated role with the caller's claims.
        await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: coordinatorA.authId, role: 'authenticated' })]);
        await db.query('set local role authenticated');
        // The scratch database holds a handful of notes: make the planner show whether the index can serve.
        await db.query('set local enable_seqscan = off');
        const { rows } = await db.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, costs off, verbose, timing off, summary off) select id from public.notes where listing_id = '${listingId}' order by created_at desc`,
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await db.query('rollback');
      }
    });
    expect(plan, 'no call of the helper is left in the plan (it was inlined)').not.toMatch(/is_on_listing/);
    expect(plan, "the copies are compared with the caller's values").toMatch(/listing_agent_id = \(InitPlan \d+\)/);
    for (const lookup of ['current_account_id', 'acting_tc_id', 'coordinated_agents', 'is_super_admin']) {
      const initPlans = plan.match(new RegExp(`Output: private\\.${lookup}\\(\\)`, 'g')) ?? [];
      expect(initPlans.length, `private.${lookup}() is one InitPlan of the statement`).toBe(1);
    }
    expect(plan, "the notes' listing index serves the request's filter").toMatch(/(Index|Index Only|Bitmap Index) Scan( Backward)? (using|on) notes_listing_id_created_at_idx/);
    expect(plan, "the listing's coordinator reads its note").toMatch(/Scan[^\n]* on public\.notes \(actual rows=1 loops=1\)/);
  });
});
