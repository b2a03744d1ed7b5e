/**
 * Checklist templates through the HTTP stack (supabase-js → gateway →
 * PostgREST) with real sign-ins: who reads and writes templates (a
 * coordinator their own and the global ones, a super admin all, agents and
 * other teams nothing), and what the database does with them: every
 * matching template's items are added once when a listing is created or
 * changes, re-application never duplicates, untouched tasks of a template
 * that no longer matches go while worked-on ones and required documents stay
 * (the documents marked unmatched), a removed task stays removed until
 * applied by hand, and due dates follow their anchors when the
 * contract is amended. Templates here match only Wyoming (WY) listings, which
 * no other test file creates.
 */
import crypto from 'node:crypto';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { subscribed, waitFor } from '../support/realtime.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';

let admin: Actor, coordA: Actor, agentA: Actor, coordB: Actor, agentB: Actor;
const made: string[] = [];
const channels: RealtimeChannel[] = [];
let resale: string, contractTemplate: string, pre1978: string;

interface Item {
  id: string;
  title: string;
  kind: string;
  assignee: string | null;
  task_id: string | null;
  due_date: string | null;
  status: string;
  template_id: string | null;
  applied_by_hand: boolean;
  unmatched_at: string | null;
}

async function template(actor: Actor, name: string, conditions: object, items: object[]): Promise<string> {
  const created = await actor.client.from('checklist_templates').insert({ name, conditions }).select('id').single();
  expect(created.error, `${actor.key} creates the template "${name}"`).toBeNull();
  made.push(created.data!.id);
  const added = await actor.client.from('checklist_template_items').insert(items.map((i) => ({ template_id: created.data!.id, ...i })));
  expect(added.error, `${actor.key} adds the items of "${name}"`).toBeNull();
  return created.data!.id as string;
}

let n = 0;
async function newListing(agent: Actor, attributes: Record<string, unknown>): Promise<string> {
  const created = await agent.client
    .from('listings')
    .insert({ address: `${++n} Compliance Trail, Cheyenne WY`, agent_id: agent.id, ...attributes })
    .select('id')
    .single();
  expect(created.error, `${agent.key} creates a listing through the API`).toBeNull();
  return created.data!.id as string;
}

async function checklist(listingId: string, actor: Actor = coordA): Promise<Item[]> {
  const { data, error } = await actor.client.from('listing_checklist_items').select('*').eq('listing_id', listingId).order('title');
  expect(error, `${actor.key} reads the checklist`).toBeNull();
  return data as Item[];
}

const titles = (items: Item[]) => items.map((i) => i.title).sort();

async function tasksTitled(listingId: string, title: string): Promise<Array<{ id: string; due_date: string | null }>> {
  const { data } = await agentA.client.from('tasks').select('id, due_date').eq('listing_id', listingId).eq('title', title);
  return data ?? [];
}

beforeAll(async () => {
  admin = await createActor('TplAdmin', 'super_admin');
  coordA = await createActor('TplCoordA', 'tc');
  coordB = await createActor('TplCoordB', 'tc');
  agentA = await createActor('TplAgentA', 'agent', { assignedTcId: coordA.id });
  agentB = await createActor('TplAgentB', 'agent', { assignedTcId: coordB.id });
  resale = await template(admin, 'WY resale — listing side', { side: 'listing', states: ['WY'] }, [
    { position: 1, kind: 'document', document_type: 'listing_agreement', required_for: 'live' },
    { position: 2, kind: 'task', title: 'Upload seller photos', assignee: 'agent', priority: 'high', anchor: 'listing_created', offset_days: 3 },
    { position: 3, kind: 'task', title: 'Confirm showing instructions', assignee: 'agent', anchor: 'listing_created', offset_days: 5 },
  ]);
  contractTemplate = await template(admin, 'WY contract', { states: ['WY'], financing_types: ['conventional', 'cash'] }, [
    { position: 1, kind: 'task', title: 'Earnest money receipt', assignee: 'agent', anchor: 'deadline:earnest_money', offset_days: 1 },
    { position: 2, kind: 'task', title: 'Closing disclosure', assignee: 'coordinator', anchor: 'closing_date', offset_days: -3, offset_unit: 'business' },
    { position: 3, kind: 'document', document_type: 'settlement_statement', required_for: 'closed' },
  ]);
  pre1978 = await template(coordA, 'WY built before 1978 (Team A)', { states: ['WY'], built_before_1978: true }, [
    { position: 1, kind: 'document', document_type: 'lead_paint_disclosure', required_for: 'live' },
    { position: 2, kind: 'task', title: 'Order lead inspection', assignee: 'coordinator', anchor: 'listing_created' },
  ]);
});

