/**
 * What the database does around a contract, seen through the API by real
 * sign-ins: the listing's status follows the contract (recorded:
 * under_contract, terminated: live, closed: closed) and every status count
 * knows closed; an amendment recomputes the key dates but keeps dates changed
 * by hand until they are recomputed; key dates the facts no longer give go;
 * the activity log records the transaction; the copies follow the listing to
 * another team; changes reach the other people on the listing live.
 */
import crypto from 'node:crypto';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { subscribed, waitFor } from '../support/realtime.ts';
import { createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

let agentA: Actor, coordA: Actor, agentB: Actor, coordB: Actor, admin: Actor;
const channels: RealtimeChannel[] = [];

beforeAll(async () => {
  coordA = await createActor('LifeCoordA', 'tc');
  coordB = await createActor('LifeCoordB', 'tc');
  agentA = await createActor('LifeAgentA', 'agent', { assignedTcId: coordA.id });
  agentB = await createActor('LifeAgentB', 'agent', { assignedTcId: coordB.id });
  admin = await createActor('LifeAdmin', 'super_admin');
});

afterAll(async () => {
  for (const channel of channels) await channel.unsubscribe();
});

let n = 0;
const listingOfAgentA = () =>
  withDb((db) => insertRow(db, 'listings', { address: `${++n} Lifecycle Ln, Austin TX`, agent_id: agentA.id, tc_id: coordA.id, status: 'live' }));

const listingStatus = async (id: string) => (await agentA.client.from('listings').select('status').eq('id', id).single()).data!.status as string;

async function record(listingId: string, extra: Record<string, unknown> = {}) {
  const created = await agentA.client
    .from('contracts')
    .insert({ listing_id: listingId, form: 'trec-20-18', effective_date: '2026-07-01', option_days: 7, ...extra })
    .select('id')
    .single();
  expect(created.error, 'the agent records a contract').toBeNull();
  return created.data!.id as string;
}

type Row = { key: string; computed_due_at: string | null; due_at_override: string | null; due_at: string; status: string };
async function deadlines(contractId: string): Promise<Record<string, Row>> {
  const { data } = await coordA.client.from('contract_deadlines').select('key, computed_due_at, due_at_override, due_at, status').eq('contract_id', contractId);
  return Object.fromEntries((data as Row[]).map((d) => [d.key, d]));
}

const instant = (iso: string | null) => (iso === null ? null : new Date(iso).toISOString());

describe("the listing's status follows its contract", () => {
  it('recorded: under_contract; terminated: live; another recorded and closed: closed, counted as closed', async () => {
    const listingId = await listingOfAgentA();
    const first = await record(listingId);
    expect(await listingStatus(listingId), 'recording sets under_contract, though agents never set status').toBe('under_contract');
    expect((await coordA.client.rpc('terminate_contract', { contract_id: first, reason: 'Inspection issues' })).error).toBeNull();
    expect(await listingStatus(listingId), 'termination returns it to live').toBe('live');
    const second = await record(listingId, { effective_date: '2026-08-01' });
    expect(await listingStatus(listingId), 'a new contract: under contract again').toBe('under_contract');
    // listing_stats() answers one (status, n) row per status (issue 52).
    const counts = async (actor: Actor, agentId?: string | null) => {
      const rows = (await actor.client.rpc('listing_stats', agentId ? { agent_id: agentId } : {})).data as { status: string; n: number }[];
      return { order: rows.map((row) => row.status), n: Object.fromEntries(rows.map((row) => [row.status, row.n])) };
    };
    const before = (await counts(agentA, agentA.id)).n;
    expect((await coordA.client.rpc('close_contract', { contract_id: second })).error).toBeNull();
    expect(await listingStatus(listingId), 'closing the contract closes the listing').toBe('closed');
    const after = await counts(agentA, agentA.id);
    expect(after.order, 'closed is a row after the others, in the order of listing_statuses').toEqual(['incomplete', 'ready', 'live', 'under_contract', 'closed']);
    expect({ closed: after.n.closed - before.closed, under: after.n.under_contract - before.under_contract }).toEqual({ closed: 1, under: -1 });
    const mine = (await counts(coordA)).n;
    expect(mine.closed, "the coordinator's own counts include it").toBeGreaterThanOrEqual(1);
    const admins = (await admin.client.rpc('admin_stats')).data as Array<Record<string, number>>;
    expect(admins[0].closed_listings, 'admin_stats() counts closed listings').toBeGreaterThanOrEqual(1);
    const page = await coordA.client.rpc('coordinated_listings', { status: 'closed' });
    expect((page.data as Array<{ id: string }>).map((l) => l.id), 'the coordinator filters by closed').toContain(listingId);
  });

  it('set_listing_status knows closed, which only closing the contract sets (issue 52), and names it among the statuses', async () => {
    const listingId = await listingOfAgentA();
    const set = await coordA.client.rpc('set_listing_status', { listing_id: listingId, new_status: 'closed' });
    expect({ status: set.status, message: set.error?.message }, 'a coordinator does not close a listing by hand: the contract closes it (409)').toEqual({
      status: 409,
      message: 'a listing closes when its contract closes: close the contract on the Contract tab',
    });
    const bad = await coordA.client.rpc('set_listing_status', { listing_id: listingId, new_status: 'sold' });
    expect({ status: bad.status, message: bad.error?.message }).toEqual({ status: 400, message: 'status must be incomplete, ready, live, under_contract or closed' });
  });
});

describe('amendments', () => {
  it('recompute key dates, keep hand-changed ones until recomputed, and drop those the facts no longer give', async () => {
    const contractId = await record(await listingOfAgentA(), { survey_days: 10 });
    const start = await deadlines(contractId);
    expect(Object.keys(start).sort()).toEqual(['earnest_money', 'option_fee', 'option_period_end', 'survey', 'title_commitment']);
    const override = '2026-07-09T22:00:00.000Z';
    await agentA.client.from('contract_deadlines').update({ due_at_override: override }).eq('contract_id', contractId).eq('key', 'option_period_end');
    await agentA.client.from('contract_deadlines').update({ status: 'done' }).eq('contract_id', contractId).eq('key', 'survey');
    const amended = await coordA.client.from('contracts').update({ option_days: 10, title_commitment_days: 25, survey_days: null }).eq('id', contractId);
    expect(amended.error, 'the coordinator amends').toBeNull();
    const after = await deadlines(contractId);
    expect(instant(after.option_period_end.computed_due_at), 'the computed date follows the new facts (Sat 2026-07-11 5:00 PM CDT)').toBe('2026-07-11T22:00:00.000Z');
    expect(instant(after.option_period_end.due_at), 'the hand-changed date stays').toBe(override);
    expect(instant(after.title_commitment.due_at), 'E + 25 = Sun 2026-07-26 11:59 PM CDT').toBe('2026-07-27T04:59:00.000Z');
    expect(after.survey?.status, 'a key date already done stays though the facts no longer give it').toBe('done');
    await coordA.client.from('contracts').update({ option_days: null }).eq('id', contractId);
    expect((await deadlines(contractId)).option_period_end, 'an open key date the facts no longer give goes').toBeUndefined();
    await coordA.client.from('contracts').update({ option_days: 10 }).eq('id', contractId);
    const back = await deadlines(contractId);
    await agentA.client.from('contract_deadlines').update({ due_at_override: override }).eq('contract_id', contractId).eq('key', 'option_period_end');
    const recomputed = await agentA.client.rpc('recompute_contract_deadline', { deadline_id: (await idOf(contractId, 'option_period_end')) });
    expect(recomputed.error).toBeNull();
    expect(instant((recomputed.data as Row).due_at), 'recompute returns the hand-changed date to the computed one').toBe(instant(back.option_period_end.computed_due_at));
    const foreign = await coordB.client.rpc('recompute_contract_deadline', { deadline_id: await idOf(contractId, 'option_period_end') });
    expect({ status: foreign.status, message: foreign.error?.message }).toEqual({ status: 404, message: 'deadline not found' });
  });
});

async function idOf(contractId: string, key: string): Promise<string> {
  return (await coordA.client.from('contract_deadlines').select('id').eq('contract_id', contractId).eq('key', key).single()).data!.id;
}

describe('activity log', () => {
  it('records contract created, amended, terminated, closed and deadline done and waived', async () => {
    const listingId = await listingOfAgentA();
    const first = await record(listingId);
    await agentA.client.from('contracts').update({ sales_price: 455000 }).eq('id', first);
    await agentA.client.from('contract_deadlines').update({ status: 'done' }).eq('contract_id', first).eq('key', 'earnest_money');
    await coordA.client.from('contract_deadlines').update({ status: 'waived' }).eq('contract_id', first).eq('key', 'option_fee');
    await coordA.client.rpc('terminate_contract', { contract_id: first, reason: 'Appraisal low' });
    const second = await record(listingId, { effective_date: '2026-09-01' });
    await coordA.client.rpc('close_contract', { contract_id: second });
    const { data } = await coordA.client.from('activity_log').select('action, user_id, metadata').eq('listing_id', listingId).order('created_at');
    const entries = (data as Array<{ action: string; user_id: string; metadata: Record<string, unknown> }>).filter((e) => /^(contract|deadline)_/.test(e.action));
    expect(entries.map((e) => [e.action, e.user_id]), 'one entry per event, by who did it').toEqual([
      ['contract_created', agentA.id],
      ['contract_amended', agentA.id],
      ['deadline_done', agentA.id],
      ['deadline_waived', coordA.id],
      ['contract_terminated', coordA.id],
      ['contract_created', agentA.id],
      ['contract_closed', coordA.id],
    ]);
    expect(entries[1].metadata.changed, 'the amendment names what changed').toEqual(['sales_price']);
    expect(entries[4].metadata.reason).toBe('Appraisal low');
  });
});

describe('copies and live updates', () => {
  it("follow the listing to another team: the old team no longer reads the contract or its deadlines", async () => {
    const listingId = await listingOfAgentA();
    const contractId = await record(listingId);
    const moved = await admin.client.from('listings').update({ agent_id: agentB.id, tc_id: coordB.id }).eq('id', listingId);
    expect(moved.error).toBeNull();
    for (const [actor, expected] of [[agentA, 0], [coordA, 0], [agentB, 1], [coordB, 1]] as const) {
      const c = await actor.client.from('contracts').select('id').eq('id', contractId);
      const d = await actor.client.from('contract_deadlines').select('listing_agent_id').eq('contract_id', contractId);
      expect([c.data!.length, Math.min(d.data!.length, 1)], `${actor.key} reads the contract and deadlines`).toEqual([expected, expected]);
    }
  });

  it('a deadline marked done by the agent reaches the coordinator live, and nothing reaches another team', async () => {
    const contractId = await record(await listingOfAgentA());
    const got: Record<string, string[]> = { coordA: [], coordB: [] };
    for (const [name, actor] of [['coordA', coordA], ['coordB', coordB]] as const) {
      const channel = actor.client
        .channel(`deadlines-${crypto.randomUUID()}`)
        .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'contract_deadlines' }, (p) => {
          const row = p.new as { contract_id: string; key: string; status: string };
          if (row.contract_id === contractId) got[name].push(`${row.key}:${row.status}`);
        });
      await subscribed(channel);
      channels.push(channel);
    }
    await agentA.client.from('contract_deadlines').update({ status: 'done' }).eq('contract_id', contractId).eq('key', 'earnest_money');
    await waitFor(() => got.coordA.includes('earnest_money:done'), 'the coordinator to receive the change');
    expect(got.coordB, 'another team receives nothing').toEqual([]);
  });
});
