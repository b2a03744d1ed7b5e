/**
 * Required documents, their review and the status gate through the HTTP
 * stack with real sign-ins: a document of a type a checklist requires with
 * approval is submitted for review; only the listing's coordinator (or a
 * super admin) approves or returns it, a return needs a reason and tells the
 * agent; a new upload is a new version that the review then applies to; the
 * compliance queue shows each coordinator their own listings' documents; the
 * gate refuses a stage with the list of what is missing (409) and accepts
 * once everything is approved; only a super admin overrides it, with a
 * reason, and the activity log keeps every decision. Templates here match
 * only Vermont (VT) listings, which no other test file creates.
 */
import crypto from 'node:crypto';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { subscribed, waitFor } from '../support/realtime.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';

let admin: Actor, coordA: Actor, agentA: Actor, coordB: Actor, agentB: Actor;
let templateId: string;
const channels: RealtimeChannel[] = [];

interface Doc {
  id: string;
  version: number;
  version_of: string | null;
  is_latest: boolean;
  document_type: string | null;
  review_state: string | null;
  review_reason: string | null;
  reviewed_by: string | null;
}

beforeAll(async () => {
  admin = await createActor('RevAdmin', 'super_admin');
  coordA = await createActor('RevCoordA', 'tc');
  coordB = await createActor('RevCoordB', 'tc');
  agentA = await createActor('RevAgentA', 'agent', { assignedTcId: coordA.id });
  agentB = await createActor('RevAgentB', 'agent', { assignedTcId: coordB.id });
  const created = await admin.client.from('checklist_templates').insert({ name: 'VT resale', conditions: { states: ['VT'] } }).select('id').single();
  templateId = created.data!.id;
  const items = await admin.client.from('checklist_template_items').insert([
    { template_id: templateId, position: 1, kind: 'document', document_type: 'sellers_disclosure', required_for: 'live', needs_approval: true },
    { template_id: templateId, position: 2, kind: 'document', document_type: 'photos', required_for: 'live', needs_approval: false },
    { template_id: templateId, position: 3, kind: 'document', document_type: 'settlement_statement', required_for: 'closed', needs_approval: true },
  ]);
  expect(items.error, 'the super admin builds the VT template').toBeNull();
});

afterAll(async () => {
  for (const channel of channels) await channel.unsubscribe();
  await withDb((db) => db.query('delete from public.checklist_templates where id = $1', [templateId]));
});

let n = 0;
async function vermontListing(agent = agentA): Promise<{ id: string; address: string }> {
  const address = `${++n} Review Rd, Burlington VT`;
  const created = await agent.client.from('listings').insert({ address, agent_id: agent.id, state: 'VT' }).select('id').single();
  expect(created.error, `${agent.key} creates a Vermont listing`).toBeNull();
  return { id: created.data!.id as string, address };
}

async function upload(actor: Actor, listingId: string, fileName: string, extra: Record<string, unknown> = {}): Promise<Doc> {
  const created = await actor.client
    .from('documents')
    .insert({ listing_id: listingId, file_name: fileName, file_url: `listings/${listingId}/${fileName}`, file_type: 'application/pdf', file_size: 1000, ...extra })
    .select('*')
    .single();
  expect(created.error, `${actor.key} uploads ${fileName}`).toBeNull();
  return created.data as Doc;
}

const review = (actor: Actor, documentId: string, decision: string, reason?: string) =>
  actor.client.rpc('review_document', { document_id: documentId, decision, ...(reason === undefined ? {} : { reason }) });

const refusal = (res: { status: number; error: { message: string } | null }) => ({ status: res.status, message: res.error?.message });

async function notificationsOf(actor: Actor, titleStart: string) {
  const { data } = await actor.client.from('notifications').select('title, content, action_url').like('title', `${titleStart}%`);
  return data ?? [];
}

async function activity(listingId: string, action: string) {
  return withDb(async (db) => (await db.query('select user_id, metadata from public.activity_log where listing_id = $1 and action = $2', [listingId, action])).rows);
}

