/**
 * The listing's event log (issue 52) for what happens to its documents,
 * requirements and key dates, through the HTTP stack with real sign-ins: a
 * document submitted for review (uploaded with a required type, a type set
 * later, a new version), approved or returned with a reason, a requirement
 * waived with a reason, a key date marked done or waived — each writes
 * exactly one event with its actor (and reason), and refused attempts none.
 * The agent and coordinator on the listing read the events; another team's
 * agent and coordinator and anon read none; nobody inserts, updates or
 * deletes an event through the API. Templates here match only Maine (ME)
 * listings, which no other test file creates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { anonActor, createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';
import { nextCursor, olderThanFilter, type KeysetCursor } from '../../src/lib/keyset-cursor.ts';

let admin: Actor, coordA: Actor, agentA: Actor, coordB: Actor, agentB: Actor;
let templateId: string, oldHomesTemplateId: string;

interface ListingEvent {
  id: number;
  listing_id: string;
  kind: string;
  from_value: string | null;
  to_value: string | null;
  reason: string | null;
  detail: Record<string, unknown>;
  actor_id: string | null;
}

beforeAll(async () => {
  admin = await createActor('EvAdmin', 'super_admin');
  coordA = await createActor('EvCoordA', 'tc');
  coordB = await createActor('EvCoordB', 'tc');
  agentA = await createActor('EvAgentA', 'agent', { assignedTcId: coordA.id });
  agentB = await createActor('EvAgentB', 'agent', { assignedTcId: coordB.id });
  const created = await admin.client.from('checklist_templates').insert({ name: 'ME resale', conditions: { states: ['ME'] } }).select('id').single();
  expect(created.error, 'the super admin creates the ME template').toBeNull();
  templateId = created.data!.id as string;
  const items = await admin.client.from('checklist_template_items').insert([
    { template_id: templateId, position: 1, kind: 'document', document_type: 'sellers_disclosure', required_for: 'live', needs_approval: true },
    { template_id: templateId, position: 2, kind: 'document', document_type: 'mls_input_sheet', required_for: 'live', needs_approval: true },
  ]);
  expect(items.error, 'the super admin fills the ME template').toBeNull();
  const old = await admin.client.from('checklist_templates').insert({ name: 'ME pre-1978', conditions: { states: ['ME'], built_before_1978: true } }).select('id').single();
  expect(old.error, 'the super admin creates the ME pre-1978 template').toBeNull();
  oldHomesTemplateId = old.data!.id as string;
  const leadItem = await admin.client
    .from('checklist_template_items')
    .insert({ template_id: oldHomesTemplateId, position: 1, kind: 'document', document_type: 'lead_paint_disclosure', required_for: 'live', needs_approval: true });
  expect(leadItem.error, 'the pre-1978 template requires the lead paint disclosure').toBeNull();
});

afterAll(async () => {
  await withDb((db) => db.query('delete from public.checklist_templates where id = any($1)', [[templateId, oldHomesTemplateId]]));
});

let n = 0;
async function maineListing(): Promise<string> {
  const created = await agentA.client.from('listings').insert({ address: `${++n} Event Ln, Portland ME`, agent_id: agentA.id, state: 'ME' }).select('id').single();
  expect(created.error, 'the agent creates a Maine listing').toBeNull();
  return created.data!.id as string;
}

/** What was stored, read past RLS: the events of one listing of the given kinds, oldest first. */
async function eventsOf(listingId: string, kinds: string[]): Promise<ListingEvent[]> {
  return withDb(
    async (db) =>
      (
        await db.query<ListingEvent>(
          `select id::int as id, listing_id, kind, from_value, to_value, reason, detail, actor_id
           from public.listing_events where listing_id = $1 and kind = any($2) order by id`,
          [listingId, kinds],
        )
      ).rows,
  );
}

async function upload(actor: Actor, listingId: string, fileName: string, extra: Record<string, unknown> = {}) {
  const created = await actor.client
    .from('documents')
    .insert({ listing_id: listingId, file_name: fileName, file_url: `listings/${listingId}/${fileName}`, file_type: 'application/pdf', file_size: 1000, ...extra })
    .select('id, version, review_state')
    .single();
  expect(created.error, `${actor.key} uploads ${fileName}`).toBeNull();
  return created.data as { id: string; version: number; review_state: string | null };
}

