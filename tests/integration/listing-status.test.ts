/**
 * Status as data and one status path (issue 52), through the HTTP stack as
 * real sign-ins:
 *
 * - a status change through set_listing_status() or override_listing_status()
 *   writes exactly one status_changed event (from, to, actor, cause; the
 *   override's reason), which the people on the listing read and another
 *   team's coordinator and agent do not;
 * - a status that contradicts the contract is refused (409 naming the
 *   Contract tab): under_contract without an active contract, closed by hand,
 *   anything else while a contract is active — for the super admin's override
 *   too, which skips only the compliance gate;
 * - a move back is never gated, a move forward to a stage is;
 * - listing_stats() answers one row per row of listing_statuses, so a new
 *   status is a row (with n = 0), not a function rewrite.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

let admin: Actor, coordA: Actor, agentA: Actor, coordB: Actor, agentB: Actor;

beforeAll(async () => {
  admin = await createActor('StatusAdmin', 'super_admin');
  coordA = await createActor('StatusCoordA', 'tc');
  coordB = await createActor('StatusCoordB', 'tc');
  agentA = await createActor('StatusAgentA', 'agent', { assignedTcId: coordA.id });
  agentB = await createActor('StatusAgentB', 'agent', { assignedTcId: coordB.id });
});

let n = 0;
const listingOfAgentA = (status = 'incomplete', extra: Record<string, unknown> = {}) =>
  withDb((db) => insertRow(db, 'listings', { address: `${++n} Status Row, Austin TX`, agent_id: agentA.id, tc_id: coordA.id, status, ...extra }));

/** A required document of the live stage that nobody uploaded: the gate holds a move forward to live and later. */
const requireForLive = (listingId: string) =>
  withDb((db) =>
    insertRow(db, 'listing_checklist_items', {
      listing_id: listingId, kind: 'document', title: "Seller's Disclosure", document_type: 'sellers_disclosure', required_for: 'live', needs_approval: true, applied_by_hand: true,
    }),
  );

const setStatus = (actor: Actor, listingId: string, status: string) => actor.client.rpc('set_listing_status', { listing_id: listingId, new_status: status });
const refusal = (res: { status: number; error: { message: string } | null }) => ({ status: res.status, message: res.error?.message });

const EVENT = 'kind, from_value, to_value, actor_id, reason, detail';
const events = async (actor: Actor, listingId: string) =>
  (await actor.client.from('listing_events').select(EVENT).eq('listing_id', listingId).eq('kind', 'status_changed').order('id')).data;
const statusOf = (listingId: string) =>
  withDb(async (db) => (await db.query<{ status: string }>('select status from public.listings where id = $1', [listingId])).rows[0].status);

async function recordContract(listingId: string) {
  const created = await agentA.client.from('contracts').insert({ listing_id: listingId, form: 'trec-20-18', effective_date: '2026-07-01' }).select('id').single();
  expect(created.error, 'the agent records a contract').toBeNull();
  return created.data!.id as string;
}

const ON_CONTRACT_TAB = {
  closed: 'a listing closes when its contract closes: close the contract on the Contract tab',
  underContract: 'a listing goes under contract when its contract is recorded: record the contract on the Contract tab',
  active: 'this listing has an active contract: close or terminate the contract on the Contract tab',
};

