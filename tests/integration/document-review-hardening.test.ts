/**
 * Issue 51, items 2, 5, 8b and 10, through the HTTP stack with real sign-ins
 * (supabase-js Storage and PostgREST):
 * - an approved document's file cannot be swapped: overwriting (upsert,
 *   update), moving it away or onto it, and deleting it are refused while the
 *   row says approved (or is waiting for review), the bytes stay; a new upload
 *   is a new version, submitted again; the approval records the size and
 *   checksum of the file it approved;
 * - "required" reasons (returning a document, terminating a contract,
 *   overriding the gate) accept only real text: tabs, newlines, no-break and
 *   ideographic spaces are nothing;
 * - a document row's file path is in its own listing's or team's folder;
 * - set_listing_status, override_listing_status and apply_checklist_template
 *   answer another team's listing exactly as an unknown one (404).
 * Templates here match only North Dakota (ND) listings.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

const DOCS = 'listing-documents';
let admin: Actor, coordA: Actor, agentA: Actor, coordB: Actor, agentB: Actor;
let templateId: string;

beforeAll(async () => {
  admin = await createActor('HardAdmin', 'super_admin');
  coordA = await createActor('HardCoordA', 'tc');
  coordB = await createActor('HardCoordB', 'tc');
  agentA = await createActor('HardAgentA', 'agent', { assignedTcId: coordA.id });
  agentB = await createActor('HardAgentB', 'agent', { assignedTcId: coordB.id });
  const created = await admin.client.from('checklist_templates').insert({ name: 'ND resale', conditions: { states: ['ND'] } }).select('id').single();
  expect(created.error, 'the super admin builds the ND template').toBeNull();
  templateId = created.data!.id as string;
  const items = await admin.client.from('checklist_template_items').insert([
    { template_id: templateId, position: 1, kind: 'document', document_type: 'sellers_disclosure', required_for: 'live', needs_approval: true },
  ]);
  expect(items.error, 'with one document that needs approval').toBeNull();
});

afterAll(async () => {
  await withDb((db) => db.query('delete from public.checklist_templates where id = $1', [templateId]));
});

let n = 0;
async function northDakotaListing(agent = agentA): Promise<string> {
  const created = await agent.client.from('listings').insert({ address: `${++n} Prairie Rd, Fargo ND`, agent_id: agent.id, state: 'ND' }).select('id').single();
  expect(created.error, `${agent.key} creates a North Dakota listing`).toBeNull();
  return created.data!.id as string;
}

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const md5 = (bytes: Buffer) => crypto.createHash('md5').update(bytes).digest('hex');
const refusal = (res: { status: number; error: { message: string } | null }) => ({ status: res.status, message: res.error?.message });

/** Uploads the bytes and records them as a listing document, as the app does (file first, then the row). */
async function uploadDocument(actor: Actor, listingId: string, bytes: Buffer, extra: Record<string, unknown> = {}) {
  const path = `listings/${listingId}/${crypto.randomUUID()}-disclosure.pdf`;
  const uploaded = await actor.client.storage.from(DOCS).upload(path, bytes, { contentType: 'application/pdf' });
  expect(uploaded.error, `${actor.key} uploads the file`).toBeNull();
  const row = await actor.client
    .from('documents')
    .insert({ listing_id: listingId, file_name: 'Disclosure.pdf', file_url: path, file_type: 'application/pdf', file_size: bytes.length, ...extra })
    .select('id, review_state')
    .single();
  expect(row.error, `${actor.key} records the document`).toBeNull();
  return { id: row.data!.id as string, reviewState: row.data!.review_state as string | null, path };
}

async function downloaded(actor: Actor, path: string): Promise<Buffer | null> {
  const { data } = await actor.client.storage.from(DOCS).download(path);
  return data ? Buffer.from(await data.arrayBuffer()) : null;
}