const review = (actor: Actor, documentId: string, decision: string, reason?: string) =>
  actor.client.rpc('review_document', { document_id: documentId, decision, ...(reason === undefined ? {} : { reason }) });

const DOCUMENT_KINDS = ['document_submitted', 'document_approved', 'document_returned'];

describe('document events', () => {
  it('a submission, a return with its reason, a new version and an approval each write exactly one event with the actor', async () => {
    const listingId = await maineListing();
    const first = await upload(agentA, listingId, 'disclosure.pdf', { document_type: 'sellers_disclosure' });
    expect(first.review_state, 'a required type is submitted for review').toBe('submitted');
    expect(await eventsOf(listingId, DOCUMENT_KINDS), 'the upload writes one document_submitted event by the agent').toEqual([
      expect.objectContaining({
        kind: 'document_submitted',
        from_value: null,
        to_value: 'submitted',
        reason: null,
        actor_id: agentA.id,
        detail: { document_id: first.id, document_type: 'sellers_disclosure', version: 1, file_name: 'disclosure.pdf', label: "Seller's Disclosure", cause: 'upload' },
      }),
    ]);

    expect((await review(agentA, first.id, 'approve')).status, "the agent cannot approve (only the listing's coordinator reviews)").toBe(403);
    expect((await review(coordB, first.id, 'approve')).status, "another team's coordinator sees no such document").toBe(404);
    expect((await review(coordA, first.id, 'return', ' \t ')).status, 'a return without a reason is refused').toBe(400);
    expect((await eventsOf(listingId, DOCUMENT_KINDS)).length, 'refused reviews write no event').toBe(1);

    const returned = await review(coordA, first.id, 'return', '  Page 2 is not signed.  ');
    expect(returned.error, 'the coordinator returns it with a reason').toBeNull();
    const afterReturn = await eventsOf(listingId, ['document_returned']);
    expect(afterReturn, 'the return writes one document_returned event by the coordinator, with the trimmed reason').toEqual([
      expect.objectContaining({
        from_value: 'submitted',
        to_value: 'returned',
        reason: 'Page 2 is not signed.',
        actor_id: coordA.id,
        detail: expect.objectContaining({ document_id: first.id, document_type: 'sellers_disclosure', label: "Seller's Disclosure" }),
      }),
    ]);

    const second = await upload(agentA, listingId, 'disclosure-signed.pdf', { version_of: first.id });
    expect(second.review_state, 'the new version is submitted again').toBe('submitted');
    const submitted = await eventsOf(listingId, ['document_submitted']);
    expect(submitted.length, 'the new version writes one more document_submitted event').toBe(2);
    expect(submitted[1], 'the event names version 2 and the agent').toMatchObject({ actor_id: agentA.id, detail: { document_id: second.id, version: 2 } });

    expect((await review(coordA, second.id, 'approve')).error, 'the coordinator approves the new version').toBeNull();
    expect((await review(coordA, second.id, 'approve')).status, 'a second approval is refused (not waiting for review)').toBe(409);
    expect(await eventsOf(listingId, ['document_approved']), 'the approval writes exactly one document_approved event by the coordinator').toEqual([
      expect.objectContaining({ from_value: 'submitted', to_value: 'approved', reason: null, actor_id: coordA.id, detail: expect.objectContaining({ document_id: second.id, version: 2 }) }),
    ]);
    expect((await eventsOf(listingId, DOCUMENT_KINDS)).map((e) => e.kind), 'the whole review is four events, in order').toEqual([
      'document_submitted',
      'document_returned',
      'document_submitted',
      'document_approved',
    ]);

    const activity = await withDb(
      async (db) => (await db.query("select action from public.activity_log where listing_id = $1 and action in ('document_approved', 'document_returned') order by created_at", [listingId])).rows,
    );
    expect(activity.length, 'the activity log keeps its review entries').toBe(2);
  });

  it('a type set later submits the document: one event by the person who set it; untyped and unrequired documents write none', async () => {
    const listingId = await maineListing();
    const untyped = await upload(agentA, listingId, 'scan-0042.pdf');
    await upload(agentA, listingId, 'photo-notes.pdf', { document_type: 'other' });
    expect(await eventsOf(listingId, DOCUMENT_KINDS), 'a document nobody reviews writes no event').toEqual([]);
    const typed = await coordA.client.from('documents').update({ document_type: 'mls_input_sheet' }).eq('id', untyped.id).select('review_state').single();
    expect(typed.data, 'the coordinator types it; it is submitted').toEqual({ review_state: 'submitted' });
    expect(await eventsOf(listingId, DOCUMENT_KINDS), 'one document_submitted event, by the coordinator who typed it').toEqual([
      expect.objectContaining({
        kind: 'document_submitted',
        from_value: null,
        to_value: 'submitted',
        actor_id: coordA.id,
        detail: expect.objectContaining({ document_id: untyped.id, label: 'MLS Input Sheet', cause: 'type' }),
      }),
    ]);
    const renamed = await agentA.client.from('documents').update({ file_name: 'mls-sheet.pdf' }).eq('id', untyped.id);
    expect(renamed.error, 'the uploader renames it').toBeNull();
    expect((await eventsOf(listingId, DOCUMENT_KINDS)).length, 'a rename is no new submission').toBe(1);
  });

  it('a requirement added for a type on file submits it: one event by the person whose change added it', async () => {
    const listingId = await maineListing();
    const lead = await upload(agentA, listingId, 'lead-paint.pdf', { document_type: 'lead_paint_disclosure' });
    expect(lead.review_state, 'not required yet: nothing to review').toBeNull();
    expect(await eventsOf(listingId, DOCUMENT_KINDS), 'no event yet').toEqual([]);
    const changed = await coordA.client.from('listings').update({ year_built: 1950 }).eq('id', listingId);
    expect(changed.error, 'the coordinator sets the year built, which matches the pre-1978 template').toBeNull();
    expect(await eventsOf(listingId, DOCUMENT_KINDS), 'one document_submitted event, by the coordinator, caused by the requirement').toEqual([
      expect.objectContaining({
        kind: 'document_submitted',
        from_value: null,
        to_value: 'submitted',
        actor_id: coordA.id,
        detail: expect.objectContaining({ document_id: lead.id, label: 'Lead-Based Paint Disclosure', cause: 'requirement' }),
      }),
    ]);
  });
});

