/**
 * Saving a checklist template in one call, save_checklist_template(), through
 * the HTTP stack (supabase-js → gateway → PostgREST) with real sign-ins: a
 * coordinator's save adds, keeps, removes and reorders items at once, kept
 * items keep their ids (so what was applied to listings stays linked); the
 * refusals are 4xx with the message the app shows (an agent, a global
 * template for a coordinator, another coordinator's template, an item of
 * another template, an owner sent by the client); a refusal after some of the
 * writes leaves the template and its items exactly as before; the super
 * admin saves global templates. Templates here match only New Hampshire (NH)
 * listings, which no other test file creates.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';

let admin: Actor, coordA: Actor, coordB: Actor, agentA: Actor;
const made: string[] = [];

interface StoredItem {
  id: string;
  position: number;
  kind: string;
  title: string | null;
  document_type: string | null;
}

const task = (title: string, fields: Record<string, unknown> = {}) => ({ kind: 'task', title, assignee: 'agent', ...fields });
const documentItem = (documentType: string, requiredFor = 'live') => ({ kind: 'document', document_type: documentType, required_for: requiredFor });

async function save(actor: Actor, args: { template: object; items: object[]; template_id?: string }) {
  const res = await actor.client.rpc('save_checklist_template', args);
  if (!res.error && !made.includes(res.data as string)) made.push(res.data as string);
  return res;
}

async function saved(actor: Actor, args: { template: object; items: object[]; template_id?: string }, what: string): Promise<string> {
  const res = await save(actor, args);
  expect({ status: res.status, error: res.error?.message }, `${actor.key} ${what}`).toEqual({ status: 200, error: undefined });
  return res.data as string;
}

async function storedItems(templateId: string, actor: Actor = coordA): Promise<StoredItem[]> {
  const { data, error } = await actor.client
    .from('checklist_template_items')
    .select('id, position, kind, title, document_type')
    .eq('template_id', templateId)
    .order('position');
  expect(error, `${actor.key} reads the template's items`).toBeNull();
  return data as StoredItem[];
}

/** Everything stored of a template, every column, read past RLS: what "exactly as before" compares. */
async function snapshot(templateId: string) {
  return withDb(async (db) => ({
    template: (await db.query('select * from public.checklist_templates where id = $1', [templateId])).rows,
    items: (await db.query('select * from public.checklist_template_items where template_id = $1 order by position, id', [templateId])).rows,
  }));
}

let n = 0;
async function newListing(agent: Actor, attributes: Record<string, unknown>): Promise<string> {
  const created = await agent.client
    .from('listings')
    .insert({ address: `${++n} Template Save Rd, Concord NH`, agent_id: agent.id, ...attributes })
    .select('id')
    .single();
  expect(created.error, `${agent.key} creates a listing through the API`).toBeNull();
  return created.data!.id as string;
}

async function appliedItems(listingId: string, templateId: string) {
  const { data, error } = await coordA.client
    .from('listing_checklist_items')
    .select('title, template_item_id')
    .eq('listing_id', listingId)
    .eq('template_id', templateId);
  expect(error, "the coordinator reads the listing's checklist").toBeNull();
  return data as Array<{ title: string; template_item_id: string | null }>;
}

beforeAll(async () => {
  admin = await createActor('SaveTplAdmin', 'super_admin');
  coordA = await createActor('SaveTplCoordA', 'tc');
  coordB = await createActor('SaveTplCoordB', 'tc');
  agentA = await createActor('SaveTplAgentA', 'agent', { assignedTcId: coordA.id });
});

afterAll(async () => {
  await withDb((db) => db.query('delete from public.checklist_templates where id = any($1::uuid[])', [made]));
});