describe('item 2: an approved document cannot be swapped', () => {
  it("the uploader's upsert over an approved file is refused and the bytes stay; so are update, move and delete; the approval records size and checksum", async () => {
    const listingId = await northDakotaListing();
    const original = pdf(`signed disclosure ${crypto.randomUUID()}`);
    const doc = await uploadDocument(agentA, listingId, original, { document_type: 'sellers_disclosure' });
    expect(doc.reviewState, 'a required type is submitted for review').toBe('submitted');
    const approved = await coordA.client.rpc('review_document', { document_id: doc.id, decision: 'approve' });
    expect(approved.error, 'the coordinator approves').toBeNull();

    const forged = pdf(`forged disclosure ${crypto.randomUUID()} with other terms`);
    const upsert = await agentA.client.storage.from(DOCS).upload(doc.path, forged, { contentType: 'application/pdf', upsert: true });
    expect((upsert.error as { statusCode?: string } | null)?.statusCode, 'the uploader cannot overwrite the approved file (upsert): 403').toBe('403');
    expect((await downloaded(coordA, doc.path))?.equals(original), 'the bytes downloaded are still the approved ones').toBe(true);
    const update = await agentA.client.storage.from(DOCS).update(doc.path, forged, { contentType: 'application/pdf' });
    expect(update.error, 'nor replace it (update)').not.toBeNull();
    const adminUpsert = await admin.client.storage.from(DOCS).upload(doc.path, forged, { contentType: 'application/pdf', upsert: true });
    expect(adminUpsert.error, 'not even a super admin replaces approved bytes').not.toBeNull();

    const aside = `listings/${listingId}/${crypto.randomUUID()}-aside.pdf`;
    const moveAway = await agentA.client.storage.from(DOCS).move(doc.path, aside);
    expect(moveAway.error, 'the approved file cannot be moved away (to put other bytes at its path)').not.toBeNull();
    const decoy = `listings/${listingId}/${crypto.randomUUID()}-decoy.pdf`;
    expect((await agentA.client.storage.from(DOCS).upload(decoy, forged, { contentType: 'application/pdf' })).error, 'an unrelated upload is fine').toBeNull();
    const moveOnto = await agentA.client.storage.from(DOCS).move(decoy, doc.path);
    expect(moveOnto.error, 'nor can another file be moved onto it').not.toBeNull();
    const removed = await agentA.client.storage.from(DOCS).remove([doc.path]);
    expect(removed.data ?? [], 'the uploader cannot delete the approved file while its row stands').toEqual([]);
    expect((await downloaded(agentA, doc.path))?.equals(original), 'after all that, the bytes are still the approved ones').toBe(true);

    const row = await agentA.client.from('documents').select('review_state, reviewed_size, reviewed_checksum').eq('id', doc.id).single();
    expect(row.data, 'the approval records the size and checksum (Storage eTag, MD5) of the approved file').toEqual({
      review_state: 'approved',
      reviewed_size: original.length,
      reviewed_checksum: md5(original),
    });
  });

  it('a signed upload URL obtained before the approval cannot overwrite the approved file either', async () => {
    const listingId = await northDakotaListing();
    const original = pdf(`disclosure ${crypto.randomUUID()}`);
    const path = `listings/${listingId}/${crypto.randomUUID()}-disclosure.pdf`;
    expect((await agentA.client.storage.from(DOCS).upload(path, original, { contentType: 'application/pdf' })).error, 'the agent uploads').toBeNull();
    const signed = await agentA.client.storage.from(DOCS).createSignedUploadUrl(path, { upsert: true });
    expect(signed.error, 'and, while nothing is under review, gets a signed URL to overwrite it later (2 hours)').toBeNull();
    const row = await agentA.client
      .from('documents')
      .insert({ listing_id: listingId, file_name: 'Disclosure.pdf', file_url: path, file_type: 'application/pdf', file_size: original.length, document_type: 'sellers_disclosure' })
      .select('id')
      .single();
    expect((await coordA.client.rpc('review_document', { document_id: row.data!.id, decision: 'approve' })).error, 'the coordinator approves').toBeNull();

    const forged = pdf(`forged ${crypto.randomUUID()}`);
    const swap = await agentA.client.storage.from(DOCS).uploadToSignedUrl(path, signed.data!.token, forged, { contentType: 'application/pdf' });
    expect((swap.error as { statusCode?: string } | null)?.statusCode, 'the signed URL (which writes past the policies) cannot overwrite the approved file: 403').toBe('403');
    expect((await downloaded(coordA, path))?.equals(original), 'the bytes are still the approved ones').toBe(true);
  });

  it('the file of a document waiting for review is frozen too (the reviewer approves what they opened); a new upload is a new version, submitted again', async () => {
    const listingId = await northDakotaListing();
    const original = pdf(`disclosure ${crypto.randomUUID()}`);
    const doc = await uploadDocument(agentA, listingId, original, { document_type: 'sellers_disclosure' });
    const forged = pdf(`forged disclosure ${crypto.randomUUID()} with other terms`);
    const whileSubmitted = await agentA.client.storage.from(DOCS).upload(doc.path, forged, { contentType: 'application/pdf', upsert: true });
    expect((whileSubmitted.error as { statusCode?: string } | null)?.statusCode, 'the file under review cannot be overwritten: 403').toBe('403');
    expect((await downloaded(coordA, doc.path))?.equals(original), 'its bytes stay').toBe(true);

    const next = pdf(`disclosure with the buyer's initials ${crypto.randomUUID()}`);
    const version = await uploadDocument(agentA, listingId, next, { version_of: doc.id });
    expect(version.reviewState, 'a new upload is a new version, submitted for review').toBe('submitted');
    expect((await downloaded(agentA, doc.path))?.equals(original), 'the earlier version keeps its bytes').toBe(true);

    const deleted = await agentA.client.from('documents').delete().eq('id', version.id).select('id');
    expect(deleted.data, 'the uploader deletes their new version (row first)').toHaveLength(1);
    expect((await agentA.client.storage.from(DOCS).remove([version.path])).data, '… then its file, which no reviewed row holds any more').toHaveLength(1);

    const untyped = await uploadDocument(agentA, listingId, pdf(crypto.randomUUID()));
    expect(untyped.reviewState, 'an untyped document needs no review').toBeNull();
    const replaced = await agentA.client.storage.from(DOCS).upload(untyped.path, forged, { contentType: 'application/pdf', upsert: true });
    expect(replaced.error, 'its uploader may still replace its file, as before').toBeNull();
  });
});