describe('waiver events', () => {
  it('a waiver writes exactly one requirement_waived event with the actor and the reason; refused waivers none', async () => {
    const listingId = await maineListing();
    const { data: items } = await coordA.client.from('listing_checklist_items').select('id, document_type').eq('listing_id', listingId).eq('document_type', 'mls_input_sheet');
    expect(items?.length, 'the template put the MLS input sheet on the checklist').toBe(1);
    const itemId = items![0].id as string;
    const waive = (actor: Actor, reason: string) => actor.client.rpc('waive_checklist_item', { item_id: itemId, reason });

    expect((await waive(agentA, 'Not needed')).status, "the agent cannot waive (only the listing's coordinator)").toBe(403);
    expect((await waive(coordB, 'Not needed')).status, "another team's coordinator sees no such item").toBe(404);
    expect((await waive(coordA, '   ')).status, 'a waiver without a reason is refused').toBe(400);
    expect(await eventsOf(listingId, ['requirement_waived']), 'refused waivers write no event').toEqual([]);

    expect((await waive(coordA, ' The board accepts the listing agreement data page. ')).error, 'the coordinator waives it').toBeNull();
    expect((await waive(coordA, 'Again')).status, 'a second waiver is refused').toBe(409);
    expect(await eventsOf(listingId, ['requirement_waived']), 'exactly one requirement_waived event, by the coordinator, with the trimmed reason').toEqual([
      expect.objectContaining({
        from_value: null,
        to_value: null,
        reason: 'The board accepts the listing agreement data page.',
        actor_id: coordA.id,
        detail: { item_id: itemId, document_type: 'mls_input_sheet', required_for: 'live', label: 'MLS Input Sheet' },
      }),
    ]);
  });
});

