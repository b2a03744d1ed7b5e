/**
 * Steps 1–3 of the reader on pages and fields given directly: label-anchored
 * values with the page and quote they come from, form fields before text,
 * distractors (the cash portion of the price, the earnest-money deadline)
 * not taken for the facts they resemble, and nothing proposed without a
 * citation found on its page.
 */
import * as chrono from 'chrono-node';
import { describe, expect, it } from 'vitest';
import { readFacts } from './read-facts.ts';
import type { FormField, PageText, ProposedFact } from './types.ts';
import { citationIsVerified } from './verify.ts';

const trecPages: PageText[] = [
  {
    page: 1,
    source: 'text',
    text: [
      'PROMULGATED BY THE TEXAS REAL ESTATE COMMISSION (TREC)',
      '1. PARTIES: The parties to this contract are Robert Jones (Seller) and John A. Smith and',
      'Mary Smith (Buyer). Seller agrees to sell and convey to Buyer the Property.',
      'Address: 1234 Oak Street, Austin, TX 78701',
      'A. Cash portion of Sales Price payable by Buyer at closing ........ $ 85,000.00',
      'C. Sales Price (Sum of A and B) ........ $ 425,000.00',
      '[ ] Conventional [X] FHA [ ] VA',
    ].join('\n'),
  },
  {
    page: 2,
    source: 'text',
    text: [
      'A. Within 3 days after the Effective Date, Buyer must deliver $ 5,000.00 as earnest money and $ 500.00 as the Option Fee.',
      'B. Buyer has the unrestricted right to terminate this contract by giving notice of termination to Seller within',
      '7 days after the Effective Date of this contract.',
      'EXECUTED the 14th day of February, 2026 (Effective Date).',
    ].join('\n'),
  },
];

const byKey = (facts: ProposedFact[]) => Object.fromEntries(facts.map((fact) => [fact.key, fact]));

describe('readFacts', () => {
  it('reads label-anchored values with their page and quote', () => {
    const reading = readFacts({ fields: [], pages: trecPages }, { chrono });
    const facts = byKey(reading.fields);
    expect(reading.form, 'the TREC mark names the form').toBe('trec-20-18');
    expect(facts.sales_price?.value, 'the Sales Price line, not the cash portion above it').toBe(425000);
    expect(facts.sales_price?.citation, 'cited on page 1 by its own line').toEqual({ page: 1, text: 'C. Sales Price (Sum of A and B) ........ $ 425,000.00' });
    expect(facts.option_days?.value, 'the termination option period, not the 3-day delivery deadline').toBe(7);
    expect(facts.option_days?.citation?.page, 'the option period is on page 2').toBe(2);
    expect(facts.earnest_money?.value, 'earnest money').toBe(5000);
    expect(facts.option_fee?.value, 'option fee').toBe(500);
    expect(facts.effective_date?.value, 'the EXECUTED date is the effective date').toBe('2026-02-14');
    expect(facts.buyer_names?.value, 'buyer names wrapping onto the next line').toBe('John A. Smith and Mary Smith');
    expect(facts.seller_names?.value, 'seller names').toBe('Robert Jones');
    expect(facts.property_address?.value, 'the address line').toBe('1234 Oak Street, Austin, TX 78701');
    expect(facts.financing_type?.value, 'the ticked box').toBe('fha');
    expect(facts.all_cash?.value, 'financed, so not all cash').toBe(false);
    expect(reading.paths, 'only the text layer was read').toEqual(['text']);
  });

  it('proposes only facts whose citation is found on its page', () => {
    const reading = readFacts({ fields: [], pages: trecPages }, { chrono });
    for (const fact of reading.fields) {
      expect(citationIsVerified({ fields: [], pages: trecPages }, fact), `${fact.key} is cited by text on page ${fact.citation?.page}`).toBe(true);
    }
    expect(reading.fields.map((fact) => fact.key), 'the closing date is not in these pages, so it is not proposed').not.toContain('closing_date');
  });

  it('reads form fields, cited by field name and page; a field the text contradicts is flagged with both values', () => {
    const fields: FormField[] = [
      { name: 'Sales Price', page: 1, value: '430,000.00' },
      { name: 'Option Period Days', page: 2, value: '10' },
      { name: 'Financing Conventional', page: 1, value: true },
    ];
    const facts = byKey(readFacts({ fields, pages: trecPages }, { chrono }).fields);
    expect(facts.sales_price, 'the field and the text layer disagree: flagged, nothing proposed').toMatchObject({ value: null, confidence: 0, citation: null });
    expect(facts.sales_price?.candidates?.[0], 'the field is the first candidate, cited by name and page').toEqual({ value: 430000, source: 'form_field', citation: { page: 1, field: 'Sales Price', text: '430,000.00' } });
    expect(facts.sales_price?.candidates?.[1], "the text's value is the other, cited by its words").toMatchObject({ source: 'text', citation: { page: 1 } });
    expect(facts.option_days?.candidates?.map((candidate) => candidate.value), 'the option period field against the text').toContain(10);
    expect(facts.financing_type?.candidates?.[0], 'a ticked box named after the loan type (the text names another)').toMatchObject({ value: 'conventional', source: 'form_field', citation: { field: 'Financing Conventional', text: 'checked' } });
    expect(facts.earnest_money?.source, 'facts without a field still come from the text').toBe('text');
  });

  it('marks OCR proposals as such, with lower confidence', () => {
    const scanned = trecPages.map((page) => ({ ...page, source: 'ocr' as const }));
    const reading = readFacts({ fields: [], pages: scanned }, { chrono });
    expect(reading.paths, 'the OCR path ran').toEqual(['ocr']);
    expect(reading.fields.every((fact) => fact.source === 'ocr' && fact.confidence < 0.9), 'OCR proposals say so and are less sure').toBe(true);
  });

  it('proposes nothing for an empty or unknown document', () => {
    const reading = readFacts({ fields: [{ name: 'Signature1', page: 1, value: 'x' }], pages: [{ page: 1, source: 'text', text: 'Grocery list: eggs, milk, bread.' }] }, { chrono });
    expect(reading, 'no facts, a generic form').toMatchObject({ form: 'generic', fields: [], paths: [] });
  });
});
