/**
 * Who may record, amend, close and terminate a listing's contract, and mark
 * its deadlines done or add their own, checked through the HTTP stack
 * (supabase-js → gateway → PostgREST) with real sign-ins: the listing's agent,
 * its coordinator acting as tc, another team's agent and coordinator (who see
 * nothing), a super admin and anon. What the database derives (the copies of
 * the listing's people, created_by, done_by, computed dates, custom keys)
 * cannot be sent by a client.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { anonActor, createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

let agentA: Actor, coordA: Actor, agentB: Actor, coordB: Actor, admin: Actor;

beforeAll(async () => {
  coordA = await createActor('ContractCoordA', 'tc');
  coordB = await createActor('ContractCoordB', 'tc');
  agentA = await createActor('ContractAgentA', 'agent', { assignedTcId: coordA.id });
  agentB = await createActor('ContractAgentB', 'agent', { assignedTcId: coordB.id });
  admin = await createActor('ContractAdmin', 'super_admin');
});

let n = 0;
/** A live listing of agent A coordinated by coordinator A. */
const listingOfAgentA = () =>
  withDb((db) => insertRow(db, 'listings', { address: `${++n} Contract Row, Austin TX`, agent_id: agentA.id, tc_id: coordA.id, status: 'live' }));

const trec = (listingId: string, extra: Record<string, unknown> = {}) => ({
  listing_id: listingId,
  form: 'trec-20-18',
  effective_date: '2026-07-01',
  option_days: 7,
  closing_date: '2026-08-14',
  sales_price: 450000,
  ...extra,
});

async function record(actor: Actor, row: Record<string, unknown>) {
  return actor.client.from('contracts').insert(row).select().single();
}

async function contractOfAgentA(): Promise<{ listingId: string; contractId: string }> {
  const listingId = await listingOfAgentA();
  const created = await record(agentA, trec(listingId));
  expect(created.error, "the listing's agent records a contract").toBeNull();
  return { listingId, contractId: created.data!.id };
}

async function deadlineOf(contractId: string, key: string, actor = agentA) {
  const { data } = await actor.client.from('contract_deadlines').select('*').eq('contract_id', contractId).eq('key', key).single();
  return data!;
}

describe('recording a contract', () => {
  it("the listing's agent, its coordinator and a super admin record one; the copies and created_by are the database's", async () => {
    for (const actor of [agentA, coordA, admin]) {
      const listingId = await listingOfAgentA();
      const spoofed = { listing_agent_id: agentB.id, listing_tc_id: coordB.id, created_by: agentB.id, closed_at: '2026-01-01T00:00:00Z' };
      const created = await record(actor, trec(listingId, spoofed));
      expect(created.status, `${actor.key} records a contract`).toBe(201);
      expect(
        { agent: created.data!.listing_agent_id, tc: created.data!.listing_tc_id, by: created.data!.created_by, closed: created.data!.closed_at },
        'spoofed copies, author and closed_at are replaced',
      ).toEqual({ agent: agentA.id, tc: coordA.id, by: actor.id, closed: null });
      expect(created.data!.time_zone, "the form's time zone by default").toBe('America/Chicago');
    }
  });

  it('another team, anon, or a contract that starts closed are refused with a message', async () => {
    const listingId = await listingOfAgentA();
    for (const actor of [agentB, coordB]) {
      const refused = await record(actor, trec(listingId));
      expect({ status: refused.status, message: refused.error?.message }, `${actor.key} is refused`).toEqual({
        status: 403,
        message: "only the listing's agent, its coordinator or a super admin can record a contract",
      });
    }
    expect((await record(anonActor(), trec(listingId))).status, 'anon is refused').toBe(401);
    const closed = await record(agentA, trec(listingId, { status: 'closed' }));
    expect({ status: closed.status, message: closed.error?.message }).toEqual({ status: 403, message: 'a contract is recorded active; close or terminate it afterwards' });
    const badZone = await record(agentA, trec(listingId, { time_zone: 'Texas' }));
    expect({ status: badZone.status, message: badZone.error?.message }).toEqual({
      status: 400,
      message: 'time_zone must be an IANA time zone such as America/Chicago, got "Texas"',
    });
    const badForm = await record(agentA, trec(listingId, { form: 'trec-99' }));
    expect({ status: badForm.status, message: badForm.error?.message }).toEqual({ status: 400, message: 'unknown contract form "trec-99"' });
  });

  it('a second active contract on the listing is a 409 with a clear message', async () => {
    const { listingId } = await contractOfAgentA();
    const second = await record(coordA, trec(listingId, { effective_date: '2026-07-10' }));
    expect({ status: second.status, message: second.error?.message }).toEqual({ status: 409, message: 'this listing already has an active contract' });
  });
});