describe('key date events', () => {
  it('a key date marked done or waived writes exactly one event with the actor and the key; the activity log keeps its entries', async () => {
    const listingId = await withDb((db) => insertRow(db, 'listings', { address: `${++n} Deadline Way, Austin TX`, agent_id: agentA.id, tc_id: coordA.id, status: 'live' }));
    const contract = await agentA.client
      .from('contracts')
      .insert({ listing_id: listingId, form: 'trec-20-18', effective_date: '2026-07-01', option_days: 7, closing_date: '2026-08-14', sales_price: 450000 })
      .select('id')
      .single();
    expect(contract.error, 'the agent records a TREC contract').toBeNull();
    const contractId = contract.data!.id as string;
    const { data: deadlines } = await agentA.client.from('contract_deadlines').select('id, key, label').eq('contract_id', contractId).in('key', ['earnest_money', 'option_fee']).order('key');
    expect(deadlines?.map((d) => d.key), 'the contract has its earnest money and option fee dates').toEqual(['earnest_money', 'option_fee']);
    const [earnest, option] = deadlines as { id: string; key: string; label: string }[];
    const KINDS = ['deadline_done', 'deadline_waived'];

    const foreign = await coordB.client.from('contract_deadlines').update({ status: 'done' }).eq('id', earnest.id).select('id');
    expect(foreign.data, "another team's coordinator changes nothing").toEqual([]);
    expect(await eventsOf(listingId, KINDS), 'nothing changed, no event').toEqual([]);

    const done = await coordA.client.from('contract_deadlines').update({ status: 'done' }).eq('id', earnest.id);
    expect(done.error, 'the coordinator marks the earnest money done').toBeNull();
    const waived = await agentA.client.from('contract_deadlines').update({ status: 'waived' }).eq('id', option.id);
    expect(waived.error, 'the agent waives the option fee date').toBeNull();
    const renamedOnly = await coordA.client.from('contract_deadlines').update({ due_at_override: '2026-07-05T17:00:00Z' }).eq('id', earnest.id);
    expect(renamedOnly.error, 'a date change of a done deadline is allowed').toBeNull();

    expect(await eventsOf(listingId, KINDS), 'one deadline_done by the coordinator and one deadline_waived by the agent, to_value the key').toEqual([
      expect.objectContaining({
        kind: 'deadline_done',
        to_value: 'earnest_money',
        actor_id: coordA.id,
        detail: expect.objectContaining({ deadline_id: earnest.id, contract_id: contractId, label: earnest.label }),
      }),
      expect.objectContaining({
        kind: 'deadline_waived',
        to_value: 'option_fee',
        actor_id: agentA.id,
        detail: expect.objectContaining({ deadline_id: option.id, contract_id: contractId, label: option.label }),
      }),
    ]);

    const reopened = await coordA.client.from('contract_deadlines').update({ status: 'open' }).eq('id', earnest.id);
    expect(reopened.error, 'the coordinator reopens it').toBeNull();
    expect((await eventsOf(listingId, KINDS)).length, 'reopening is no done or waived event').toBe(2);
    await coordA.client.from('contract_deadlines').update({ status: 'done' }).eq('id', earnest.id);
    expect((await eventsOf(listingId, ['deadline_done'])).length, 'marking it done again is one more event').toBe(2);

    const activity = await withDb(
      async (db) => (await db.query("select action, user_id from public.activity_log where listing_id = $1 and action in ('deadline_done', 'deadline_waived') order by created_at, action", [listingId])).rows,
    );
    expect(activity.length, 'the activity log keeps an entry per change').toBe(3);
  });
});

