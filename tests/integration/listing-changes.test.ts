/**
 * What follows a change to a listing, in one stated order (issue 52): a
 * contract recorded, amended, closed or terminated writes exactly one
 * contract event (with its actor, and the reason for a termination) and its
 * activity entry, and the listing's status moves through the one status
 * function (one status_changed event, cause contract); the checklist's
 * templates are applied once per change — recording a TREC contract once
 * (counted with the database's function statistics), a notes edit never;
 * a moved key date still moves its tasks' due dates; the compliance gate
 * still sees the requirements a contract brings; and a saved, deactivated
 * or activated template reaches the listings it matches at once, not at
 * their next unrelated edit. Templates here match only Oregon (OR)
 * listings, which no other test file creates.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleUrl, SUPERUSER } from '../../stack/postgres.ts';
import { stackInfo, withDb } from '../support/clients.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';

let admin: Actor, coordA: Actor, agentA: Actor, coordB: Actor, agentB: Actor;
const templateIds: string[] = [];

interface ListingEvent {
  kind: string;
  from_value: string | null;
  to_value: string | null;
  reason: string | null;
  detail: Record<string, unknown>;
  actor_id: string | null;
}

interface Item {
  id: string;
  title: string;
  kind: string;
  due_date: string | null;
  template_id: string | null;
}

async function globalTemplate(name: string, conditions: object, items: object[]): Promise<string> {
  const created = await admin.client.from('checklist_templates').insert({ name, conditions }).select('id').single();
  expect(created.error, `the super admin creates the ${name} template`).toBeNull();
  const id = created.data!.id as string;
  templateIds.push(id);
  const added = await admin.client.from('checklist_template_items').insert(items.map((item, position) => ({ template_id: id, position, ...item })));
  expect(added.error, `the super admin adds the ${name} items`).toBeNull();
  return id;
}

beforeAll(async () => {
  admin = await createActor('ChangesAdmin', 'super_admin');
  coordA = await createActor('ChangesCoordA', 'tc');
  coordB = await createActor('ChangesCoordB', 'tc');
  agentA = await createActor('ChangesAgentA', 'agent', { assignedTcId: coordA.id });
  agentB = await createActor('ChangesAgentB', 'agent', { assignedTcId: coordB.id });
  // An Oregon contract's tasks, anchored on its key dates and dates; nothing gates under_contract.
  await globalTemplate('OR contract', { states: ['OR'], financing_types: ['cash', 'conventional', 'fha', 'va', 'other'] }, [
    { kind: 'task', title: 'Earnest money receipt', assignee: 'coordinator', anchor: 'deadline:earnest_money', offset_days: 1 },
    { kind: 'task', title: 'Closing disclosure', assignee: 'coordinator', anchor: 'closing_date', offset_days: -3, offset_unit: 'business' },
  ]);
  // A VA loan brings a document required to go under contract.
  await globalTemplate('OR VA loan', { states: ['OR'], financing_types: ['va'] }, [
    { kind: 'document', document_type: 'appraisal', required_for: 'under_contract', needs_approval: true },
  ]);
});

afterAll(async () => {
  await withDb((db) => db.query('delete from public.checklist_templates where id = any($1::uuid[])', [templateIds]));
});

let n = 0;
async function listingOf(agent: Actor, attributes: Record<string, unknown> = {}): Promise<string> {
  const created = await agent.client
    .from('listings')
    .insert({ address: `${++n} Change Ave, Portland OR`, agent_id: agent.id, state: 'OR', side: 'buyer', ...attributes })
    .select('id')
    .single();
  expect(created.error, `${agent.key} creates a listing`).toBeNull();
  return created.data!.id as string;
}

async function record(listingId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const created = await agentA.client
    .from('contracts')
    .insert({ listing_id: listingId, form: 'trec-20-18', effective_date: '2026-07-01', closing_date: '2026-08-14', financing_type: 'conventional', ...extra })
    .select('id')
    .single();
  expect(created.error, 'the agent records a contract').toBeNull();
  return created.data!.id as string;
}

/** The listing's events as its coordinator reads them through the API, oldest first. */
async function events(listingId: string, actor: Actor = coordA): Promise<ListingEvent[]> {
  const { data, error } = await actor.client
    .from('listing_events')
    .select('kind, from_value, to_value, reason, detail, actor_id')
    .eq('listing_id', listingId)
    .order('id');
  expect(error, `${actor.key} reads the listing's events`).toBeNull();
  return data as ListingEvent[];
}