describe('one status_changed event per change', () => {
  it('a coordinator’s change writes exactly one event with actor, from and to; the people on the listing read it, another team does not', async () => {
    const listingId = await listingOfAgentA();
    expect(refusal(await setStatus(coordA, listingId, 'ready')), 'the coordinator moves the listing to ready').toEqual({ status: 200, message: undefined });
    const expected = [{ kind: 'status_changed', from_value: 'incomplete', to_value: 'ready', actor_id: coordA.id, reason: null, detail: { cause: 'manual' } }];
    expect(await events(coordA, listingId), 'exactly one event: from incomplete to ready, by the coordinator, cause manual').toEqual(expected);
    expect(await events(agentA, listingId), "the listing's agent reads the same event").toEqual(expected);
    expect(await events(admin, listingId), 'a super admin reads it').toEqual(expected);
    expect(await events(coordB, listingId), "another team's coordinator reads no event of the listing").toEqual([]);
    expect(await events(agentB, listingId), "another team's agent reads none either").toEqual([]);

    expect(refusal(await setStatus(coordA, listingId, 'ready')), 'setting the same status again answers 200').toEqual({ status: 200, message: undefined });
    expect((await events(coordA, listingId))?.length, 'no change, no event').toBe(1);
    const written = await agentA.client.from('listing_events').insert({ listing_id: listingId, kind: 'status_changed', to_value: 'live' });
    expect(written.error, 'nobody writes an event through the API').not.toBeNull();
  });

  it('the super admin’s override writes one event with the reason (trimmed) and logs compliance_override; the gate holds the coordinator', async () => {
    const listingId = await listingOfAgentA('ready');
    await requireForLive(listingId);
    expect(refusal(await setStatus(coordA, listingId, 'live')), 'moving forward to live is gated while its document is missing').toEqual({
      status: 409,
      message: "cannot move to Live: missing or not approved: Seller's Disclosure (missing)",
    });
    expect(await events(coordA, listingId), 'a refused change writes no event').toEqual([]);
    const overridden = await admin.client.rpc('override_listing_status', { listing_id: listingId, new_status: 'live', reason: '  Broker approved by phone\n' });
    expect(refusal(overridden), 'the super admin moves it past the gate').toEqual({ status: 200, message: undefined });
    expect(await events(agentA, listingId), 'one event with the reason and cause override, by the super admin').toEqual([
      { kind: 'status_changed', from_value: 'ready', to_value: 'live', actor_id: admin.id, reason: 'Broker approved by phone', detail: { cause: 'override' } },
    ]);
    const logged = await withDb(async (db) =>
      (await db.query("select user_id, metadata from public.activity_log where listing_id = $1 and action = 'compliance_override'", [listingId])).rows);
    expect(logged, 'the activity log still records the override with what was missing').toEqual([
      { user_id: admin.id, metadata: { status: 'live', reason: 'Broker approved by phone', missing: "Seller's Disclosure (missing)" } },
    ]);
  });
});

describe('the contract decides under contract and closed', () => {
  it('without an active contract: under_contract and closed by hand are 409 naming the Contract tab, for the override too', async () => {
    const listingId = await listingOfAgentA('live');
    expect(refusal(await setStatus(coordA, listingId, 'under_contract')), 'no contract: not under contract by hand').toEqual({ status: 409, message: ON_CONTRACT_TAB.underContract });
    expect(refusal(await setStatus(coordA, listingId, 'closed')), 'closed only by closing the contract').toEqual({ status: 409, message: ON_CONTRACT_TAB.closed });
    const override = await admin.client.rpc('override_listing_status', { listing_id: listingId, new_status: 'under_contract', reason: 'Signed on paper' });
    expect(refusal(override), 'the override skips the gate, not the contract').toEqual({ status: 409, message: ON_CONTRACT_TAB.underContract });
    expect(await statusOf(listingId), 'the listing stays live').toBe('live');
    expect(await events(coordA, listingId), 'refusals write no event').toEqual([]);
  });

  it('with an active contract: any other status is 409 until the contract is closed or terminated', async () => {
    const listingId = await listingOfAgentA('live');
    const contractId = await recordContract(listingId);
    expect(await statusOf(listingId), 'recording the contract puts the listing under contract').toBe('under_contract');
    for (const status of ['live', 'ready', 'incomplete']) {
      expect(refusal(await setStatus(coordA, listingId, status)), `manual ${status} while the contract is active`).toEqual({ status: 409, message: ON_CONTRACT_TAB.active });
    }
    expect(refusal(await setStatus(coordA, listingId, 'closed')), 'closed by hand names closing the contract').toEqual({ status: 409, message: ON_CONTRACT_TAB.closed });
    const override = await admin.client.rpc('override_listing_status', { listing_id: listingId, new_status: 'live', reason: 'Deal fell through' });
    expect(refusal(override), 'the override does not end a contract either').toEqual({ status: 409, message: ON_CONTRACT_TAB.active });
    expect(await statusOf(listingId), 'still under contract').toBe('under_contract');

    expect((await coordA.client.rpc('terminate_contract', { contract_id: contractId, reason: 'Buyer walked away' })).error, 'the coordinator terminates the contract').toBeNull();
    expect(await statusOf(listingId), 'terminating moves the listing back to live').toBe('live');
    expect(refusal(await setStatus(coordA, listingId, 'ready')), 'with no active contract the coordinator moves it again').toEqual({ status: 200, message: undefined });
  });
});

