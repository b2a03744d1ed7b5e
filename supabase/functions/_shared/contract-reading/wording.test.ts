/**
 * Wordings the fixtures do not use, close to the published forms: TREC
 * 20-18's paragraphs with their blanks filled in, and the C.A.R. RPA's terms
 * table, whose day counts read "17 (or 21) Days" — the number written in the
 * blank replaces the printed default, and an empty blank keeps it.
 */
import * as chrono from 'chrono-node';
import { describe, expect, it } from 'vitest';
import { readFacts } from './read-facts.ts';
import type { PageText } from './types.ts';

const facts = (text: string) => Object.fromEntries(readFacts({ fields: [], pages: [{ page: 1, source: 'text', text } satisfies PageText] }, { chrono }).fields.map((fact) => [fact.key, fact.value]));

describe('TREC 20-18 wording', () => {
  it('reads the filled-in paragraphs', () => {
    const read = facts(
      [
        'TREC NO. 20-18',
        '5. EARNEST MONEY AND TERMINATION OPTION:',
        'A. DELIVERY OF EARNEST MONEY AND OPTION FEE: Within 3 days after the Effective Date, Buyer must deliver to Alamo Title Company (Escrow Agent) at',
        '123 Main St, Austin (address): $3,000.00 as earnest money and $250.00 as the Option Fee.',
        'B. TERMINATION OPTION: For nominal consideration, the receipt of which Seller acknowledges, and Buyer\'s agreement to pay the Option Fee within the',
        'time required, Seller grants Buyer the unrestricted right to terminate this contract by giving notice of termination to Seller within 5 days after',
        'the Effective Date of this contract (Option Period).',
        '9. CLOSING: A. The closing of the sale will be on or before June 30, 2026, or within 7 days after objections made under Paragraph 6D have been cured.',
      ].join('\n'),
    );
    expect(read, 'earnest money, option fee, option period and closing').toMatchObject({ earnest_money: 3000, option_fee: 250, option_days: 5, closing_date: '2026-06-30', form: 'trec-20-18' });
  });
});

describe('C.A.R. RPA terms table', () => {
  const table = [
    'CALIFORNIA RESIDENTIAL PURCHASE AGREEMENT AND JOINT ESCROW INSTRUCTIONS (C.A.R. Form RPA, Revised 12/24)',
    'A Purchase Price $ 915,000.00',
    'B Close Of Escrow (COE) 45 Days after Acceptance',
    'D(1) Initial Deposit Amount $ 27,450.00 within 3 business days after Acceptance',
    'L(1) Loan Contingency 17 (or 21) Days after Acceptance',
    'L(2) Appraisal Contingency 17 (or ___) Days after Acceptance',
    'L(3) Investigation of Property 17 (or 10) Days after Acceptance',
  ].join('\n');

  it('takes the number written in a blank over the printed default, and the default when the blank is empty', () => {
    const read = facts(table);
    expect(read.loan_days, '"17 (or 21)" means 21').toBe(21);
    expect(read.appraisal_days, '"17 (or ___)" means 17').toBe(17);
    expect(read.inspection_days, 'the investigation period, "17 (or 10)"').toBe(10);
    expect(read, 'price, escrow days and deposit').toMatchObject({ sales_price: 915000, escrow_days: 45, earnest_money: 27450, form: 'car-rpa' });
  });
});