const ofKind = (all: ListingEvent[], kind: string) => all.filter((e) => e.kind === kind);

async function activity(listingId: string, action: string): Promise<Array<{ user_id: string | null; metadata: Record<string, unknown> }>> {
  return withDb(
    async (db) =>
      (await db.query('select user_id, metadata from public.activity_log where listing_id = $1 and action = $2 order by created_at', [listingId, action])).rows,
  );
}

async function checklist(listingId: string): Promise<Item[]> {
  const { data, error } = await coordA.client
    .from('listing_checklist_items')
    .select('id, title, kind, due_date, template_id')
    .eq('listing_id', listingId)
    .order('title');
  expect(error, "the coordinator reads the listing's checklist").toBeNull();
  return data as Item[];
}

const titles = (items: Item[]) => items.map((i) => i.title);

/**
 * Runs `work` in one transaction on a superuser connection (function
 * statistics need it: track_functions = 'pl'), acting as `actor` the way
 * PostgREST does (role authenticated + request.jwt.claims), and returns how
 * often each named function ran in it. The transaction is rolled back.
 */
async function countCalls(actor: Actor, functions: string[], work: (db: pg.Client) => Promise<void>): Promise<Record<string, number>> {
  return withDb(
    async (db) => {
      await db.query('begin');
      try {
        await db.query(`set local track_functions = 'pl'`);
        await db.query('set local role authenticated');
        await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: actor.authId, role: 'authenticated' })]);
        await work(db);
        // Deferred triggers (template re-application) fire now rather than at a commit.
        await db.query('set constraints all immediate');
        await db.query('reset role');
        const counts: Record<string, number> = {};
        for (const name of functions) {
          const { rows } = await db.query<{ n: string | null }>('select pg_stat_get_xact_function_calls($1::regproc) as n', [name]);
          counts[name] = Number(rows[0].n ?? 0);
        }
        return counts;
      } finally {
        await db.query('rollback');
      }
    },
    { ...stackInfo(), dbUrl: roleUrl(stackInfo(), SUPERUSER) },
  );
}

