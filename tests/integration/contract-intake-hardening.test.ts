/**
 * Contract intake against hostile input and forged statistics (issue 51,
 * items 7 and 8a), through the HTTP stack as real users:
 * - the broken PDFs that answered 500 (a page tree with /Count 0 or
 *   /Count -1, a circular page tree, a page with 20,000 nested dictionaries)
 *   and a PDF built to cost seconds of pdf.js work are each a 422 with a
 *   message saying what is wrong and what to try; nothing is logged for them,
 *   and the function's worker is the same process afterwards and still reads;
 * - people cannot write the intake log through the API (only the function
 *   does), so intake_accuracy() cannot be skewed with forged readings.
 * The seeded fuzz run is contract-intake-fuzz.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { stackInfo, withDb } from '../support/clients.ts';
import { postContract, termsSheetPdf } from '../support/contract-pdf.ts';
import { functionWorkerPids } from '../support/function-workers.ts';
import { HOSTILE_PDFS, slowPdf } from '../support/hostile-pdf.ts';
import { createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

let agent: Actor, coord: Actor, admin: Actor;

beforeAll(async () => {
  coord = await createActor('HardenCoord', 'tc');
  agent = await createActor('HardenAgent', 'agent', { assignedTcId: coord.id });
  admin = await createActor('HardenAdmin', 'super_admin');
});

let n = 0;
const newListing = () => withDb((db) => insertRow(db, 'listings', { address: `${++n} Hostile Pdf Row, Austin TX`, agent_id: agent.id, tc_id: coord.id, status: 'live' }));

async function read(actor: Actor, listingId: string, bytes: Uint8Array) {
  const { data } = await actor.client.auth.getSession();
  return postContract(stackInfo().apiUrl, stackInfo().anonKey, data.session!.access_token, listingId, bytes);
}

const UNREADABLE = /^This PDF could not be read \((.+)\)\. Try saving or printing it to a new PDF and upload that\.$/;

describe('a broken PDF is a 422 with a message, never a 500 (issue 51 item 7)', () => {
  let listingId: string;
  beforeAll(async () => {
    listingId = await newListing();
    // A warm worker: the pids compared below are of the worker that answered a good reading.
    expect((await read(agent, listingId, await termsSheetPdf())).status, 'a good contract is read').toBe(200);
  });

  const cases: [keyof typeof HOSTILE_PDFS, RegExp][] = [
    ['countZero', /it has no pages/],
    ['countMinusOne', /it has no pages/],
    ['circularPageTree', /its list of pages contains itself/],
    ['deepNesting', /nested more than 100 levels deep/],
  ];

  it.each(cases)('%s: 422 saying what is wrong and what to try', async (name, what) => {
    const bytes = HOSTILE_PDFS[name]();
    expect(bytes.length, 'the file is small').toBeLessThan(200 * 1024);
    const answer = await read(agent, listingId, bytes);
    expect([answer.status, answer.body.error?.code], `${name} is refused as unreadable`).toEqual([422, 'unreadable_pdf']);
    expect(answer.body.message, `${name}: the message says the PDF could not be read, why, and to save or print it anew`).toMatch(UNREADABLE);
    expect(answer.body.message, `${name}: the reason is in words a person understands`).toMatch(what);
  });

  it('a PDF built to cost seconds of pdf.js work is stopped after about a second: 422; the worker is not restarted and still reads', async () => {
    const before = functionWorkerPids('contract-intake', stackInfo().apiUrl);
    expect(before.length, 'one contract-intake worker serves this stack').toBe(1);
    const bytes = slowPdf();
    expect(bytes.length, 'the file is small').toBeLessThan(200 * 1024);
    const answer = await read(agent, listingId, bytes);
    expect([answer.status, answer.body.error?.details?.reason], 'the slow PDF is refused as too slow').toEqual([422, 'too_slow']);
    expect(answer.body.message, 'the message says it took too long and what to try').toMatch(UNREADABLE);
    expect(answer.body.message, 'the message names the limit').toMatch(/took more than 1 s of work/);
    const good = await read(coord, listingId, await termsSheetPdf());
    expect(good.status, 'the next contract is read').toBe(200);
    expect(functionWorkerPids('contract-intake', stackInfo().apiUrl), 'the same worker process answered: nothing killed it').toEqual(before);
  });

  it('nothing is logged for a refused PDF', async () => {
    const quiet = await newListing();
    for (const make of Object.values(HOSTILE_PDFS)) expect((await read(agent, quiet, make())).status, 'refused').toBe(422);
    const logged = await withDb(async (db) => (await db.query('select count(*)::int as n from public.contract_intakes where listing_id = $1', [quiet])).rows[0].n);
    expect(logged, 'no reading row for refused files (0 pages broke the log check before)').toBe(0);
  });
});

describe('intake statistics cannot be forged (issue 51 item 8a)', () => {
  it("an agent's REST insert, update and delete of contract_intakes are refused (403); intake_accuracy() is unchanged", async () => {
    const listingId = await newListing();
    const real = await read(agent, listingId, await termsSheetPdf());
    expect(real.status, 'a real reading').toBe(200);
    const before = await admin.client.rpc('intake_accuracy');
    expect(before.error, 'the super admin reads the accuracy').toBeNull();

    // 40 proposals "from the model", all to be kept as proposed: the AI source's rate would read 100 %.
    const forgedProposals = Array.from({ length: 40 }, (_, i) => ({ key: `lender_${i}`, value: 'x', confidence: 1, source: 'ai', citation: null }));
    const forged = await agent.client.from('contract_intakes').insert({ listing_id: listingId, pages: 1, paths: ['ai'], proposed: forgedProposals }).select('id').single();
    if (forged.data) {
      // What the forger does next (before the fix): save it, so its outcomes count.
      const facts = Object.fromEntries(forgedProposals.map((p) => [p.key, 'x']));
      await agent.client.rpc('create_contract_from_intake', { intake_id: forged.data.id, contract: { form: 'trec-20-18', effective_date: '2026-07-01' }, facts });
    }
    expect([forged.status, forged.error?.message], 'the insert is refused').toEqual([403, 'permission denied for table contract_intakes']);

    const rewritten = await agent.client.from('contract_intakes').update({ proposed: forgedProposals, paths: ['ai'] }).eq('id', real.body.intakeId!).select('id');
    expect([rewritten.status, rewritten.error?.message], 'the update is refused').toEqual([403, 'permission denied for table contract_intakes']);
    const deleted = await agent.client.from('contract_intakes').delete().eq('id', real.body.intakeId!).select('id');
    expect([deleted.status, deleted.error?.message], 'the delete is refused').toEqual([403, 'permission denied for table contract_intakes']);

    const row = await withDb(async (db) => (await db.query('select paths, jsonb_array_length(proposed) as proposed from public.contract_intakes where id = $1', [real.body.intakeId])).rows[0]);
    expect(row, 'the real reading is untouched').toEqual({ paths: ['text'], proposed: real.body.fields!.length });
    const after = await admin.client.rpc('intake_accuracy');
    expect(after.data, 'intake_accuracy() is unchanged').toEqual(before.data);
  });

  it('the function still logs each reading as the caller, and saving it records the outcomes', async () => {
    const listingId = await newListing();
    const answer = await read(agent, listingId, await termsSheetPdf());
    expect(answer.status, 'read').toBe(200);
    const logged = await agent.client.from('contract_intakes').select('created_by, pages, paths, accepted').eq('id', answer.body.intakeId!).single();
    expect(logged.data, 'logged by the function, as the agent').toEqual({ created_by: agent.id, pages: 1, paths: ['text'], accepted: null });
    const contract = { form: 'trec-20-18', effective_date: '2026-07-01', sales_price: 450000 };
    const saved = await agent.client.rpc('create_contract_from_intake', { intake_id: answer.body.intakeId, contract, facts: contract });
    expect(saved.error, 'saved').toBeNull();
    const outcome = await agent.client.from('contract_intakes').select('accepted').eq('id', answer.body.intakeId!).single();
    expect((outcome.data!.accepted as Record<string, { outcome: string }>).sales_price.outcome, 'the outcome is recorded').toBe('accepted_as_proposed');
  });
});
