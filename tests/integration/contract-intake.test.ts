/**
 * Contract intake through the HTTP stack (gateway → contract-intake Edge
 * Function → PostgREST): who may read a contract for a listing (403 for
 * another team), what the function refuses (415 not a PDF, 413 over 25 MB
 * or 40 pages, 422 a broken PDF, each with a message), the reading of a
 * text contract with a citation for every proposal, the log row, and saving
 * a reviewed reading in one transaction (contract, stored PDF, outcomes)
 * with the super admin's accepted-as-proposed rate per source.
 * The model path (fake provider) is in contract-intake-ai.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { stackInfo, withDb } from '../support/clients.ts';
import { blankPdf, brokenPdf, TERMS_SHEET_TRUTH, termsSheetPdf } from '../support/contract-pdf.ts';
import { anonActor, createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

let agent: Actor, coord: Actor, stranger: Actor, admin: Actor;

beforeAll(async () => {
  coord = await createActor('IntakeCoord', 'tc');
  stranger = await createActor('IntakeStranger', 'tc');
  agent = await createActor('IntakeAgent', 'agent', { assignedTcId: coord.id });
  admin = await createActor('IntakeAdmin', 'super_admin');
});

let n = 0;
const newListing = () => withDb((db) => insertRow(db, 'listings', { address: `${++n} Intake Lane, Austin TX`, agent_id: agent.id, tc_id: coord.id, status: 'live' }));

interface Reading {
  intakeId: string;
  form: string;
  pages: number;
  fields: { key: string; value: unknown; confidence: number; source: string; citation: { page: number; text: string } | null }[];
  paths: string[];
  warning?: string;
  message?: string;
}

/** POSTs multipart to the function as `actor`; `bodyBytes` replaces the file part's bytes. */
async function intake(actor: Actor, listingId: string, file: Uint8Array | null, fileName = 'contract.pdf', type = 'application/pdf') {
  const { data } = await actor.client.auth.getSession();
  const form = new FormData();
  form.set('listingId', listingId);
  if (file) form.set('file', new Blob([file as BlobPart], { type }), fileName);
  const response = await fetch(`${stackInfo().apiUrl}/functions/v1/contract-intake`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${data.session!.access_token}`, apikey: stackInfo().anonKey },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Reading };
}

describe('who may read a contract for a listing', () => {
  it("the listing's agent, its coordinator and a super admin get a reading; another team's coordinator gets 403", async () => {
    const listingId = await newListing();
    const pdf = await termsSheetPdf();
    for (const actor of [agent, coord, admin]) {
      const answer = await intake(actor, listingId, pdf);
      expect(answer.status, `${actor.key} reads the contract`).toBe(200);
    }
    const refused = await intake(stranger, listingId, pdf);
    expect([refused.status, refused.body.message], 'a stranger is refused with a message').toEqual([403, 'You may not read contracts for this listing.']);
    const unknown = await intake(coord, crypto.randomUUID(), pdf);
    expect(unknown.status, 'an unknown listing is the same 403 (nothing learned)').toBe(403);
  });
});

describe('what the function refuses', () => {
  let listingId: string;
  beforeAll(async () => {
    listingId = await newListing();
  });

  it('a file that is not a PDF is 415, whatever its name says', async () => {
    const answer = await intake(coord, listingId, new TextEncoder().encode('Sales Price: $450,000'), 'contract.pdf');
    expect([answer.status, answer.body.message], 'not a PDF').toEqual([415, 'Only PDF files can be read as contracts; this file is not a PDF.']);
  });

  it('a file over 25 MB is 413 and more than 40 pages is 413, each saying the limit', async () => {
    const big = new Uint8Array(25 * 1024 * 1024 + 10);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const oversized = await intake(coord, listingId, big);
    expect([oversized.status, oversized.body.message], 'over 25 MB').toEqual([413, 'The PDF is larger than 25 MB; at most 25 MB can be read.']);
    const long = await intake(coord, listingId, await blankPdf(41));
    expect([long.status, long.body.message], 'over 40 pages').toEqual([413, 'The PDF has 41 pages; at most 40 pages can be read.']);
  });

  it('a broken PDF is 422 with a message saying what to do', async () => {
    const answer = await intake(coord, listingId, brokenPdf());
    expect(answer.status, 'broken PDF').toBe(422);
    expect(answer.body.message, 'the message says it could not be read and what to try').toMatch(/^This PDF could not be read \(.+\)\. Try saving or printing it to a new PDF/);
  });

  it('a request without a file is 400', async () => {
    const answer = await intake(coord, listingId, null);
    expect(answer.status, 'no file').toBe(400);
  });
});

describe('reading a text contract and saving it', () => {
  it('proposes the stated facts, each with a citation found on its page, and logs the reading', async () => {
    const listingId = await newListing();
    const answer = await intake(coord, listingId, await termsSheetPdf({ pages: 3 }));
    expect(answer.status, 'read').toBe(200);
    expect([answer.body.form, answer.body.pages, answer.body.paths], 'form, pages, paths').toEqual(['trec-20-18', 3, ['text']]);
    const values = Object.fromEntries(answer.body.fields.map((fact) => [fact.key, fact.value]));
    expect(values, 'the stated facts, in their shapes').toMatchObject(TERMS_SHEET_TRUTH);
    expect(answer.body.fields.every((fact) => fact.citation && fact.citation.page === 1 && fact.citation.text.length > 0), 'every proposal is cited').toBe(true);
    const logged = await coord.client.from('contract_intakes').select('pages, paths, form, created_by, proposed, accepted').eq('id', answer.body.intakeId).single();
    expect(logged.data, 'the reading is logged as the caller, not yet saved').toMatchObject({ pages: 3, paths: ['text'], form: 'trec-20-18', created_by: coord.id, accepted: null });
    expect((logged.data!.proposed as unknown[]).length, 'with its proposals').toBe(answer.body.fields.length);
    const hidden = await stranger.client.from('contract_intakes').select('id').eq('id', answer.body.intakeId);
    expect(hidden.data, "another team's coordinator does not see the log").toEqual([]);
  });

  it('create_contract_from_intake saves the contract, the PDF document and the outcomes in one go; the super admin sees the rate per source', async () => {
    const listingId = await newListing();
    const answer = await intake(agent, listingId, await termsSheetPdf());
    const contract = {
      form: 'trec-20-18',
      effective_date: '2026-07-01',
      closing_date: '2026-08-14',
      sales_price: 455000, // corrected by the person
      earnest_money: 5000,
      option_fee: 500,
      option_days: null, // cleared
      title_company: 'Lone Star Title',
      lender: 'Hill Country Bank', // added
    };
    const facts = { ...contract, buyer_names: 'James and Linda Carter', seller_names: 'Maria Gonzalez', property_address: '1208 Live Oak Street, Austin, TX 78704' };
    const path = `listings/${listingId}/${crypto.randomUUID()}-contract.pdf`;
    const upload = await agent.client.storage.from('listing-documents').upload(path, new Blob([(await termsSheetPdf()) as BlobPart], { type: 'application/pdf' }), { contentType: 'application/pdf' });
    expect(upload.error, 'the PDF is uploaded first').toBeNull();
    const saved = await agent.client.rpc('create_contract_from_intake', {
      intake_id: answer.body.intakeId,
      contract,
      facts,
      document: { file_name: 'contract.pdf', file_url: path, file_type: 'application/pdf', file_size: 1234 },
    });
    expect(saved.error, 'saved').toBeNull();
    const { contract_id, document_id } = saved.data as { contract_id: string; document_id: string };
    const stored = await agent.client.from('contracts').select('sales_price, option_days, lender, status').eq('id', contract_id).single();
    expect(stored.data, 'the contract holds the reviewed values').toEqual({ sales_price: 455000, option_days: null, lender: 'Hill Country Bank', status: 'active' });
    const deadlines = await agent.client.from('contract_deadlines').select('key').eq('contract_id', contract_id);
    expect(deadlines.data!.length, 'its key dates were computed').toBeGreaterThan(0);
    const document = await agent.client.from('documents').select('listing_id, file_url, uploaded_by').eq('id', document_id).single();
    expect(document.data, 'the PDF is a listing document uploaded by the person').toEqual({ listing_id: listingId, file_url: path, uploaded_by: agent.id });
    const log = await agent.client.from('contract_intakes').select('accepted, contract_id, document_id').eq('id', answer.body.intakeId).single();
    const outcomes = log.data!.accepted as Record<string, { outcome: string; source: string | null }>;
    expect(
      { price: outcomes.sales_price.outcome, option: outcomes.option_days.outcome, lender: outcomes.lender.outcome, title: outcomes.title_company.outcome },
      'outcomes per fact',
    ).toEqual({ price: 'edited', option: 'cleared', lender: 'added', title: 'accepted_as_proposed' });
    expect([log.data!.contract_id, log.data!.document_id], 'linked to the contract and document').toEqual([contract_id, document_id]);

    const again = await agent.client.rpc('create_contract_from_intake', { intake_id: answer.body.intakeId, contract, facts });
    expect([again.status, again.error?.message], 'an intake saves once').toEqual([409, 'this contract reading was already saved']);

    const accuracy = await admin.client.rpc('intake_accuracy');
    const text = (accuracy.data as { source: string; proposed: number; accepted_as_proposed: number }[]).find((row) => row.source === 'text');
    expect(text && text.accepted_as_proposed < text.proposed, 'the super admin sees the text source with fewer accepted than proposed').toBe(true);
    const refused = await coord.client.rpc('intake_accuracy');
    expect(refused.status, 'only the super admin reads the accuracy').toBe(403);
  });

  it('a reading applied to the active contract amends it (form kept) in one go; a contract of another listing is 404', async () => {
    const listingId = await newListing();
    const recorded = await coord.client.from('contracts').insert({ listing_id: listingId, form: 'trec-20-18', effective_date: '2026-06-01', sales_price: 440000, option_days: 5 }).select('id').single();
    expect(recorded.error, 'an active contract to amend').toBeNull();
    const otherListing = await newListing();
    const other = await coord.client.from('contracts').insert({ listing_id: otherListing, form: 'trec-20-18', effective_date: '2026-06-01' }).select('id').single();
    const answer = await intake(coord, listingId, await termsSheetPdf());
    const contract = { form: 'car-rpa', effective_date: '2026-07-01', sales_price: 450000, option_days: 7 };
    const wrong = await coord.client.rpc('create_contract_from_intake', { intake_id: answer.body.intakeId, contract, facts: contract, amend_contract_id: other.data!.id });
    expect([wrong.status, wrong.error?.message], "another listing's contract is not amended from this reading").toEqual([404, 'contract not found on this listing']);
    const amended = await coord.client.rpc('create_contract_from_intake', { intake_id: answer.body.intakeId, contract, facts: contract, amend_contract_id: recorded.data!.id });
    expect(amended.error, 'amended').toBeNull();
    expect((amended.data as { contract_id: string }).contract_id, 'the active contract, not a new one').toBe(recorded.data!.id);
    const stored = await coord.client.from('contracts').select('form, effective_date, sales_price, option_days').eq('id', recorded.data!.id).single();
    expect(stored.data, 'facts changed, form kept').toEqual({ form: 'trec-20-18', effective_date: '2026-07-01', sales_price: 450000, option_days: 7 });
    const option = await coord.client.from('contract_deadlines').select('due_at').eq('contract_id', recorded.data!.id).eq('key', 'option_period_end').single();
    expect(option.data!.due_at.slice(0, 10), 'its key dates were recomputed from the new facts').toBe('2026-07-08');
  });

  it('one transaction: when the document cannot be recorded, no contract is left and the reading stays unsaved', async () => {
    const listingId = await newListing();
    const answer = await intake(coord, listingId, await termsSheetPdf());
    const contract = { form: 'trec-20-18', effective_date: '2026-07-01' };
    const failed = await coord.client.rpc('create_contract_from_intake', {
      intake_id: answer.body.intakeId,
      contract,
      facts: contract,
      document: { file_name: '', file_url: `listings/${listingId}/x.pdf`, file_size: 1 },
    });
    expect(failed.status, 'the document row is refused (empty file name)').toBe(400);
    const contracts = await coord.client.from('contracts').select('id').eq('listing_id', listingId);
    expect(contracts.data, 'no contract was left behind').toEqual([]);
    const log = await coord.client.from('contract_intakes').select('saved_at').eq('id', answer.body.intakeId).single();
    expect(log.data!.saved_at, 'the reading can still be saved').toBeNull();
  });

  it('who sees and changes the log: the listing\'s people and a super admin read it; nobody rewrites or deletes it directly', async () => {
    const listingId = await newListing();
    const answer = await intake(agent, listingId, await termsSheetPdf());
    for (const [actor, sees] of [[agent, true], [coord, true], [admin, true], [stranger, false], [anonActor(), false]] as const) {
      const read = await actor.client.from('contract_intakes').select('id').eq('id', answer.body.intakeId);
      expect((read.data ?? []).length, `${actor.key} ${sees ? 'reads' : 'does not read'} the log`).toBe(sees ? 1 : 0);
    }
    for (const actor of [agent, coord, admin]) {
      await actor.client.from('contract_intakes').update({ accepted: { sales_price: { outcome: 'accepted_as_proposed' } } }).eq('id', answer.body.intakeId);
      await actor.client.from('contract_intakes').delete().eq('id', answer.body.intakeId);
    }
    const [row] = await withDb(async (db) => (await db.query('select accepted from public.contract_intakes where id = $1', [answer.body.intakeId])).rows);
    expect(row, 'the log row is still there, its outcomes untouched').toEqual({ accepted: null });
  });

  it('a stranger cannot save a reading, nor log one directly', async () => {
    const listingId = await newListing();
    const answer = await intake(coord, listingId, await termsSheetPdf());
    const saved = await stranger.client.rpc('create_contract_from_intake', { intake_id: answer.body.intakeId, contract: { form: 'trec-20-18', effective_date: '2026-07-01' }, facts: {} });
    expect(saved.status, 'the stranger cannot see the intake').toBe(404);
    const logged = await stranger.client.from('contract_intakes').insert({ listing_id: listingId, pages: 1, proposed: [] });
    expect(logged.status, 'nor log one for the listing').toBe(403);
  });
});
