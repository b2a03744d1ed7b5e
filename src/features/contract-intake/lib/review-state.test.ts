import { describe, expect, it } from 'vitest';
import { amendmentChanges, contractColumns, editRow, finalFacts, initialRows, saveBlocker, clearRow, acceptRow } from '@/features/contract-intake/lib/review-state';
import { citationBoxes } from '@/features/contract-intake/lib/citation-boxes';
import type { ProposedFact } from '@/features/contract-intake/lib/facts';

const cited = (page: number, text: string) => ({ page, text });
const proposals: ProposedFact[] = [
  { key: 'effective_date', value: '2026-07-01', confidence: 0.95, source: 'text', citation: cited(1, 'Effective Date July 1, 2026') },
  { key: 'sales_price', value: 450000, confidence: 0.7, source: 'ocr', citation: cited(1, 'Sales Price $450,000') },
  { key: 'option_days', value: 7, confidence: 0.9, source: 'form_field', citation: null },
  { key: 'all_cash', value: true, confidence: 0.9, source: 'text', citation: cited(2, 'all cash') },
];

describe('review rows', () => {
  it('pre-accepts only confident, cited proposals; low-confidence and uncited ones wait for a decision', () => {
    const rows = initialRows(proposals);
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row]));
    expect(byKey.effective_date.decision, 'a confident cited proposal is accepted').toBe('accepted');
    expect([byKey.sales_price.flag, byKey.sales_price.decision], 'confidence under 0.8 is flagged, not accepted').toEqual(['low_confidence', 'undecided']);
    expect([byKey.option_days.flag, byKey.option_days.decision], 'no citation is flagged, not accepted').toEqual(['uncited', 'undecided']);
    expect(byKey.lender.decision, 'a fact nobody proposed is empty').toBe('undecided');
    expect(saveBlocker(rows), 'saving waits for the flagged facts').toContain('Sales price');
  });

  it('edits are parsed in the fact shape; clearing saves nothing; all cash becomes the cash financing type', () => {
    let rows = initialRows(proposals);
    rows = rows.map((row) => (row.key === 'sales_price' ? editRow(row, '$455,000') : row.key === 'option_days' ? clearRow(row) : row));
    expect(saveBlocker(rows), 'every flagged fact is decided').toBeNull();
    const facts = finalFacts(rows, 'trec-20-18');
    expect([facts.sales_price, facts.option_days, facts.effective_date], 'edited, cleared, accepted').toEqual([455000, null, '2026-07-01']);
    expect(contractColumns(facts, 'trec-20-18').financing_type, 'all cash without a type is cash').toBe('cash');
    const bad = rows.map((row) => (row.key === 'closing_date' ? editRow(row, 'next Friday') : row));
    expect(saveBlocker(bad), 'a malformed date is named').toContain('Closing date');
  });

  it('an amendment lists what changes, old → new, comparing numbers as numbers', () => {
    const rows = initialRows(proposals).map((row) => (row.proposal && row.decision === 'undecided' ? acceptRow(row) : row));
    const next = contractColumns(finalFacts(rows, 'trec-20-18'), 'trec-20-18');
    const changes = amendmentChanges({ effective_date: '2026-07-01', sales_price: '450000.00', option_days: 5, financing_type: null }, next);
    expect(changes.map((c) => `${c.column}: ${c.from} → ${c.to}`), 'only the changed columns').toEqual(['financing_type: — → cash', 'option_days: 5 → 7']);
  });
});

describe('citation boxes', () => {
  const items = [
    { str: '3. SALES PRICE: Cash portion', x: 10, y: 10, w: 100, h: 10 },
    { str: 'Sales Price $450,000', x: 120, y: 10, w: 80, h: 10 },
    { str: 'Option Fee', x: 10, y: 30, w: 40, h: 10 },
  ];
  it('finds the run of items holding the cited words, whatever the case and spacing', () => {
    expect(citationBoxes(items, 'sales  price $450,000').map((i) => i.x), 'the cited item').toEqual([120]);
    expect(citationBoxes(items, 'Cash portion Sales Price').map((i) => i.x), 'a citation across items').toEqual([10, 120]);
  });
  it('falls back to the longest run of items made only of cited words', () => {
    expect(citationBoxes(items, 'the option fee is due').map((i) => i.x), 'words split differently').toEqual([10]);
    // OCR'd words: the cited line's words, not a lone "and" elsewhere on the page.
    const words = ['Olivia', 'and', 'Marcus', 'C.', 'Sales', 'Price', '(Sum', 'of', 'A', 'and', 'B)', '$', '360,000.00'].map((str, x) => ({ str, x, y: 0, w: 1, h: 1 }));
    expect(citationBoxes(words, 'C. Sales Price (Sum of A and B) ........ $ 360,000.00').map((i) => i.str).join(' '), 'the cited line').toBe('C. Sales Price (Sum of A and B) $ 360,000.00');
  });
});