afterAll(async () => {
  for (const channel of channels) await channel.unsubscribe();
  await withDb((db) => db.query('delete from public.checklist_templates where id = any($1::uuid[])', [made]));
});

describe('automatic application', () => {
  it("a new listing gets every matching template's items once, and re-application adds nothing", async () => {
    const listingId = await newListing(agentA, { state: 'WY', property_type: 'single_family', year_built: 1950 });
    const items = await checklist(listingId);
    expect(titles(items), 'the global resale template and the coordinator\'s own pre-1978 template apply').toEqual(
      ['Confirm showing instructions', 'Lead-Based Paint Disclosure', 'Listing Agreement', 'Order lead inspection', 'Upload seller photos'],
    );
    const photos = items.find((i) => i.title === 'Upload seller photos')!;
    const [task] = await tasksTitled(listingId, 'Upload seller photos');
    expect(photos.task_id, "an agent item is a requirement task in the agent's Requirements tab").toBe(task.id);
    expect(task.due_date, 'due 3 days after the listing was created').toBe(photos.due_date);
    expect(items.find((i) => i.title === 'Order lead inspection')!.task_id, 'a coordinator to-do has no task').toBeNull();
    expect((await checklist(listingId, agentA)).length, "the listing's agent reads its checklist").toBe(5);

    expect((await agentA.client.from('listings').update({ has_hoa: true, property_type: 'condo' }).eq('id', listingId)).error).toBeNull();
    expect((await coordA.client.rpc('set_listing_status', { listing_id: listingId, new_status: 'ready' })).error, 'ready is not gated').toBeNull();
    expect((await coordA.client.from('listings').update({ year_built: 1951 }).eq('id', listingId)).error, 'the coordinator edits attributes').toBeNull();
    expect((await checklist(listingId)).length, 'three re-applications add nothing').toBe(5);
    expect(await tasksTitled(listingId, 'Upload seller photos'), 'and create no second task').toHaveLength(1);

    const otherTeam = await newListing(agentB, { state: 'WY', year_built: 1950 });
    expect(titles(await checklist(otherTeam, coordB)), "another team's listing gets the global template, not coordinator A's own").toEqual(
      ['Confirm showing instructions', 'Listing Agreement', 'Upload seller photos'],
    );
    expect(await checklist(otherTeam, coordA), "coordinator A sees nothing of another team's checklist").toEqual([]);
    const noAttributes = await newListing(agentA, {});
    expect(await checklist(noAttributes), 'a listing without attributes matches no template with conditions on them').toEqual([]);
  });

  it('untouched tasks of a template that no longer matches go; worked-on ones and required documents stay', async () => {
    const listingId = await newListing(agentA, { state: 'WY', year_built: 1950 });
    const before = await checklist(listingId);
    const photos = before.find((i) => i.title === 'Upload seller photos')!;
    const showing = before.find((i) => i.title === 'Confirm showing instructions')!;
    const responded = await agentA.client.rpc('respond_to_task', { task_id: photos.task_id, response: 'Uploaded 24 photos.', mark_completed: false });
    expect(responded.error, 'the agent answers one task').toBeNull();
    const todo = before.find((i) => i.title === 'Order lead inspection')!;
    expect((await coordA.client.from('listing_checklist_items').update({ status: 'done' }).eq('id', todo.id)).error, 'the coordinator marks her to-do done').toBeNull();
    const refused = await coordA.client.from('listing_checklist_items').update({ status: 'done' }).eq('id', showing.id);
    expect({ status: refused.status, message: refused.error?.message }, "an agent item follows its task").toEqual({
      status: 400,
      message: "only coordinator to-dos are marked done here; an agent's item follows its requirement task",
    });

    await coordA.client.from('listings').update({ year_built: 1990 }).eq('id', listingId);
    // Issue 51 item 4: a required document never leaves with an attribute change; it stays, marked.
    const built1990 = await checklist(listingId);
    expect(titles(built1990), 'built 1990: the untouched lead paint requirement stays, the done to-do stays').toEqual(
      ['Confirm showing instructions', 'Lead-Based Paint Disclosure', 'Listing Agreement', 'Order lead inspection', 'Upload seller photos'],
    );
    expect(built1990.filter((i) => i.unmatched_at !== null).map((i) => i.title), 'the lead paint requirement is marked as no longer matching').toEqual([
      'Lead-Based Paint Disclosure',
    ]);
    await agentA.client.from('listings').update({ state: 'MT' }).eq('id', listingId);
    expect(titles(await checklist(listingId)), 'moved out of WY: the worked-on items and the required documents stay').toEqual([
      'Lead-Based Paint Disclosure',
      'Listing Agreement',
      'Order lead inspection',
      'Upload seller photos',
    ]);
    expect(await tasksTitled(listingId, 'Confirm showing instructions'), "the untouched item's task is deleted with it").toEqual([]);
    expect(await tasksTitled(listingId, 'Upload seller photos'), 'the answered task stays').toHaveLength(1);

    await agentA.client.from('listings').update({ state: 'WY' }).eq('id', listingId);
    expect(titles(await checklist(listingId)), 'back in WY: the resale items return, the kept ones once').toEqual(
      ['Confirm showing instructions', 'Lead-Based Paint Disclosure', 'Listing Agreement', 'Order lead inspection', 'Upload seller photos'],
    );
  });
});