describe('reading', () => {
  it("the listing's people read the contract and its deadlines; another team and anon see nothing", async () => {
    const { contractId } = await contractOfAgentA();
    for (const [actor, expected] of [[agentA, 1], [coordA, 1], [admin, 1], [agentB, 0], [coordB, 0], [anonActor(), 0]] as const) {
      const contracts = await actor.client.from('contracts').select('id').eq('id', contractId);
      const deadlines = await actor.client.from('contract_deadlines').select('id').eq('contract_id', contractId);
      expect(contracts.data?.length ?? 0, `${actor.key} reads the contract: ${expected}`).toBe(expected);
      expect((deadlines.data?.length ?? 0) > 0 ? 1 : 0, `${actor.key} reads its deadlines: ${expected}`).toBe(expected);
    }
  });
});

describe('amending', () => {
  it("the agent and the coordinator amend; another team's update touches nothing; status is not theirs to write", async () => {
    const { contractId } = await contractOfAgentA();
    for (const actor of [agentB, coordB]) {
      const touched = await actor.client.from('contracts').update({ option_days: 3 }).eq('id', contractId).select('id');
      expect(touched.data, `${actor.key} changes nothing`).toEqual([]);
    }
    const amended = await agentA.client.from('contracts').update({ option_days: 10 }).eq('id', contractId).select('option_days').single();
    expect(amended.data, 'the agent amends the facts').toEqual({ option_days: 10 });
    const byCoord = await coordA.client.from('contracts').update({ buyer_names: 'Jordan & Casey Lee' }).eq('id', contractId).select('buyer_names').single();
    expect(byCoord.data, 'so does the coordinator').toEqual({ buyer_names: 'Jordan & Casey Lee' });
    const status = await coordA.client.from('contracts').update({ status: 'closed' }).eq('id', contractId);
    expect({ status: status.status, message: status.error?.message }, 'status only through the functions').toEqual({
      status: 403,
      message: "a contract's status changes only through close_contract() or terminate_contract()",
    });
    const moved = await admin.client.from('contracts').update({ listing_id: await listingOfAgentA() }).eq('id', contractId);
    expect({ status: moved.status, message: moved.error?.message }, 'a contract stays on its listing').toEqual({
      status: 403,
      message: 'listing_id is fixed when the row is created',
    });
  });
});

