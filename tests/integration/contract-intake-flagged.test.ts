/**
 * A flagged fact through the HTTP stack (issue 53): a fillable contract
 * whose "Closing Date" field (03/03/2027) and schedule line ("Closing
 * Date: April 5, 2027") disagree comes back from the contract-intake function
 * with closing_date flagged (value null, no citation of its own) and both
 * values as candidates, each citation verified against the PDF; the log
 * keeps the flagged fact as answered; saving after picking a candidate
 * records the contract and the pick, and the super admin's per-source
 * accuracy does not count the flagged fact as a proposal.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { citationIsVerified } from '../../supabase/functions/_shared/contract-reading/verify.ts';
import { stackInfo, withDb } from '../support/clients.ts';
import { readContractPdf } from '../support/contract-reading-node.ts';
import { AGREED_FACTS, CLOSING_CANDIDATES, CLOSING_FIELD_NAME, CLOSING_TEXT, flaggedClosingPdf } from '../support/flagged-contract-pdf.ts';
import { postContract } from '../support/contract-pdf.ts';
import { createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

interface Candidate {
  value: unknown;
  source: string;
  citation: { page: number; text: string; field?: string };
}
interface Fact {
  key: string;
  value: unknown;
  confidence: number;
  source: string;
  citation: { page: number; text: string; field?: string } | null;
  candidates?: Candidate[];
}
interface Outcome {
  value: unknown;
  source: string | null;
  outcome: string;
  flagged?: boolean;
  candidate?: number | null;
  candidate_source?: string | null;
}

let coord: Actor, agent: Actor, admin: Actor;
let pdf: Uint8Array;

beforeAll(async () => {
  coord = await createActor('FlaggedCoord', 'tc');
  agent = await createActor('FlaggedAgent', 'agent', { assignedTcId: coord.id });
  admin = await createActor('FlaggedAdmin', 'super_admin');
  pdf = await flaggedClosingPdf();
});

const newListing = () => withDb((db) => insertRow(db, 'listings', { address: `${Date.now() % 100_000} Flagged Way, Austin TX`, agent_id: agent.id, tc_id: coord.id, status: 'live' }));

async function read(listingId: string) {
  const { data } = await coord.client.auth.getSession();
  const answer = await postContract(stackInfo().apiUrl, stackInfo().anonKey, data.session!.access_token, listingId, pdf);
  expect(answer.status, 'the contract is read').toBe(200);
  return answer.body as unknown as { intakeId: string; fields: Fact[] };
}

type AccuracyRow = { source: string; proposed: number };
const proposedPerSource = async () =>
  Object.fromEntries(((await admin.client.rpc('intake_accuracy')).data as AccuracyRow[]).map((row) => [row.source, Number(row.proposed)])) as Record<string, number>;

describe('a fact the contract gives two values for', () => {
  it('comes back flagged with both candidates, each cited and verified, and is logged as answered', async () => {
    const listingId = await newListing();
    const answer = await read(listingId);
    const closing = answer.fields.find((fact) => fact.key === 'closing_date');
    expect(closing, 'closing_date is answered').toBeDefined();
    expect([closing!.value, closing!.confidence, closing!.citation], 'a flagged fact proposes no value, no confidence, no citation of its own').toEqual([null, 0, null]);
    expect(
      closing!.candidates!.map((candidate) => [candidate.value, candidate.source, candidate.citation]),
      'both values, in reading order: the form field (cited by its name) and the schedule line on page 2',
    ).toEqual([
      [CLOSING_CANDIDATES.field, 'form_field', { page: 1, text: '03/03/2027', field: CLOSING_FIELD_NAME }],
      [CLOSING_CANDIDATES.text, 'text', { page: 2, text: CLOSING_TEXT }],
    ]);
    const { extracted, pages } = await readContractPdf(pdf, null);
    for (const candidate of closing!.candidates!) {
      expect(citationIsVerified({ fields: extracted.fields, pages }, { value: candidate.value as string, citation: candidate.citation }), `the ${candidate.source} candidate's citation is in the PDF`).toBe(true);
    }
    const agreed = Object.fromEntries(answer.fields.filter((fact) => fact.value !== null).map((fact) => [fact.key, fact.value]));
    expect(agreed, 'the facts stated once are proposed as usual').toMatchObject(AGREED_FACTS);

    const logged = await coord.client.from('contract_intakes').select('proposed').eq('id', answer.intakeId).single();
    const loggedClosing = (logged.data!.proposed as Fact[]).find((fact) => fact.key === 'closing_date');
    expect(loggedClosing, 'the log keeps the flagged fact with its candidates').toEqual(closing);
  });

  it('saving after picking a candidate records the contract and the pick; the flagged fact is no proposal in the per-source accuracy', async () => {
    const listingId = await newListing();
    const answer = await read(listingId);
    const before = await proposedPerSource();
    const contract = { form: 'generic', effective_date: AGREED_FACTS.effective_date, closing_date: CLOSING_CANDIDATES.text, sales_price: AGREED_FACTS.sales_price };
    const facts = { ...Object.fromEntries(answer.fields.map((fact) => [fact.key, fact.value])), ...contract };
    const saved = await coord.client.rpc('create_contract_from_intake', { intake_id: answer.intakeId, contract, facts });
    expect(saved.error, 'saved with the picked closing date').toBeNull();
    const stored = await coord.client.from('contracts').select('closing_date').eq('listing_id', listingId).single();
    expect(stored.data, 'the contract holds the picked candidate').toEqual({ closing_date: CLOSING_CANDIDATES.text });

    const log = await coord.client.from('contract_intakes').select('accepted').eq('id', answer.intakeId).single();
    const outcomes = log.data!.accepted as Record<string, Outcome>;
    expect(outcomes.closing_date, 'the pick is recorded: which candidate, from which source, and no proposal source').toEqual({
      value: CLOSING_CANDIDATES.text,
      source: null,
      flagged: true,
      outcome: 'picked_candidate',
      candidate: 1,
      candidate_source: 'text',
    });
    expect(outcomes.sales_price.outcome, 'an agreed fact kept as read is accepted as proposed').toBe('accepted_as_proposed');

    const after = await proposedPerSource();
    const proposals = answer.fields.filter((fact) => fact.value !== null);
    for (const source of ['form_field', 'text']) {
      const expected = proposals.filter((fact) => fact.source === source).length;
      expect((after[source] ?? 0) - (before[source] ?? 0), `intake_accuracy counts only real proposals of ${source}`).toBe(expected);
    }
  });

  it('typing another value or clearing a flagged fact is recorded as such; a proposal beside it keeps its outcome', async () => {
    const proposed = [
      { key: 'closing_date', value: null, confidence: 0, source: 'form_field', citation: null, candidates: [{ value: '2027-03-03', source: 'form_field', citation: { page: 1, text: '03/03/2027', field: 'Closing Date' } }, { value: '2027-04-05', source: 'text', citation: { page: 1, text: CLOSING_TEXT } }] },
      { key: 'option_days', value: null, confidence: 0, source: 'text', citation: null, candidates: [{ value: 7, source: 'text', citation: { page: 1, text: 'seven (7) days' } }, { value: 10, source: 'text', citation: { page: 2, text: 'ten (10) days' } }] },
      { key: 'sales_price', value: 412000, confidence: 0.9, source: 'text', citation: { page: 1, text: 'Purchase Price: $412,000' } },
    ];
    const outcomes = (facts: Record<string, unknown>) =>
      withDb(async (db) => (await db.query('select private.intake_outcomes($1::jsonb, $2::jsonb) as o', [JSON.stringify(proposed), JSON.stringify(facts)])).rows[0].o as Record<string, Outcome>);
    const typed = await outcomes({ closing_date: '2027-05-01', option_days: null, sales_price: 412000 });
    expect(
      [typed.closing_date.outcome, typed.closing_date.candidate, typed.option_days.outcome, typed.option_days.source, typed.sales_price.outcome],
      'typed another date, cleared the option period, kept the price',
    ).toEqual(['typed_other', null, 'cleared', null, 'accepted_as_proposed']);
    const picked = await outcomes({ option_days: 10 });
    expect([picked.option_days.outcome, picked.option_days.candidate, picked.option_days.candidate_source], 'the second candidate of a number').toEqual(['picked_candidate', 1, 'text']);
  });
});