describe('a coordinator saves her own template in one call', () => {
  it('adds, keeps, removes and reorders items at once; kept items keep their ids and their applied copies', async () => {
    const id = await saved(
      coordA,
      {
        template: { name: ' NH resale ', conditions: { states: ['NH'] } },
        items: [task('Order the yard sign', { anchor: 'listing_created', offset_days: 2, priority: 'high' }), documentItem('listing_agreement'), task('Book the photographer', { assignee: 'coordinator' })],
      },
      'creates a template with three items',
    );
    const row = await coordA.client.from('checklist_templates').select('name, owner_tc_id, created_by, conditions').eq('id', id).single();
    expect(row.data, 'the new template is her own, named as sent without the outer spaces').toEqual({
      name: 'NH resale',
      owner_tc_id: coordA.id,
      created_by: coordA.id,
      conditions: { states: ['NH'] },
    });
    const [sign, agreement, photographer] = await storedItems(id);
    expect([sign, agreement, photographer].map((i) => [i.position, i.title ?? i.document_type]), 'positions are the list order').toEqual([
      [0, 'Order the yard sign'],
      [1, 'listing_agreement'],
      [2, 'Book the photographer'],
    ]);

    const listingId = await newListing(agentA, { state: 'NH' });
    const applied = await appliedItems(listingId, id);
    expect(applied.map((i) => i.template_item_id).sort(), 'a new NH listing gets the three items, linked to them').toEqual([sign.id, agreement.id, photographer.id].sort());

    const again = await saved(
      coordA,
      {
        template_id: id,
        template: { name: 'NH resale (v2)', conditions: { states: ['NH'], side: 'listing' } },
        items: [
          { id: photographer.id, ...task('Book the photographer for day one', { assignee: 'coordinator' }) },
          task('Install the lockbox'),
          { id: sign.id, ...task('Order the yard sign', { anchor: 'listing_created', offset_days: 3, priority: 'high' }) },
        ],
      },
      'saves a change: the photographer first and renamed, a new lockbox task, the sign last, the agreement removed',
    );
    expect(again, 'the same template').toBe(id);
    const after = await storedItems(id);
    expect(after.map((i) => i.position), 'positions follow the new order').toEqual([0, 1, 2]);
    expect(after[0], 'the photographer task is the same item (same id), renamed').toMatchObject({ id: photographer.id, title: 'Book the photographer for day one' });
    expect([sign.id, agreement.id, photographer.id], 'the lockbox task is a new item').not.toContain(after[1].id);
    expect(after[2], 'the sign task is the same item, now last').toMatchObject({ id: sign.id, title: 'Order the yard sign' });
    expect(after.map((i) => i.id), 'the removed agreement item is gone').not.toContain(agreement.id);
    const template = await coordA.client.from('checklist_templates').select('name, conditions').eq('id', id).single();
    expect(template.data, 'name and conditions saved in the same call').toEqual({ name: 'NH resale (v2)', conditions: { states: ['NH'], side: 'listing' } });

    const links = (await appliedItems(listingId, id)).map((i) => i.template_item_id);
    expect(links, "the listing's copies of the kept items still point at them").toEqual(expect.arrayContaining([sign.id, photographer.id]));
    expect((await agentA.client.from('listings').update({ has_hoa: true }).eq('id', listingId)).error, 'the agent changes the listing (re-application)').toBeNull();
    const reapplied = await appliedItems(listingId, id);
    expect(reapplied.filter((i) => i.template_item_id === after[1].id).map((i) => i.title), 'the new item is applied once').toEqual(['Install the lockbox']);
    expect(reapplied.filter((i) => i.template_item_id === sign.id), 'a kept item is not applied a second time').toHaveLength(1);
  });
});

describe('refusals', () => {
  it('4xx with a clear message, and the template untouched: agents, global and foreign templates, items of another template, an owner sent', async () => {
    const global = await saved(admin, { template: { name: 'NH global', conditions: { states: ['NH'], side: 'buyer' } }, items: [task('Global task')] }, 'makes a global template');
    const own = await saved(coordA, { template: { name: 'NH own', conditions: { states: ['NH'], side: 'buyer' } }, items: [task('First'), task('Second')] }, 'makes her template');
    const other = await saved(coordA, { template: { name: 'NH other', conditions: { states: ['NH'], side: 'buyer' } }, items: [task('Elsewhere')] }, 'makes another template');
    const [first, second] = await storedItems(own);
    const [elsewhere] = await storedItems(other);
    const before = { global: await snapshot(global), own: await snapshot(own), other: await snapshot(other) };

    const change = { template: { name: 'Taken over', conditions: {} }, items: [] };
    const refusals: Array<[Actor, Parameters<typeof save>[1], number, string, string]> = [
      [agentA, { ...change, template_id: own }, 403, 'only coordinators and super admins save checklist templates', "an agent saves no template"],
      [agentA, change, 403, 'only coordinators and super admins save checklist templates', 'nor creates one'],
      [coordA, { ...change, template_id: global }, 403, 'only a super admin changes a global checklist template; copy it to make your own', 'a coordinator cannot change a global template'],
      [coordB, { ...change, template_id: own }, 404, 'checklist template not found', "another coordinator's template is unknown to her"],
      [coordA, { ...change, template_id: crypto.randomUUID() }, 404, 'checklist template not found', 'an unknown template'],
      [
        coordA,
        { template_id: own, template: { name: 'NH own', conditions: {} }, items: [{ id: first.id, ...task('First') }, { id: elsewhere.id, ...task('Moved in') }] },
        404,
        `item 2: ${elsewhere.id} is not an item of this template`,
        'an item of another template is refused, not moved',
      ],
      [
        coordA,
        { template_id: own, template: { name: 'NH own', conditions: {}, owner_tc_id: coordB.id }, items: [] },
        400,
        'template.owner_tc_id is not a template field (name, conditions); owner and creator are set by the database',
        'the owner is never taken from the client',
      ],
      [
        coordA,
        { template_id: own, template: { name: 'NH own', conditions: {} }, items: [{ id: second.id, ...task('Second') }, { id: second.id, ...task('Again') }] },
        400,
        `item 2: ${second.id} is listed twice`,
        'an item listed twice',
      ],
    ];
    for (const [actor, args, status, message, rule] of refusals) {
      const res = await save(actor, args);
      expect({ status: res.status, message: res.error?.message }, `${actor.key}: ${rule}`).toEqual({ status, message });
    }
    const after = { global: await snapshot(global), own: await snapshot(own), other: await snapshot(other) };
    expect(after, 'no refusal changed any of the three templates or their items').toEqual(before);
  });

  it('bad fields are 400 naming the item and the field', async () => {
    const cases: Array<[object[], string]> = [
      [[task('Fine'), { kind: 'checklist' }], 'item 2: kind must be task or document'],
      [[{ kind: 'task', title: 'No assignee' }], 'item 1: a task needs a title and an assignee (agent or coordinator)'],
      [[documentItem('listing_agreement', 'forever')], 'item 1: required_for must be live, under_contract or closed'],
      [[task('Late', { offset_days: 1.5 })], 'item 1: offset_days must be a whole number of days from -365 to 365'],
      [[task('Odd', { colour: 'blue' })], 'item 1: colour is not an item field (id, kind, title, description, priority, assignee, anchor, offset_days, offset_unit, document_type, required_for, needs_approval)'],
    ];
    for (const [items, message] of cases) {
      const res = await save(coordA, { template: { name: 'NH bad', conditions: { states: ['NH'] } }, items });
      expect({ status: res.status, message: res.error?.message }, `refused: ${JSON.stringify(items)}`).toEqual({ status: 400, message });
    }
    const left = await coordA.client.from('checklist_templates').select('id').eq('name', 'NH bad');
    expect(left.data, 'a refused new template is not created at all').toEqual([]);
  });
});