describe('review of required documents', () => {
  it('submitted on upload; only the coordinator decides; a return needs a reason and tells the agent; a new version is reviewed again', async () => {
    const listing = await vermontListing();
    const first = await upload(agentA, listing.id, 'disclosure.pdf', { document_type: 'sellers_disclosure', review_state: 'approved', reviewed_by: agentA.id });
    expect([first.review_state, first.reviewed_by, first.version], 'the database submits it for review, whatever the client sent').toEqual(['submitted', null, 1]);
    expect(await notificationsOf(coordA, `Submitted for review: Seller's Disclosure — ${listing.address}`), 'the coordinator is told').toEqual([
      expect.objectContaining({ action_url: '/compliance' }),
    ]);

    expect(refusal(await review(agentA, first.id, 'approve')), 'the agent cannot approve').toEqual({ status: 403, message: "only the listing's coordinator reviews documents" });
    expect(refusal(await review(agentA, first.id, 'return', 'Looks wrong')), 'nor return').toEqual({ status: 403, message: "only the listing's coordinator reviews documents" });
    expect(refusal(await review(coordB, first.id, 'approve')), "another team's coordinator sees no such document").toEqual({ status: 404, message: 'document not found' });
    expect(refusal(await review(coordA, first.id, 'return', '  ')), 'a return needs a reason').toEqual({ status: 400, message: 'a reason is required to return a document' });
    expect(refusal(await review(coordA, first.id, 'maybe')), 'decisions are approve or return').toEqual({ status: 400, message: 'decision must be approve or return' });
    const direct = await agentA.client.from('documents').update({ review_state: 'approved' }).eq('id', first.id);
    expect(direct.error?.code, 'nobody writes the review state directly').toBe('42501');

    const returned = await review(coordA, first.id, 'return', 'The sellers did not sign page 2.');
    expect(returned.error, 'the coordinator returns it').toBeNull();
    expect((returned.data as Doc).review_state).toBe('returned');
    expect(await notificationsOf(agentA, `Returned: Seller's Disclosure — ${listing.address}`), 'the agent is told, with the reason').toEqual([
      { title: `Returned: Seller's Disclosure — ${listing.address}`, content: 'The sellers did not sign page 2.', action_url: `/agent-listing/${listing.id}` },
    ]);
    const agentsReturned = await agentA.client.from('compliance_queue').select('document_id, review_reason').eq('agent_id', agentA.id).eq('review_state', 'returned');
    expect(agentsReturned.data, 'the agent reads their returned document with its reason').toEqual([{ document_id: first.id, review_reason: 'The sellers did not sign page 2.' }]);
    expect(refusal(await review(coordA, first.id, 'approve')), 'a returned document waits for a new version').toEqual({ status: 409, message: 'this document is not waiting for review' });

    const second = await upload(agentA, listing.id, 'disclosure-signed.pdf', { version_of: first.id, document_type: 'other' });
    expect([second.version, second.version_of, second.document_type, second.review_state], 'a new version: number 2, same type, submitted').toEqual([2, first.id, 'sellers_disclosure', 'submitted']);
    const versions = (await agentA.client.from('documents').select('id, is_latest').in('id', [first.id, second.id]).order('version')).data;
    expect(versions, 'the earlier version stays readable, no longer the latest').toEqual([{ id: first.id, is_latest: false }, { id: second.id, is_latest: true }]);
    const third = await upload(agentA, listing.id, 'disclosure-final.pdf', { version_of: second.id });
    expect([third.version, third.version_of], 'a version of a version is filed under the first').toEqual([3, first.id]);
    await withDb((db) => db.query('delete from public.documents where id = $1', [third.id]));

    const queueA = await coordA.client.from('compliance_queue').select('document_id, version, type_label, agent_id').eq('listing_tc_id', coordA.id).eq('review_state', 'submitted').eq('listing_id', listing.id);
    expect(queueA.data, "the coordinator's queue shows the latest version only").toEqual([{ document_id: second.id, version: 2, type_label: "Seller's Disclosure", agent_id: agentA.id }]);
    expect((await coordB.client.from('compliance_queue').select('document_id').eq('listing_id', listing.id)).data, 'another team sees nothing of it').toEqual([]);
    expect(refusal(await review(coordA, first.id, 'approve')), 'an earlier version is not reviewed').toEqual({ status: 409, message: 'this document is not waiting for review' });
    expect((await review(coordA, second.id, 'approve')).error, 'the coordinator approves the new version').toBeNull();

    expect((await activity(listing.id, 'document_returned'))[0], 'the return is logged with who and why').toMatchObject({ user_id: coordA.id, metadata: { reason: 'The sellers did not sign page 2.' } });
    expect((await activity(listing.id, 'document_approved'))[0], 'the approval is logged').toMatchObject({ user_id: coordA.id, metadata: { version: 2 } });
    expect((await activity(listing.id, 'document_version')).length, 'each new version is logged').toBe(2);
  });

  it('a type set later starts the review; only the uploader renames; a version takes its type from the first', async () => {
    const listing = await vermontListing();
    const untyped = await upload(agentA, listing.id, 'scan-0042.pdf');
    expect(untyped.review_state, 'no type, nothing to review').toBeNull();
    const typed = await coordA.client.from('documents').update({ document_type: 'sellers_disclosure' }).eq('id', untyped.id).select('review_state').single();
    expect(typed.data, "the coordinator sets the type of the agent's upload; it is submitted").toEqual({ review_state: 'submitted' });
    const rename = await coordA.client.from('documents').update({ file_name: 'mine.pdf' }).eq('id', untyped.id);
    expect(refusal(rename), 'but does not rename it').toEqual({ status: 403, message: "only the uploader renames or files a document; the listing's people set its type" });
    const version = await upload(agentA, listing.id, 'scan-0043.pdf', { version_of: untyped.id });
    const retype = await agentA.client.from('documents').update({ document_type: 'photos' }).eq('id', version.id);
    expect(refusal(retype)).toEqual({ status: 400, message: 'a version keeps the type of its first version: set the type there' });
    const foreign = await upload(agentB, (await vermontListing(agentB)).id, 'b.pdf');
    const hijack = await agentA.client.from('documents').insert({ version_of: foreign.id, file_name: 'x.pdf', file_url: 'listings/x/x.pdf' });
    expect(refusal(hijack), "no version of another team's document").toEqual({ status: 404, message: 'document not found' });
  });
});