describe('a contract writes exactly one event per change', () => {
  it('recorded, amended, closed: one contract event each with its actor; the status moves once per step, cause contract', async () => {
    const listingId = await listingOf(agentA);
    const contractId = await record(listingId);
    const afterRecording = await events(listingId);
    expect(afterRecording.map((e) => e.kind), 'recording writes contract_recorded, then one status_changed').toEqual(['contract_recorded', 'status_changed']);
    expect(afterRecording[0], 'contract_recorded names the contract, its form and the agent who recorded it').toMatchObject({
      to_value: 'active',
      actor_id: agentA.id,
      detail: { contract_id: contractId, form: 'trec-20-18' },
    });
    expect(afterRecording[1], 'the status moves incomplete → under_contract, caused by the contract, by the agent').toMatchObject({
      from_value: 'incomplete',
      to_value: 'under_contract',
      actor_id: agentA.id,
      detail: { cause: 'contract' },
    });

    const amended = await coordA.client.from('contracts').update({ closing_date: '2026-08-21', sales_price: 410000 }).eq('id', contractId);
    expect(amended.error, 'the coordinator amends the contract').toBeNull();
    const amendments = ofKind(await events(listingId), 'contract_amended');
    expect(amendments, 'one amendment, one contract_amended naming the changed columns and the coordinator').toEqual([
      { kind: 'contract_amended', from_value: null, to_value: null, reason: null, detail: { contract_id: contractId, changed: ['closing_date', 'sales_price'] }, actor_id: coordA.id },
    ]);

    const closed = await coordA.client.rpc('close_contract', { contract_id: contractId });
    expect(closed.error, 'the coordinator closes the contract').toBeNull();
    const all = await events(listingId);
    expect(all.map((e) => e.kind), 'closing adds contract_closed and one status_changed').toEqual([
      'contract_recorded',
      'status_changed',
      'contract_amended',
      'contract_closed',
      'status_changed',
    ]);
    expect(all[3], 'contract_closed: active → closed, by the coordinator').toMatchObject({ from_value: 'active', to_value: 'closed', actor_id: coordA.id, detail: { contract_id: contractId } });
    expect(all[4], 'the listing closes with it, cause contract').toMatchObject({ from_value: 'under_contract', to_value: 'closed', actor_id: coordA.id, detail: { cause: 'contract' } });
    expect(await events(listingId, agentA), "the listing's agent reads the same events").toHaveLength(5);

    for (const [action, metadata] of [
      ['contract_created', { contract_id: contractId, form: 'trec-20-18' }],
      ['contract_amended', { contract_id: contractId, changed: ['closing_date', 'sales_price'] }],
      ['contract_closed', { contract_id: contractId }],
    ] as const) {
      expect(await activity(listingId, action), `the Activity feed keeps its ${action} entry, once`).toEqual([
        { user_id: action === 'contract_created' ? agentA.id : coordA.id, metadata },
      ]);
    }
  });

  it('terminated: one contract_terminated with the trimmed reason; the listing goes back to live with it', async () => {
    const listingId = await listingOf(agentA);
    const contractId = await record(listingId);
    const terminated = await coordA.client.rpc('terminate_contract', { contract_id: contractId, reason: '  Buyer financing fell through\n' });
    expect(terminated.error, 'the coordinator terminates the contract').toBeNull();
    const all = await events(listingId);
    expect(all.map((e) => e.kind), 'termination adds contract_terminated and one status_changed').toEqual([
      'contract_recorded',
      'status_changed',
      'contract_terminated',
      'status_changed',
    ]);
    expect(all[2], 'contract_terminated carries the reason and the coordinator').toMatchObject({
      from_value: 'active',
      to_value: 'terminated',
      reason: 'Buyer financing fell through',
      actor_id: coordA.id,
      detail: { contract_id: contractId },
    });
    expect(all[3], 'the listing moves back to live, cause contract, with the reason').toMatchObject({
      from_value: 'under_contract',
      to_value: 'live',
      reason: 'Buyer financing fell through',
      detail: { cause: 'contract' },
    });
    expect((await activity(listingId, 'contract_terminated')).map((a) => a.metadata), 'the Activity feed keeps the termination with its reason').toEqual([
      { contract_id: contractId, reason: 'Buyer financing fell through' },
    ]);
  });

  it('a notes edit is one contract_amended and one activity entry; a change of the listing people copies is none', async () => {
    const listingId = await listingOf(agentA);
    const contractId = await record(listingId);
    expect((await agentA.client.from('contracts').update({ notes: 'Buyer asked for the garage fridge.' }).eq('id', contractId)).error, 'the agent edits the notes').toBeNull();
    expect(ofKind(await events(listingId), 'contract_amended').map((e) => e.detail.changed), 'one amendment: the notes').toEqual([['notes']]);
    expect(await activity(listingId, 'contract_amended'), 'and one activity entry').toHaveLength(1);
  });
});