describe('item 5: a required reason is real text', () => {
  const blanks = ['\t\n', '\u00a0\u3000'];

  it('returning a document: whitespace of any kind is no reason; a real one is stored trimmed', async () => {
    const listingId = await northDakotaListing();
    const doc = await uploadDocument(agentA, listingId, pdf(crypto.randomUUID()), { document_type: 'sellers_disclosure' });
    for (const blank of blanks) {
      const res = await coordA.client.rpc('review_document', { document_id: doc.id, decision: 'return', reason: blank });
      expect(refusal(res), `a reason of ${JSON.stringify(blank)} is refused`).toEqual({ status: 400, message: 'a reason is required to return a document' });
    }
    const ok = await coordA.client.rpc('review_document', { document_id: doc.id, decision: 'return', reason: '\u00a0Page 2 is unsigned.\n' });
    expect(ok.error, 'a real reason returns it').toBeNull();
    expect((ok.data as { review_reason: string }).review_reason, 'stored without the surrounding whitespace').toBe('Page 2 is unsigned.');
  });

  it('terminating a contract: whitespace of any kind is no reason; a real one is stored trimmed', async () => {
    const listingId = await withDb((db) => insertRow(db, 'listings', { address: `${++n} Terminate Ct, Austin TX`, agent_id: agentA.id, tc_id: coordA.id, status: 'live' }));
    const contract = await agentA.client.from('contracts').insert({ listing_id: listingId, form: 'trec-20-18', effective_date: '2026-07-01' }).select('id').single();
    expect(contract.error, 'the agent records a contract').toBeNull();
    for (const blank of blanks) {
      const res = await coordA.client.rpc('terminate_contract', { contract_id: contract.data!.id, reason: blank });
      expect(refusal(res), `a reason of ${JSON.stringify(blank)} is refused`).toEqual({ status: 400, message: 'a reason is required to terminate a contract' });
    }
    const ok = await coordA.client.rpc('terminate_contract', { contract_id: contract.data!.id, reason: '\u3000Buyer financing fell through\t' });
    expect(ok.error, 'a real reason terminates it').toBeNull();
    expect((ok.data as { termination_reason: string }).termination_reason, 'stored without the surrounding whitespace').toBe('Buyer financing fell through');
  });

  it('overriding the gate: whitespace of any kind is no reason; a real one is logged trimmed', async () => {
    const listingId = await northDakotaListing();
    for (const blank of blanks) {
      const res = await admin.client.rpc('override_listing_status', { listing_id: listingId, new_status: 'live', reason: blank });
      expect(refusal(res), `a reason of ${JSON.stringify(blank)} is refused`).toEqual({ status: 400, message: 'a reason is required to override the compliance gate' });
    }
    const ok = await admin.client.rpc('override_listing_status', { listing_id: listingId, new_status: 'live', reason: '\nBroker approved by phone\u00a0' });
    expect(ok.error, 'a real reason overrides').toBeNull();
    const logged = await withDb((db) => db.query<{ reason: string }>("select metadata ->> 'reason' as reason from public.activity_log where listing_id = $1 and action = 'compliance_override'", [listingId]));
    expect(logged.rows, 'the reason is logged without the surrounding whitespace').toEqual([{ reason: 'Broker approved by phone' }]);
  });
});