describe('all or nothing', () => {
  it('a failure after some of the writes leaves the template and its items exactly as before', async () => {
    const id = await saved(
      coordA,
      { template: { name: 'NH midway', conditions: { states: ['NH'], side: 'buyer' } }, items: [task('Alpha'), documentItem('survey', 'closed'), task('Gamma')] },
      'makes a template',
    );
    const [alpha, survey, gamma] = await storedItems(id);
    const [foreign] = await storedItems(await saved(coordA, { template: { name: 'NH midway other', conditions: { states: ['NH'], side: 'buyer' } }, items: [task('Foreign')] }, 'makes another'));
    const before = await snapshot(id);
    // The function writes the template row, then each item in order, then deletes the unlisted ones: the last
    // item below is refused after the rename, the update of Gamma and Alpha and the insert of Delta were made.
    const kept = [{ id: gamma.id, ...task('Gamma, first now') }, task('Delta'), { id: alpha.id, ...task('Alpha, last now') }];
    const failures: Array<[object, number, string]> = [
      [documentItem('no_such_type'), 400, "item 4: document_type must be a document type's key (document_types.key)"],
      [{ id: foreign.id, ...task('Foreign') }, 404, `item 4: ${foreign.id} is not an item of this template`],
      [{ id: survey.id, kind: 'document', document_type: 'survey', required_for: 'closed', title: ' ' }, 400, 'item 4: title must be text of 1 to 255 characters'],
    ];
    for (const [last, status, message] of failures) {
      const res = await save(coordA, { template_id: id, template: { name: 'NH midway (renamed)', conditions: {} }, items: [...kept, last] });
      expect({ status: res.status, message: res.error?.message }, `the save fails at its last item: ${message}`).toEqual({ status, message });
      expect(await snapshot(id), 'the template and every item are exactly as before: nothing half-written').toEqual(before);
    }
    expect((await storedItems(id)).map((i) => i.id), 'the removed survey item is still there').toContain(survey.id);
  });
});

describe('the super admin', () => {
  it('saves a global template, which coordinators read, and edits a coordinator\'s template without taking it over', async () => {
    const id = await saved(admin, { template: { name: 'NH global checklist', conditions: { states: ['NH'], side: 'buyer' } }, items: [task('One'), task('Two')] }, 'creates a template');
    const row = await admin.client.from('checklist_templates').select('owner_tc_id, created_by').eq('id', id).single();
    expect(row.data, "the super admin's template is global").toEqual({ owner_tc_id: null, created_by: admin.id });
    const [one] = await storedItems(id, admin);
    await saved(admin, { template_id: id, template: { name: 'NH global checklist', conditions: { states: ['NH'], side: 'buyer' } }, items: [documentItem('sellers_disclosure'), { id: one.id, ...task('One, renamed') }] }, 'edits it');
    const seen = await storedItems(id, coordB);
    expect(seen.map((i) => [i.position, i.title ?? i.document_type]), 'a coordinator reads the saved global template').toEqual([
      [0, 'sellers_disclosure'],
      [1, 'One, renamed'],
    ]);
    expect(seen[1].id, 'the kept item kept its id').toBe(one.id);

    const teamOwn = await saved(coordB, { template: { name: 'NH team B', conditions: { states: ['NH'], side: 'buyer' } }, items: [] }, 'makes her template');
    await saved(admin, { template_id: teamOwn, template: { name: 'NH team B (checked)', conditions: { states: ['NH'], side: 'buyer' } }, items: [task('Added by the admin')] }, "edits a coordinator's template");
    const owned = await coordB.client.from('checklist_templates').select('name, owner_tc_id').eq('id', teamOwn).single();
    expect(owned.data, 'it stays the coordinator\'s own').toEqual({ name: 'NH team B (checked)', owner_tc_id: coordB.id });
  });
});