describe('templates are applied once per change', () => {
  const counted = ['private.apply_checklist_templates', 'private.refresh_checklist_due_dates', 'private.listing_changed', 'private.change_listing_status'];

  it('recording a TREC contract applies the templates once and refreshes due dates once, after its key dates exist', async () => {
    const listingId = await listingOf(agentA);
    const calls = await countCalls(agentA, counted, async (db) => {
      await db.query(
        `insert into public.contracts (listing_id, form, effective_date, closing_date, financing_type, option_days)
         values ($1, 'trec-20-18', '2026-07-01', '2026-08-14', 'conventional', 7)`,
        [listingId],
      );
      const { rows } = await db.query<{ title: string; due_date: string | null }>(
        `select title, due_date::text from public.listing_checklist_items where listing_id = $1 order by title`,
        [listingId],
      );
      expect(rows.map((r) => r.title), 'the contract template applied').toEqual(['Closing disclosure', 'Earnest money receipt']);
      expect(rows.every((r) => r.due_date !== null), 'its tasks have due dates: the key dates existed when they were computed').toBe(true);
    });
    expect(calls, 'one template application, one due-date refresh (not one per key date), one listing_changed, one status change').toEqual({
      'private.apply_checklist_templates': 1,
      'private.refresh_checklist_due_dates': 1,
      'private.listing_changed': 1,
      'private.change_listing_status': 1,
    });
  });

  it("a contract's notes edit applies no template and refreshes no due date", async () => {
    const listingId = await listingOf(agentA);
    const contractId = await record(listingId);
    const calls = await countCalls(coordA, counted, async (db) => {
      await db.query(`update public.contracts set notes = 'Walk-through on the 13th.' where id = $1`, [contractId]);
    });
    expect(calls, 'a notes edit: nothing follows for the checklist or the status').toEqual({
      'private.apply_checklist_templates': 0,
      'private.refresh_checklist_due_dates': 0,
      'private.listing_changed': 0,
      'private.change_listing_status': 0,
    });
  });

  it("a coordinator's override of one key date moves the tasks anchored on it", async () => {
    const listingId = await listingOf(agentA);
    const contractId = await record(listingId);
    const moved = await coordA.client
      .from('contract_deadlines')
      .update({ due_at_override: '2026-07-20T17:00:00Z' })
      .eq('contract_id', contractId)
      .eq('key', 'earnest_money');
    expect(moved.error, 'the coordinator moves the earnest money date').toBeNull();
    const receipt = (await checklist(listingId)).find((i) => i.title === 'Earnest money receipt')!;
    expect(receipt.due_date, 'the receipt is due the day after the new date').toBe('2026-07-21');
  });

  it("the gate still judges the requirements the contract brings: a VA contract needs the appraisal to go under contract", async () => {
    const listingId = await listingOf(agentA);
    const refused = await agentA.client
      .from('contracts')
      .insert({ listing_id: listingId, form: 'trec-20-18', effective_date: '2026-07-01', financing_type: 'va' })
      .select('id')
      .single();
    expect({ status: refused.status, message: refused.error?.message }, "the VA template's under_contract requirement holds the recording").toEqual({
      status: 409,
      message: 'cannot move to Under Contract: missing or not approved: Appraisal (missing)',
    });
    expect(await events(listingId), 'a refused recording leaves no event').toEqual([]);
    expect(await checklist(listingId), 'nor any checklist item').toEqual([]);
  });
});