describe("item 8b: a document row points only into its own listing's or team's folder", () => {
  it("a listing document under another listing's folder, a team's, or a path climbing out is refused; its own folder is fine", async () => {
    const mine = await northDakotaListing();
    const other = await northDakotaListing();
    const foreign = await northDakotaListing(agentB);
    const wrong = [
      `listings/${foreign}/contract.pdf`,
      `listings/${other}/contract.pdf`,
      `teams/${coordA.id}/contract.pdf`,
      `listings/${mine}/../${foreign}/contract.pdf`,
      `listings/${mine}`,
      'https://evil.example/contract.pdf',
    ];
    for (const path of wrong) {
      const res = await agentA.client.from('documents').insert({ listing_id: mine, file_name: 'c.pdf', file_url: path });
      expect(refusal(res), `a listing document at ${path} is refused`).toEqual({
        status: 400,
        message: "a listing document's file must be in its listing's folder (listings/<listing id>/)",
      });
    }
    const first = await agentA.client.from('documents').insert({ listing_id: mine, file_name: 'c.pdf', file_url: `listings/${mine}/c.pdf` }).select('id').single();
    expect(first.error, "its own listing's folder is fine").toBeNull();
    const version = await agentA.client.from('documents').insert({ version_of: first.data!.id, file_name: 'c2.pdf', file_url: `listings/${other}/c2.pdf` });
    expect(refusal(version), "a new version's file is in its first version's listing folder").toEqual({
      status: 400,
      message: "a listing document's file must be in its listing's folder (listings/<listing id>/)",
    });
  });

  it("a team document outside its team's folder is refused", async () => {
    for (const path of [`teams/${coordB.id}/handbook.pdf`, `listings/${crypto.randomUUID()}/handbook.pdf`, `teams/${coordA.id}/../${coordB.id}/h.pdf`]) {
      const res = await agentA.client.from('documents').insert({ is_general: true, file_name: 'h.pdf', file_url: path });
      expect(refusal(res), `a team document at ${path} is refused`).toEqual({
        status: 400,
        message: "a team document's file must be in its team's folder (teams/<coordinator id>/)",
      });
    }
    const ok = await agentA.client.from('documents').insert({ is_general: true, file_name: 'h.pdf', file_url: `teams/${coordA.id}/h.pdf` });
    expect(ok.error, "its own team's folder is fine").toBeNull();
  });

  it("create_contract_from_intake cannot file a document pointing at another team's listing", async () => {
    const mine = await withDb((db) => insertRow(db, 'listings', { address: `${++n} Intake Pl, Austin TX`, agent_id: agentA.id, tc_id: coordA.id, status: 'live' }));
    const foreign = await northDakotaListing(agentB);
    const intakeId = await withDb((db) => insertRow(db, 'contract_intakes', { listing_id: mine, created_by: agentA.id, pages: 1 }));
    const contract = { form: 'trec-20-18', effective_date: '2026-07-01' };
    const res = await agentA.client.rpc('create_contract_from_intake', {
      intake_id: intakeId,
      contract,
      facts: contract,
      document: { file_name: 'contract.pdf', file_url: `listings/${foreign}/contract.pdf`, file_type: 'application/pdf', file_size: 1 },
    });
    expect(refusal(res), "the document row is refused, and with it the whole save").toEqual({
      status: 400,
      message: "a listing document's file must be in its listing's folder (listings/<listing id>/)",
    });
    const contracts = await agentA.client.from('contracts').select('id').eq('listing_id', mine);
    expect(contracts.data, 'no contract was left behind').toEqual([]);
  });
});

describe('item 10: no existence leak', () => {
  it("another team's listing answers like an unknown one; the listing's own people get 403", async () => {
    const listingId = await northDakotaListing();
    const unknown = crypto.randomUUID();
    const calls = [
      ['set_listing_status', { new_status: 'ready' }],
      ['override_listing_status', { new_status: 'ready', reason: 'Broker approved' }],
      ['apply_checklist_template', { template_id: templateId }],
    ] as const;
    for (const [fn, args] of calls) {
      for (const stranger of [coordB, agentB]) {
        const missing = await stranger.client.rpc(fn, { listing_id: unknown, ...args });
        const foreign = await stranger.client.rpc(fn, { listing_id: listingId, ...args });
        expect(refusal(missing), `${fn}: an unknown listing is 404`).toEqual({ status: 404, message: 'listing not found' });
        expect(refusal(foreign), `${fn}: ${stranger.key} gets the same answer for another team's listing`).toEqual(refusal(missing));
      }
    }
    expect(refusal(await agentA.client.rpc('set_listing_status', { listing_id: listingId, new_status: 'ready' })), "the listing's agent sees it: 403").toEqual({
      status: 403,
      message: "only the listing's coordinator changes its status",
    });
    expect(refusal(await coordA.client.rpc('override_listing_status', { listing_id: listingId, new_status: 'live', reason: 'Broker approved' })), 'its coordinator sees it: 403').toEqual({
      status: 403,
      message: 'only a super admin overrides the compliance gate',
    });
    expect(refusal(await agentA.client.rpc('apply_checklist_template', { listing_id: listingId, template_id: templateId })), "the listing's agent: 403").toEqual({
      status: 403,
      message: "only the listing's coordinator applies checklist templates",
    });
  });
});