describe('closing and terminating', () => {
  it("only the listing's coordinator or a super admin closes; the agent gets 403, another team 404, a closed contract 409", async () => {
    const { contractId } = await contractOfAgentA();
    const byAgent = await agentA.client.rpc('close_contract', { contract_id: contractId });
    expect({ status: byAgent.status, message: byAgent.error?.message }).toEqual({ status: 403, message: "only the listing's coordinator closes or terminates a contract" });
    const byOther = await coordB.client.rpc('close_contract', { contract_id: contractId });
    expect({ status: byOther.status, message: byOther.error?.message }).toEqual({ status: 404, message: 'contract not found' });
    const closed = await coordA.client.rpc('close_contract', { contract_id: contractId });
    expect(closed.error, 'the coordinator closes it').toBeNull();
    expect((closed.data as { status: string }).status).toBe('closed');
    const again = await admin.client.rpc('close_contract', { contract_id: contractId });
    expect({ status: again.status, message: again.error?.message }).toEqual({ status: 409, message: 'the contract is not active' });
    const amend = await agentA.client.from('contracts').update({ notes: 'late change' }).eq('id', contractId);
    expect({ status: amend.status, message: amend.error?.message }, 'a closed contract is not amended').toEqual({ status: 409, message: 'the contract is not active' });
    const anon = await anonActor().client.rpc('close_contract', { contract_id: contractId });
    expect(anon.status, 'anon may not call it').toBe(401);
  });

  it('termination needs a reason; the coordinator and a super admin terminate, the agent cannot', async () => {
    for (const actor of [coordA, admin]) {
      const { contractId } = await contractOfAgentA();
      const byAgent = await agentA.client.rpc('terminate_contract', { contract_id: contractId, reason: 'buyer walked' });
      expect(byAgent.status, 'the agent is refused').toBe(403);
      const noReason = await actor.client.rpc('terminate_contract', { contract_id: contractId, reason: '  ' });
      expect({ status: noReason.status, message: noReason.error?.message }).toEqual({ status: 400, message: 'a reason is required to terminate a contract' });
      const done = await actor.client.rpc('terminate_contract', { contract_id: contractId, reason: 'Financing denied' });
      expect(done.error, `${actor.key} terminates`).toBeNull();
      expect((done.data as { status: string; termination_reason: string }).termination_reason).toBe('Financing denied');
    }
  });

  it('only a super admin deletes a contract', async () => {
    const { contractId } = await contractOfAgentA();
    for (const actor of [agentA, coordA]) {
      const none = await actor.client.from('contracts').delete().eq('id', contractId).select('id');
      expect(none.data, `${actor.key} deletes nothing`).toEqual([]);
    }
    const gone = await admin.client.from('contracts').delete().eq('id', contractId).select('id');
    expect(gone.data, 'the super admin deletes it').toEqual([{ id: contractId }]);
  });
});

describe('deadlines', () => {
  it('the people on the listing mark done and waive; who and when are derived; computed dates are not theirs', async () => {
    const { contractId } = await contractOfAgentA();
    const earnest = await deadlineOf(contractId, 'earnest_money');
    const done = await agentA.client
      .from('contract_deadlines')
      .update({ status: 'done', done_by: coordB.id, done_at: '2020-01-01T00:00:00Z', listing_agent_id: agentB.id })
      .eq('id', earnest.id)
      .select('status, done_by, done_at, listing_agent_id')
      .single();
    expect(done.error).toBeNull();
    expect({ ...done.data, done_at: undefined }, 'done_by is the caller, the copies the listing').toEqual({ status: 'done', done_by: agentA.id, done_at: undefined, listing_agent_id: agentA.id });
    expect(Date.now() - new Date(done.data!.done_at).getTime(), 'done_at is now').toBeLessThan(60_000);
    const waived = await coordA.client.from('contract_deadlines').update({ status: 'waived' }).eq('contract_id', contractId).eq('key', 'option_fee').select('waived_by').single();
    expect(waived.data, 'the coordinator waives').toEqual({ waived_by: coordA.id });
    for (const actor of [agentB, coordB]) {
      const none = await actor.client.from('contract_deadlines').update({ status: 'done' }).eq('contract_id', contractId).select('id');
      expect(none.data, `${actor.key} marks nothing`).toEqual([]);
    }
    const computed = await agentA.client.from('contract_deadlines').update({ computed_due_at: '2030-01-01T00:00:00Z' }).eq('id', earnest.id);
    expect({ status: computed.status, message: computed.error?.message }).toEqual({
      status: 403,
      message: 'computed_due_at and rule are set by the database; change the date through due_at_override',
    });
    const renamed = await agentA.client.from('contract_deadlines').update({ label: 'Money' }).eq('id', earnest.id);
    expect(renamed.status, 'key dates keep their label').toBe(403);
    const deleted = await agentA.client.from('contract_deadlines').delete().eq('id', earnest.id);
    expect({ status: deleted.status, message: deleted.error?.message }).toEqual({ status: 403, message: 'only custom deadlines can be deleted; waive a key date instead' });
  });

  it('custom deadlines: added by the people on the listing with a date, keyed by the database; another team cannot add', async () => {
    const { contractId } = await contractOfAgentA();
    const added = await coordA.client
      .from('contract_deadlines')
      .insert({ contract_id: contractId, label: 'HOA documents', due_at_override: '2026-07-20T22:00:00Z', key: 'earnest_money', computed_due_at: '2026-01-01T00:00:00Z', listing_tc_id: coordB.id })
      .select('key, is_custom, computed_due_at, due_at, listing_tc_id')
      .single();
    expect(added.error).toBeNull();
    expect(added.data, 'key, custom flag, computed date and copies come from the database').toEqual({
      key: 'custom_1',
      is_custom: true,
      computed_due_at: null,
      due_at: '2026-07-20T22:00:00+00:00',
      listing_tc_id: coordA.id,
    });
    const second = await agentA.client.from('contract_deadlines').insert({ contract_id: contractId, label: 'Walk-through', due_at_override: '2026-08-13T15:00:00Z' }).select('key').single();
    expect(second.data, 'the next custom key').toEqual({ key: 'custom_2' });
    const noDate = await agentA.client.from('contract_deadlines').insert({ contract_id: contractId, label: 'Someday' });
    expect({ status: noDate.status, message: noDate.error?.message }).toEqual({ status: 400, message: 'a custom deadline needs a date (due_at_override)' });
    const foreign = await coordB.client.from('contract_deadlines').insert({ contract_id: contractId, label: 'Mine', due_at_override: '2026-07-20T22:00:00Z' });
    expect({ status: foreign.status, message: foreign.error?.message }).toEqual({ status: 404, message: 'contract not found' });
    const renamed = await agentA.client.from('contract_deadlines').update({ label: 'HOA resale certificate' }).eq('contract_id', contractId).eq('key', 'custom_1').select('label').single();
    expect(renamed.data, 'custom deadlines are renamed').toEqual({ label: 'HOA resale certificate' });
    const removed = await agentA.client.from('contract_deadlines').delete().eq('contract_id', contractId).eq('key', 'custom_2').select('key');
    expect(removed.data, 'and deleted').toEqual([{ key: 'custom_2' }]);
  });

  it('nothing changes once the contract is closed: 409', async () => {
    const { contractId } = await contractOfAgentA();
    const earnest = await deadlineOf(contractId, 'earnest_money');
    expect((await coordA.client.rpc('close_contract', { contract_id: contractId })).error).toBeNull();
    const late = await agentA.client.from('contract_deadlines').update({ status: 'done' }).eq('id', earnest.id);
    expect({ status: late.status, message: late.error?.message }).toEqual({ status: 409, message: 'the contract is not active; its deadlines no longer change' });
    const added = await coordA.client.from('contract_deadlines').insert({ contract_id: contractId, label: 'After', due_at_override: '2026-09-01T00:00:00Z' });
    expect(added.status, 'nor are deadlines added').toBe(409);
    const recompute = await coordA.client.rpc('recompute_contract_deadline', { deadline_id: earnest.id });
    expect(recompute.status, 'nor recomputed').toBe(409);
  });
});