describe('who reads and writes events', () => {
  let listingId: string;
  let stored: ListingEvent[];

  beforeAll(async () => {
    listingId = await maineListing();
    const doc = await upload(agentA, listingId, 'disclosure.pdf', { document_type: 'sellers_disclosure' });
    expect((await review(coordA, doc.id, 'return', 'Unsigned')).error, 'the coordinator returns it').toBeNull();
    stored = await eventsOf(listingId, DOCUMENT_KINDS);
    expect(stored.length, 'the listing has its two document events').toBe(2);
  });

  it('the agent and coordinator on the listing read its events; another team and anon read none', async () => {
    for (const actor of [agentA, coordA, admin]) {
      const { data, error } = await actor.client.from('listing_events').select('id, kind, reason, actor_id').eq('listing_id', listingId).in('kind', DOCUMENT_KINDS).order('id');
      expect(error, `${actor.key} reads the events`).toBeNull();
      expect(data?.map((e) => e.kind), `${actor.key} (on the listing, or a super admin) reads both events`).toEqual(['document_submitted', 'document_returned']);
      expect(data?.[1], `${actor.key} reads the actor and the reason`).toMatchObject({ reason: 'Unsigned', actor_id: coordA.id });
    }
    for (const actor of [agentB, coordB]) {
      const { data, error } = await actor.client.from('listing_events').select('id').eq('listing_id', listingId);
      expect(error, `${actor.key} is not refused, just shown nothing`).toBeNull();
      expect(data, `${actor.key} of another team reads none of the listing's events`).toEqual([]);
    }
    const anon = await anonActor().client.from('listing_events').select('id').eq('listing_id', listingId);
    expect(anon.data ?? [], 'anon reads no events').toEqual([]);
  });

  it('nobody inserts, updates or deletes events through the API', async () => {
    const forged = { listing_id: listingId, kind: 'document_approved', from_value: 'submitted', to_value: 'approved', actor_id: coordA.id };
    for (const actor of [agentA, coordA, admin, anonActor()]) {
      const inserted = await actor.client.from('listing_events').insert(forged);
      expect([401, 403], `${actor.key} cannot insert an event (append-only, written by the database)`).toContain(inserted.status);
      const updated = await actor.client.from('listing_events').update({ reason: 'Rewritten' }).eq('id', stored[1].id);
      expect([401, 403], `${actor.key} cannot rewrite an event`).toContain(updated.status);
      const deleted = await actor.client.from('listing_events').delete().eq('id', stored[0].id);
      expect([401, 403], `${actor.key} cannot delete an event`).toContain(deleted.status);
    }
    const rpc = await agentA.client.rpc('record_listing_event', { listing_id: listingId, kind: 'document_approved' });
    expect(rpc.status, 'the writer function is not exposed to the API').toBe(404);
    expect(await eventsOf(listingId, DOCUMENT_KINDS), 'the events are as written').toEqual(stored);
  });
});

describe("the History's pages", () => {
  it('keyset pages in (at, id) order show every event once, newest first, though one statement wrote them at the same time', async () => {
    const listingId = await maineListing();
    // 25 events from one statement share `at`; 5 more a day earlier.
    await withDb(async (db) => {
      await db.query(`select private.record_listing_event($1, 'deadline_done', null, 'custom_' || n, null, '{}', $2) from generate_series(1, 30) n`, [listingId, coordA.id]);
      await db.query(`update public.listing_events set at = at - interval '1 day' where listing_id = $1 and to_value = any($2)`, [
        listingId,
        ['custom_1', 'custom_2', 'custom_3', 'custom_4', 'custom_5'],
      ]);
    });
    const pageSize = 7;
    const seen: { id: number; at: string }[] = [];
    let cursor: KeysetCursor | undefined;
    for (let pages = 0; pages < 10; pages++) {
      let query = agentA.client.from('listing_events').select('id, at').eq('listing_id', listingId).eq('kind', 'deadline_done');
      if (cursor) query = query.or(olderThanFilter(cursor, 'at'));
      const { data, error } = await query.order('at', { ascending: false }).order('id', { ascending: false }).limit(pageSize);
      expect(error, 'the agent pages the history').toBeNull();
      seen.push(...(data as { id: number; at: string }[]));
      cursor = nextCursor(data as { id: number; at: string }[], pageSize, 'at');
      if (!cursor) break;
    }
    const stored = (await eventsOf(listingId, ['deadline_done'])).map((e) => e.id);
    expect(new Set(seen.map((e) => e.id)).size, 'no event repeats across pages').toBe(seen.length);
    expect(seen.length, 'every event is on a page').toBe(stored.length);
    const oldest = stored.slice(0, 5);
    expect(seen.slice(-5).map((e) => e.id).sort((a, b) => a - b), 'the day-earlier events come last (order by at)').toEqual(oldest);
    expect(seen.slice(0, 25).map((e) => e.id), 'events of one time, newest id first').toEqual(stored.slice(5).reverse());
  });
});