describe('a changed template reaches its listings at once', () => {
  it('saved with a new requirement, deactivated, activated: existing listings follow without another edit', async () => {
    const listingId = await listingOf(agentA, { side: 'listing' });
    const otherTeam = await listingOf(agentB, { side: 'listing' });
    expect(await checklist(listingId), 'no listing-side template yet').toEqual([]);

    const created = await coordA.client.rpc('save_checklist_template', {
      template: { name: 'OR listing side (Team A)', conditions: { states: ['OR'], side: 'listing' } },
      items: [{ kind: 'task', title: 'Order the yard sign', assignee: 'coordinator', anchor: 'listing_created', offset_days: 2 }],
    });
    expect(created.error, 'the coordinator saves a new template').toBeNull();
    const templateId = created.data as string;
    templateIds.push(templateId);
    expect(titles(await checklist(listingId)), 'the new template reached the existing listing at once').toEqual(['Order the yard sign']);
    const otherItems = await withDb(async (db) => (await db.query('select title from public.listing_checklist_items where listing_id = $1', [otherTeam])).rows);
    expect(otherItems, "a coordinator's own template does not reach another team's listing").toEqual([]);

    const sign = (await checklist(listingId))[0];
    const saved = await coordA.client.rpc('save_checklist_template', {
      template_id: templateId,
      template: { name: 'OR listing side (Team A)', conditions: { states: ['OR'], side: 'listing' } },
      items: [
        { id: (await coordA.client.from('checklist_template_items').select('id').eq('template_id', templateId).single()).data!.id, kind: 'task', title: 'Order the yard sign', assignee: 'coordinator', anchor: 'listing_created', offset_days: 2 },
        { kind: 'document', document_type: 'sellers_disclosure', required_for: 'live', needs_approval: true },
      ],
    });
    expect(saved.error, 'the coordinator adds a required document').toBeNull();
    const afterSave = await checklist(listingId);
    expect(titles(afterSave), 'the new requirement is on the listing at once').toEqual(['Order the yard sign', "Seller's Disclosure"]);
    expect(afterSave.find((i) => i.title === 'Order the yard sign')!.id, 'the kept item is the same row').toBe(sign.id);
    const gated = await coordA.client.rpc('set_listing_status', { listing_id: listingId, new_status: 'live' });
    expect({ status: gated.status, message: gated.error?.message }, 'and it gates at once').toEqual({
      status: 409,
      message: "cannot move to Live: missing or not approved: Seller's Disclosure (missing)",
    });

    const off = await coordA.client.from('checklist_templates').update({ is_active: false }).eq('id', templateId).select('id');
    expect(off.data, 'the coordinator deactivates the template (the Deactivate button)').toHaveLength(1);
    expect(await checklist(listingId), "the deactivated template's untouched items left the listing at once").toEqual([]);
    expect((await activity(listingId, 'checklist_requirements_dropped')).map((a) => a.metadata), 'the removed requirement is logged').toEqual([
      { requirements: ["Seller's Disclosure"], template_deactivated: true },
    ]);

    const on = await coordA.client.from('checklist_templates').update({ is_active: true }).eq('id', templateId).select('id');
    expect(on.data, 'the coordinator activates it again').toHaveLength(1);
    expect(titles(await checklist(listingId)), 'its items are back at once').toEqual(['Order the yard sign', "Seller's Disclosure"]);
  });

  it('an item added through the API reaches matching listings at once; a save re-applies once however many rows it writes', async () => {
    const listingId = await listingOf(agentA, { side: 'listing', property_type: 'condo' });
    const templateId = await globalTemplate('OR condo', { states: ['OR'], property_types: ['condo'] }, [
      { kind: 'task', title: 'Request the HOA resale certificate', assignee: 'coordinator' },
    ]);
    expect(titles(await checklist(listingId)).filter((t) => t.startsWith('Request')), 'items inserted through the API reached the listing at once').toEqual([
      'Request the HOA resale certificate',
    ]);

    const calls = await countCalls(admin, ['private.reapply_checklist_template', 'private.listing_changed'], async (db) => {
      await db.query(`select public.save_checklist_template($1, $2, $3)`, [
        { name: 'OR condo', conditions: { states: ['OR'], property_types: ['condo'] } },
        JSON.stringify([
          { kind: 'task', title: 'Request the HOA resale certificate', assignee: 'coordinator' },
          { kind: 'task', title: 'Collect HOA bylaws', assignee: 'coordinator' },
          { kind: 'task', title: 'Confirm HOA dues', assignee: 'coordinator' },
        ]),
        templateId,
      ]);
    });
    expect(calls['private.reapply_checklist_template'], 'one save (template, 3 items written, 1 removed): one re-application').toBe(1);
    expect(calls['private.listing_changed'], 'which reached the one matching listing once').toBe(1);
  });
});
