/**
 * Contract intake's model step with the fake provider: a model is asked
 * only for the facts the PDF reading left missing; a proposal whose quote is
 * not in the document is discarded (never shown), one whose quote is there
 * is proposed as `ai` with a citation and a flagged confidence; a provider
 * failure or a timeout keeps the PDF reading's proposals and says so.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAiStack, type AiStack } from '../support/ai-stack.ts';
import { demoUser, withDb, type TestUser } from '../support/clients.ts';
import { messageText } from '../support/fake-openai.ts';
import { TERMS_SHEET_LINES, TERMS_SHEET_TRUTH, termsSheetPdf } from '../support/contract-pdf.ts';

const OLIVIA = 'olivia.chen@listingdesk.test';
const MARCUS = 'marcus.johnson@listingdesk.test';
const LENDER_LINE = 'Third party financing will be provided by Hill Country Bank of Austin.';

interface Reading {
  fields: { key: string; value: unknown; confidence: number; source: string; citation: { page: number; text: string } | null }[];
  paths: string[];
  warning?: string;
}

describe('contract intake with a model', () => {
  let ai: AiStack;
  let olivia: TestUser;
  let listingId: string;
  let pdf: Uint8Array;

  beforeAll(async () => {
    ai = await startAiStack({ timeoutMs: 2000 });
    olivia = await demoUser(OLIVIA, ai.info);
    listingId = await withDb(async (db) => {
      const marcus = (await db.query<{ id: string }>('select id from public.users where email = $1', [MARCUS])).rows[0].id;
      return (await db.query<{ id: string }>(`insert into public.listings (address, agent_id, status) values ('9 Model Way, Austin TX', $1, 'live') returning id`, [marcus])).rows[0].id;
    }, ai.info);
    pdf = await termsSheetPdf({ lines: [...TERMS_SHEET_LINES, LENDER_LINE] });
  }, 120_000);
  afterAll(async () => {
    await ai?.stop();
  });
  beforeEach(() => ai.fake.reset());

  async function intake(): Promise<{ status: number; body: Reading }> {
    const form = new FormData();
    form.set('listingId', listingId);
    form.set('file', new Blob([pdf as BlobPart], { type: 'application/pdf' }), 'contract.pdf');
    const response = await fetch(`${ai.info.apiUrl}/functions/v1/contract-intake`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${olivia.accessToken}`, apikey: ai.info.anonKey },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Reading };
  }

  it('keeps a model proposal whose quote is in the document and discards one whose quote is not', async () => {
    ai.fake.respond(() => ({
      json: {
        facts: [
          { key: 'lender', value: 'Hill Country Bank of Austin', quote: 'provided by Hill Country  bank of Austin' },
          { key: 'buyer_agent_name', value: 'Pat Invented', quote: "Buyer's agent: Pat Invented" },
          { key: 'sales_price', value: '999999', quote: 'Purchase Price: $450,000' },
        ],
      },
    }));
    const answer = await intake();
    expect(answer.status, 'read').toBe(200);
    const prompt = messageText(ai.fake.requests[0].body.messages[1]);
    expect(prompt, 'the model is asked for missing facts only').toMatch(/Facts wanted: .*lender/);
    expect(prompt.split('\n')[0], 'not for facts the PDF reading proposed').not.toContain('sales_price');
    const byKey = Object.fromEntries(answer.body.fields.map((fact) => [fact.key, fact]));
    expect(byKey.lender, 'a verified quote is proposed as ai, cited, below the 0.8 line').toMatchObject({
      value: 'Hill Country Bank of Austin',
      source: 'ai',
      citation: { page: 1, text: 'provided by Hill Country bank of Austin' },
    });
    expect(byKey.lender.confidence, 'flagged for review').toBeLessThan(0.8);
    expect(byKey.buyer_agent_name, 'an invented quote is discarded, never shown').toBeUndefined();
    expect(byKey.sales_price.value, 'the model cannot override a fact the PDF reading proposed').toBe(TERMS_SHEET_TRUTH.sales_price);
    expect(answer.body.paths, 'the ai path is logged').toEqual(['text', 'ai']);
  });

  it('a provider failure keeps the PDF reading with a clear warning', async () => {
    ai.fake.respond(() => ({ error: 500 }));
    const answer = await intake();
    expect(answer.status, 'still a reading').toBe(200);
    expect(Object.fromEntries(answer.body.fields.map((fact) => [fact.key, fact.value])), 'steps 1–3 intact').toMatchObject(TERMS_SHEET_TRUTH);
    expect(answer.body.warning, 'the warning says the AI step failed and what to do').toBe(
      'The AI step failed: The AI provider failed to answer (status 500). The facts read from the PDF are shown; fill in the rest by hand.',
    );
  });

  it('a provider that does not answer in time keeps the PDF reading with a clear warning', async () => {
    ai.fake.respond(() => ({ hang: true }));
    const answer = await intake();
    expect(answer.status, 'still a reading').toBe(200);
    expect(answer.body.fields.some((fact) => fact.key === 'sales_price'), 'steps 1–3 intact').toBe(true);
    expect(answer.body.warning, 'the timeout is named').toBe(
      'The AI step failed: The AI provider did not answer in time. Please try again. The facts read from the PDF are shown; fill in the rest by hand.',
    );
  });
});