describe('the gate', () => {
  it('a move back is never gated: a closed listing with an unapproved live document goes back to live, keeping the day it went live', async () => {
    const wentLive = '2026-01-05T15:00:00.000Z';
    const listingId = await listingOfAgentA('closed', { live_at: wentLive });
    await requireForLive(listingId);
    expect(refusal(await setStatus(coordA, listingId, 'live')), 'closed back to live: not gated').toEqual({ status: 200, message: undefined });
    const liveAt = await withDb(async (db) => (await db.query<{ live_at: Date }>('select live_at from public.listings where id = $1', [listingId])).rows[0].live_at);
    expect(liveAt.toISOString(), 'back to live from a later status keeps live_at').toBe(wentLive);
    expect(refusal(await setStatus(coordA, listingId, 'ready')), 'live back to ready').toEqual({ status: 200, message: undefined });
    expect(refusal(await setStatus(coordA, listingId, 'live')), 'ready forward to live again: gated').toEqual({
      status: 409,
      message: "cannot move to Live: missing or not approved: Seller's Disclosure (missing)",
    });
    expect((await events(coordA, listingId))?.map((e) => [e.from_value, e.to_value]), 'one event per change made').toEqual([
      ['closed', 'live'],
      ['live', 'ready'],
    ]);
  });

  it('no API caller writes status directly, a super admin included (the gate and the event are in the function)', async () => {
    const listingId = await listingOfAgentA('ready');
    await requireForLive(listingId);
    const direct = await admin.client.from('listings').update({ status: 'live' }).eq('id', listingId);
    expect(refusal(direct), 'a super admin’s PATCH of status is 403').toEqual({ status: 403, message: 'status changes only through set_listing_status() or override_listing_status()' });
    expect(await statusOf(listingId), 'the listing stays ready').toBe('ready');
  });
});

describe('status as data', () => {
  it('a requirement names a stage of listing_statuses: ready (a status, not a stage) and an unknown key are refused', async () => {
    const template = await admin.client.from('checklist_templates').insert({ name: 'Stage check (never matches)', conditions: { states: ['ZZ'] } }).select('id').single();
    expect(template.error, 'the super admin creates a template').toBeNull();
    const templateId = template.data!.id as string;
    try {
      const item = (requiredFor: string) =>
        admin.client.from('checklist_template_items').insert({ template_id: templateId, position: 0, kind: 'document', document_type: 'photos', required_for: requiredFor });
      expect(refusal(await item('ready')), 'ready is a status but not a stage: 400 naming the stages from the table').toEqual({
        status: 400,
        message: 'required_for must be live, under_contract or closed',
      });
      expect(refusal(await item('sold')), 'a key that is no status at all: the same 400').toEqual({ status: 400, message: 'required_for must be live, under_contract or closed' });
      expect((await item('closed')).error, 'a stage is accepted').toBeNull();
      const saved = await admin.client.rpc('save_checklist_template', {
        template: { name: 'Stage check by save', conditions: { states: ['ZZ'] } },
        items: [{ kind: 'document', document_type: 'photos', required_for: 'ready' }],
      });
      expect(refusal(saved), "save_checklist_template's message lists the stages from the table").toEqual({
        status: 400,
        message: 'item 1: required_for must be live, under_contract or closed',
      });
    } finally {
      await withDb((db) => db.query('delete from public.checklist_templates where id = $1', [templateId]));
    }
  });

  it('listing_stats answers one row per status in order; a new status row shows up with n = 0 without a function rewrite', async () => {
    await listingOfAgentA('ready');
    const rows = (await coordA.client.rpc('listing_stats')).data as { status: string; n: number }[];
    expect(rows.map((r) => r.status), 'one row per status, in position order').toEqual(['incomplete', 'ready', 'live', 'under_contract', 'closed']);
    // In a transaction that is rolled back, so no other test ever sees the status.
    const withNew = await withDb(async (db) => {
      await db.query('begin');
      try {
        await db.query("insert into public.listing_statuses (key, label, position, is_stage) values ('withdrawn', 'Withdrawn', 60, false)");
        await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: coordA.authId, role: 'authenticated' })]);
        await db.query('set local role authenticated');
        const counted = (await db.query<{ status: string; n: number }>('select status, n from public.listing_stats()')).rows;
        const refused = await db.query("select public.set_listing_status((select id from public.listings where agent_id = $1 limit 1), 'sold')", [agentA.id]).then(
          () => null,
          (error: Error) => error.message,
        );
        return { counted, refused };
      } finally {
        await db.query('rollback');
      }
    });
    expect(withNew.counted.at(-1), 'the new status is the last row, counted zero').toEqual({ status: 'withdrawn', n: 0 });
    expect(withNew.counted.slice(0, -1).map((r) => r.status), 'the others as before').toEqual(['incomplete', 'ready', 'live', 'under_contract', 'closed']);
    expect(withNew.refused, 'the message lists the statuses from the table').toBe('status must be incomplete, ready, live, under_contract, closed or withdrawn');
  });
});