describe('live', () => {
  it("applied items and a done to-do reach the listing's agent without reload; another team receives nothing", async () => {
    const listingId = await newListing(agentA, { state: 'WY' });
    const got: Record<string, string[]> = { agentA: [], coordB: [] };
    for (const [name, actor] of [['agentA', agentA], ['coordB', coordB]] as const) {
      const channel = actor.client
        .channel(`checklist-${crypto.randomUUID()}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'listing_checklist_items' }, (p) => {
          const row = p.new as { listing_id?: string; title?: string; status?: string };
          if (row.listing_id === listingId) got[name].push(`${p.eventType}:${row.title}:${row.status}`);
        });
      await subscribed(channel);
      channels.push(channel);
    }
    const added = await coordA.client.rpc('apply_checklist_template', { listing_id: listingId, template_id: pre1978 });
    expect(added.data, 'the coordinator applies her own template by hand').toBe(2);
    await waitFor(() => got.agentA.includes('INSERT:Order lead inspection:open'), 'the agent to receive the applied item');
    const todo = (await checklist(listingId)).find((i) => i.title === 'Order lead inspection')!;
    await coordA.client.from('listing_checklist_items').update({ status: 'done' }).eq('id', todo.id);
    await waitFor(() => got.agentA.includes('UPDATE:Order lead inspection:done'), 'the agent to see the to-do done');
    expect(got.coordB, 'another team receives nothing').toEqual([]);
  });
});

describe('by hand', () => {
  it('a removed item stays removed until its template is applied by hand; a non-matching template applied by hand stays', async () => {
    const listingId = await newListing(agentA, { state: 'WY', year_built: 1990 });
    // A task item: required documents are waived, not removed (issue 51 item 4, compliance-gate-hardening).
    const showing = (await checklist(listingId)).find((i) => i.title === 'Confirm showing instructions')!;
    const agentDelete = await agentA.client.from('listing_checklist_items').delete().eq('id', showing.id).select('id');
    expect(agentDelete.data, 'an agent removes nothing').toEqual([]);
    const removed = await coordA.client.from('listing_checklist_items').delete().eq('id', showing.id).select('id');
    expect(removed.data, 'the coordinator removes a single item').toHaveLength(1);
    await agentA.client.from('listings').update({ has_hoa: false }).eq('id', listingId);
    expect(titles(await checklist(listingId)), 'automatic application does not bring it back').not.toContain('Confirm showing instructions');

    const refusals = [
      [agentA, 403, "only the listing's coordinator applies checklist templates"],
      [coordB, 404, 'listing not found'],
    ] as const;
    for (const [actor, status, message] of refusals) {
      const res = await actor.client.rpc('apply_checklist_template', { listing_id: listingId, template_id: resale });
      expect({ status: res.status, message: res.error?.message }, `${actor.key} cannot apply templates here`).toEqual({ status, message });
    }
    const again = await coordA.client.rpc('apply_checklist_template', { listing_id: listingId, template_id: resale });
    expect(again.data, 'applying by hand brings the removed item back (1 added)').toBe(1);
    const byHand = await coordA.client.rpc('apply_checklist_template', { listing_id: listingId, template_id: contractTemplate });
    expect(byHand.data, 'the contract template applies by hand without a contract').toBe(3);
    expect((await coordA.client.rpc('apply_checklist_template', { listing_id: listingId, template_id: contractTemplate })).data, 'twice: nothing added').toBe(0);
    await agentA.client.from('listings').update({ has_hoa: true }).eq('id', listingId);
    const after = await checklist(listingId);
    expect(after.filter((i) => i.template_id === contractTemplate && i.applied_by_hand), 'items applied by hand stay though the template does not match').toHaveLength(3);
    const foreign = await coordB.client.rpc('apply_checklist_template', { listing_id: await newListing(agentB, {}), template_id: pre1978 });
    expect({ status: foreign.status, message: foreign.error?.message }, "coordinator A's own template is unknown to coordinator B").toEqual({
      status: 404,
      message: 'checklist template not found',
    });
  });
});

describe('deleting', () => {
  it('a listing with a checklist is deleted with it; a deleted template leaves applied items in place', async () => {
    const listingId = await newListing(agentA, { state: 'WY', year_built: 1950 });
    const item = (await checklist(listingId))[0];
    expect((await coordA.client.from('listing_checklist_items').delete().eq('id', item.id)).error, 'an item removed by hand first').toBeNull();
    const deleted = await agentA.client.from('listings').delete().eq('id', listingId).select('id');
    expect([deleted.error, deleted.data?.length], 'the agent deletes the listing with its checklist').toEqual([null, 1]);
    expect(await checklist(listingId), 'its items are gone').toEqual([]);

    const other = await newListing(agentA, { state: 'WY', year_built: 1950 });
    const scratch = await template(coordA, 'WY scratch', { states: ['WY'] }, [{ kind: 'task', title: 'Scratch to-do', assignee: 'coordinator' }]);
    // Issue 52: a new template reaches the listings it matches at once (before, only at their next change).
    expect(titles(await checklist(other)), 'the scratch template applies at once, without another edit of the listing').toContain('Scratch to-do');
    await agentA.client.from('listings').update({ has_hoa: true }).eq('id', other);
    expect(titles(await checklist(other)).filter((t) => t === 'Scratch to-do'), 'a change of the listing re-applies nothing twice').toEqual(['Scratch to-do']);
    expect((await coordA.client.from('checklist_templates').delete().eq('id', scratch).select('id')).data, 'the coordinator deletes her template').toHaveLength(1);
    const kept = (await checklist(other)).find((i) => i.title === 'Scratch to-do');
    expect(kept?.template_id, 'the applied to-do stays, without its template').toBeNull();
  });
});

describe('anchors', () => {
  const chicagoDay = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
  const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it('due dates follow the contract: recorded, then amended', async () => {
    // A buyer-side listing: the resale template (listing side) does not apply, so recording is not gated.
    const listingId = await newListing(agentA, { state: 'WY', side: 'buyer' });
    expect(await checklist(listingId), 'no contract yet: the financing condition does not match').toEqual([]);
    const recorded = await agentA.client
      .from('contracts')
      .insert({ listing_id: listingId, form: 'trec-20-18', effective_date: '2026-07-01', closing_date: '2026-08-14', financing_type: 'conventional' })
      .select('id')
      .single();
    expect(recorded.error, 'the agent records a conventional TREC contract').toBeNull();
    const contractId = recorded.data!.id as string;
    const earnestDay = async () =>
      chicagoDay((await agentA.client.from('contract_deadlines').select('due_at').eq('contract_id', contractId).eq('key', 'earnest_money').single()).data!.due_at);

    const first = await checklist(listingId);
    expect(titles(first), 'recording the contract applies the contract template').toEqual(['Closing disclosure', 'Earnest money receipt', 'Settlement Statement']);
    const firstEarnest = await earnestDay();
    expect(first.find((i) => i.title === 'Earnest money receipt')!.due_date, 'one day after the earnest money deadline').toBe(plusDays(firstEarnest, 1));
    expect(first.find((i) => i.title === 'Closing disclosure')!.due_date, '3 business days before closing (Fri Aug 14 → Tue Aug 11)').toBe('2026-08-11');

    const amended = await coordA.client.from('contracts').update({ effective_date: '2026-07-08', closing_date: '2026-08-21' }).eq('id', contractId);
    expect(amended.error, 'the coordinator amends the dates').toBeNull();
    const after = await checklist(listingId);
    const movedEarnest = await earnestDay();
    expect(movedEarnest, 'the amendment moved the earnest money deadline').not.toBe(firstEarnest);
    const earnest = after.find((i) => i.title === 'Earnest money receipt')!;
    expect(earnest.due_date, 'the receipt follows its anchor').toBe(plusDays(movedEarnest, 1));
    expect((await tasksTitled(listingId, 'Earnest money receipt'))[0].due_date, "and so does the agent's requirement task").toBe(earnest.due_date);
    expect(after.find((i) => i.title === 'Closing disclosure')!.due_date, '3 business days before Fri Aug 21').toBe('2026-08-18');
    expect(after.length, 'the amendment added no duplicate').toBe(3);
  });
});

describe('who reads and writes templates', () => {
  it('coordinators manage their own and read global ones; agents and other teams see nothing', async () => {
    const own = await coordA.client.from('checklist_templates').insert({ name: 'Mine', owner_tc_id: coordB.id }).select('id, owner_tc_id, created_by').single();
    made.push(own.data!.id);
    expect({ ...own.data, id: undefined }, "a coordinator's template is her own, whatever owner is sent").toEqual({ id: undefined, owner_tc_id: coordA.id, created_by: coordA.id });
    const seenByA = (await coordA.client.from('checklist_templates').select('id').in('id', [resale, pre1978])).data!.map((t) => t.id).sort();
    expect(seenByA, 'coordinator A reads the global template and her own').toEqual([resale, pre1978].sort());
    expect((await coordB.client.from('checklist_templates').select('id').eq('id', pre1978)).data, "coordinator B does not see A's template").toEqual([]);
    expect((await coordB.client.from('checklist_template_items').select('id').eq('template_id', pre1978)).data, 'nor its items').toEqual([]);
    expect((await coordB.client.from('checklist_templates').update({ name: 'Taken' }).eq('id', pre1978).select('id')).data, 'nor changes it').toEqual([]);
    expect((await coordA.client.from('checklist_templates').update({ name: 'Renamed' }).eq('id', resale).select('id')).data, 'a global template is read-only to coordinators').toEqual([]);
    const intoGlobal = await coordA.client.from('checklist_template_items').insert({ template_id: resale, kind: 'task', title: 'Sneaky', assignee: 'agent' });
    expect(intoGlobal.status, 'nor can a coordinator add items to it').toBe(403);
    expect((await agentA.client.from('checklist_templates').select('id')).data, 'agents read no templates').toEqual([]);
    const agentInsert = await agentA.client.from('checklist_templates').insert({ name: 'Agent template' });
    expect({ status: agentInsert.status, message: agentInsert.error?.message }).toEqual({ status: 403, message: 'only coordinators and super admins make checklist templates' });
    const forB = await admin.client.from('checklist_templates').insert({ name: "David's", owner_tc_id: coordB.id }).select('id, owner_tc_id').single();
    made.push(forB.data!.id);
    expect(forB.data!.owner_tc_id, 'a super admin may make a template for a coordinator').toBe(coordB.id);
    expect((await admin.client.from('checklist_templates').update({ name: 'WY resale — listing side' }).eq('id', resale).select('id')).data, 'the super admin edits global templates').toHaveLength(1);
  });

  it('conditions are checked by key; copies become the caller\'s own; previews show only listings the caller reads', async () => {
    for (const [conditions, message] of [
      [{ states: ['wy'] }, 'conditions.states must be a non-empty array of upper-case state codes such as "TX"'],
      [{ colour: 'blue' }, 'conditions.colour is not a known condition (side, property_types, financing_types, has_hoa, built_before_1978, states)'],
      [{ has_hoa: 'yes' }, 'conditions.has_hoa must be true or false'],
    ] as const) {
      const bad = await coordA.client.from('checklist_templates').insert({ name: 'Bad', conditions });
      expect({ status: bad.status, message: bad.error?.message }, `refused: ${JSON.stringify(conditions)}`).toEqual({ status: 400, message });
    }
    const copy = await coordA.client.rpc('copy_checklist_template', { template_id: resale, new_name: 'My WY resale' });
    expect(copy.error, 'a coordinator copies a global template').toBeNull();
    made.push(copy.data as string);
    const copied = await coordA.client.from('checklist_templates').select('owner_tc_id, name, checklist_template_items(title, document_type)').eq('id', copy.data).single();
    expect(copied.data!.owner_tc_id, 'the copy is her own').toBe(coordA.id);
    expect(copied.data!.checklist_template_items, 'with every item').toHaveLength(3);
    const foreign = await coordB.client.rpc('copy_checklist_template', { template_id: pre1978, new_name: 'Mine now' });
    expect({ status: foreign.status, message: foreign.error?.message }).toEqual({ status: 404, message: 'checklist template not found' });
    const agentCopy = await agentA.client.rpc('copy_checklist_template', { template_id: resale, new_name: 'x' });
    expect(agentCopy.status, 'agents copy nothing').toBe(403);

    const mine = await newListing(agentA, { state: 'WY', year_built: 1960 });
    const theirs = await newListing(agentB, { state: 'WY', year_built: 1960 });
    const previewA = ((await coordA.client.rpc('preview_template_matches', { template_id: resale })).data as Array<{ listing_id: string }>).map((r) => r.listing_id);
    expect(previewA, "coordinator A's preview holds her listing").toContain(mine);
    expect(previewA, "and not another team's").not.toContain(theirs);
    const previewAdmin = ((await admin.client.rpc('preview_template_matches', { template_id: resale })).data as Array<{ listing_id: string }>).map((r) => r.listing_id);
    expect(previewAdmin, 'the super admin previews every matching listing').toEqual(expect.arrayContaining([mine, theirs]));
  });
});