describe('forms and rules are data written only by migrations', () => {
  it('every signed-in user reads them; nobody writes them through the API, a super admin neither; anon sees nothing', async () => {
    for (const actor of [agentA, coordB, admin]) {
      const forms = await actor.client.from('contract_forms').select('key, start_fact').order('key');
      expect(forms.data, `${actor.key} reads the forms`).toEqual([
        { key: 'car-rpa', start_fact: 'acceptance_date' },
        { key: 'generic', start_fact: 'acceptance_date' },
        { key: 'trec-20-18', start_fact: 'effective_date' },
      ]);
      const rules = await actor.client.from('deadline_rules').select('key').eq('form', 'car-rpa');
      expect(rules.data?.length, `${actor.key} reads the rules`).toBe(7);
      const added = await actor.client.from('deadline_rules').insert({ form: 'car-rpa', key: 'forged', label: 'Forged', position: 99, anchor: 'acceptance_date' });
      expect(added.status, `${actor.key} adds no rule`).toBe(403);
      const changed = await actor.client.from('deadline_rules').update({ offset_days: 1 }).eq('form', 'car-rpa').eq('key', 'deposit');
      expect(changed.status, `${actor.key} changes no rule`).toBe(403);
      const removed = await actor.client.from('contract_forms').delete().eq('key', 'generic');
      expect(removed.status, `${actor.key} deletes no form`).toBe(403);
    }
    const anon = await anonActor().client.from('contract_forms').select('key');
    expect(anon.data ?? [], 'anon reads no form').toEqual([]);
  });
});