describe('the status gate', () => {
  it('refuses with the list of what is missing, then accepts once approved', async () => {
    const listing = await vermontListing();
    const progress = async (actor = agentA) => (await actor.client.rpc('listing_compliance', { listing_id: listing.id })).data as Array<Record<string, unknown>>;
    expect(await progress(), 'per stage: required, approved and what is missing').toEqual([
      { stage: 'live', required: 2, approved: 0, missing: [
        { document_type: 'sellers_disclosure', label: "Seller's Disclosure", state: 'missing' },
        { document_type: 'photos', label: 'Photos', state: 'missing' },
      ] },
      { stage: 'under_contract', required: 0, approved: 0, missing: [] },
      { stage: 'closed', required: 1, approved: 0, missing: [{ document_type: 'settlement_statement', label: 'Settlement Statement', state: 'missing' }] },
    ]);
    expect(refusal(await coordB.client.rpc('listing_compliance', { listing_id: listing.id })), 'another team: unknown').toEqual({ status: 404, message: 'listing not found' });

    const live = () => coordA.client.rpc('set_listing_status', { listing_id: listing.id, new_status: 'live' });
    expect(refusal(await live()), 'nothing uploaded').toEqual({ status: 409, message: "cannot move to Live: missing or not approved: Seller's Disclosure (missing), Photos (missing)" });
    const disclosure = await upload(agentA, listing.id, 'sd.pdf', { document_type: 'sellers_disclosure' });
    await upload(agentA, listing.id, 'front.jpg', { document_type: 'photos' });
    expect(refusal(await live()), 'photos need no approval; the disclosure waits').toEqual({ status: 409, message: "cannot move to Live: missing or not approved: Seller's Disclosure (submitted)" });
    await review(coordA, disclosure.id, 'return', 'Unsigned.');
    expect(refusal(await live()), 'returned').toEqual({ status: 409, message: "cannot move to Live: missing or not approved: Seller's Disclosure (returned)" });
    const signed = await upload(agentA, listing.id, 'sd-signed.pdf', { version_of: disclosure.id });
    await review(coordA, signed.id, 'approve');
    expect((await live()).error, 'everything for live approved: the listing goes live').toBeNull();
    expect((await progress())[0], 'live complete').toMatchObject({ stage: 'live', required: 2, approved: 2, missing: [] });

    const summary = await coordA.client.rpc('listing_compliance_summary', { listing_ids: [listing.id] });
    expect(summary.data, 'a live listing counts every stage up to under_contract').toEqual([{ listing_id: listing.id, required: 2, approved: 2 }]);
    expect((await coordB.client.rpc('listing_compliance_summary', { listing_ids: [listing.id] })).data, 'another team gets no row').toEqual([]);

    const contract = await agentA.client.from('contracts').insert({ listing_id: listing.id, form: 'trec-20-18', effective_date: '2026-07-01' }).select('id').single();
    expect(contract.error, 'recording a contract moves it under contract: nothing required there').toBeNull();
    const close = await coordA.client.rpc('close_contract', { contract_id: contract.data!.id });
    expect(refusal(close), 'closing is gated too (through the contract trigger)').toEqual({ status: 409, message: 'cannot move to Closed: missing or not approved: Settlement Statement (missing)' });
  });

  it('only a super admin overrides, with a reason, and the log keeps it', async () => {
    const listing = await vermontListing();
    for (const actor of [agentA, coordA]) {
      const res = await actor.client.rpc('override_listing_status', { listing_id: listing.id, new_status: 'live', reason: 'Broker approved' });
      expect(refusal(res), `${actor.key} cannot override`).toEqual({ status: 403, message: 'only a super admin overrides the compliance gate' });
    }
    const noReason = await admin.client.rpc('override_listing_status', { listing_id: listing.id, new_status: 'live', reason: ' ' });
    expect(refusal(noReason)).toEqual({ status: 400, message: 'a reason is required to override the compliance gate' });
    const done = await admin.client.rpc('override_listing_status', { listing_id: listing.id, new_status: 'live', reason: 'Broker approved the listing by phone' });
    expect((done.data as { status: string }).status, 'the super admin moves it past the gate').toBe('live');
    expect(await activity(listing.id, 'compliance_override'), 'logged with who, why and what was missing').toEqual([
      { user_id: admin.id, metadata: { status: 'live', reason: 'Broker approved the listing by phone', missing: "Seller's Disclosure (missing), Photos (missing)" } },
    ]);
    const backToReady = await coordA.client.rpc('set_listing_status', { listing_id: listing.id, new_status: 'ready' });
    expect(backToReady.error, 'moving back is never gated').toBeNull();

    // The read rule tests the documents' copies of the listing's people first: they follow a reassignment.
    const doc = await upload(agentA, listing.id, 'before-move.pdf', { document_type: 'sellers_disclosure' });
    expect((await admin.client.from('listings').update({ agent_id: agentB.id, tc_id: coordB.id }).eq('id', listing.id)).error, 'the super admin moves the listing to team B').toBeNull();
    for (const [actor, sees] of [[agentA, 0], [coordA, 0], [agentB, 1], [coordB, 1]] as const) {
      const seen = await actor.client.from('compliance_queue').select('document_id').eq('document_id', doc.id);
      expect(seen.data?.length, `${actor.key} ${sees ? 'now reads' : 'no longer reads'} the document`).toBe(sees);
    }
  });
});

describe('live updates', () => {
  it("a decision reaches the agent without reload, a submission the coordinator; another team receives nothing", async () => {
    const listing = await vermontListing();
    const got: Record<string, string[]> = { agentA: [], coordA: [], coordB: [] };
    for (const [name, actor] of [['agentA', agentA], ['coordA', coordA], ['coordB', coordB]] as const) {
      const channel = actor.client
        .channel(`reviews-${crypto.randomUUID()}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'documents' }, (p) => {
          const row = p.new as { listing_id?: string; review_state?: string };
          if (row.listing_id === listing.id) got[name].push(`${p.eventType}:${row.review_state}`);
        });
      await subscribed(channel);
      channels.push(channel);
    }
    const doc = await upload(agentA, listing.id, 'live.pdf', { document_type: 'sellers_disclosure' });
    await waitFor(() => got.coordA.includes('INSERT:submitted'), 'the coordinator to receive the submission');
    await review(coordA, doc.id, 'return', 'Wrong form.');
    await waitFor(() => got.agentA.includes('UPDATE:returned'), 'the agent to receive the return');
    expect(got.coordB, 'another team receives nothing').toEqual([]);
  });
});
