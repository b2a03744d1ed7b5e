import { describe, expect, test } from 'vitest';
import type { PageText, ProposedFact } from '../_shared/contract-reading/types.ts';
import { AI_CONFIDENCE, missingKeys, parseFactValue, verifiedProposals } from './ai-facts.ts';

const pages: PageText[] = [
  { page: 1, text: 'Purchase Price: $450,000\nClosing on or before August 14, 2026', source: 'text' },
  { page: 2, text: 'Financing by Hill Country Bank of Austin\nBuyer shall pay all cash', source: 'ocr' },
];

describe('missingKeys', () => {
  test('asks only for facts the reading did not propose, never the form', () => {
    const proposed = [{ key: 'sales_price' }, { key: 'form' }] as ProposedFact[];
    const missing = missingKeys(proposed);
    expect(missing.includes('sales_price') || missing.includes('form'), 'proposed facts and form are not asked').toBe(false);
    expect(missing.includes('lender'), 'a missing fact is asked').toBe(true);
  });

  test('never asks for a flagged fact: the contract gives several values and the person picks one, a model does not', () => {
    const flagged: ProposedFact = {
      key: 'closing_date',
      value: null,
      confidence: 0,
      source: 'form_field',
      citation: null,
      candidates: [
        { value: '2027-03-03', source: 'form_field', citation: { page: 1, text: '03/03/2027', field: 'Closing Date' } },
        { value: '2027-04-05', source: 'text', citation: { page: 1, text: 'Closing Date: April 5, 2027' } },
      ],
    };
    expect(missingKeys([flagged]).includes('closing_date'), 'a flagged fact is not missing').toBe(false);
  });
});

describe('parseFactValue', () => {
  test('values become the fact shapes; anything else is no value', () => {
    expect(
      [parseFactValue('closing_date', 'August 14, 2026'), parseFactValue('sales_price', '$450,000'), parseFactValue('option_days', '7'), parseFactValue('all_cash', 'yes'), parseFactValue('financing_type', 'FHA')],
      'date, amount, days, boolean, financing type',
    ).toEqual(['2026-08-14', 450000, 7, true, 'fha']);
    expect([parseFactValue('closing_date', 'soon'), parseFactValue('financing_type', 'seller carry'), parseFactValue('lender', '  ')], 'unparseable').toEqual([null, null, null]);
  });
});

describe('verifiedProposals', () => {
  test('keeps answers whose quote is on a page (whitespace and case normalised), discards the rest', () => {
    const { kept, discarded } = verifiedProposals(
      [
        { key: 'lender', value: 'Hill Country Bank of Austin', quote: 'financing by  HILL COUNTRY bank' },
        { key: 'buyer_agent_name', value: 'Pat', quote: 'Buyer agent: Pat' },
        { key: 'sales_price', value: '450000', quote: 'Purchase Price: $450,000' },
        { key: 'all_cash', value: 'maybe', quote: 'all cash' },
      ],
      ['lender', 'buyer_agent_name', 'all_cash'],
      pages,
    );
    expect(kept, 'only the verified, parseable answer for a missing fact').toEqual([
      { key: 'lender', value: 'Hill Country Bank of Austin', confidence: AI_CONFIDENCE, source: 'ai', citation: { page: 2, text: 'financing by HILL COUNTRY bank' } },
    ]);
    expect(discarded, 'invented quote, fact not asked for, unparseable value').toBe(3);
    expect(AI_CONFIDENCE, 'AI proposals are flagged for review').toBeLessThan(0.8);
  });
});
