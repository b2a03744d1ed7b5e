import { describe, expect, it } from 'vitest';
import {
  acceptRow,
  amendmentChanges,
  citationOf,
  clearRow,
  contractColumns,
  editRow,
  finalFacts,
  initialRows,
  pickCandidate,
  saveBlocker,
  type ReviewRow,
} from '@/features/contract-intake/lib/review-state';
import { citationLabel, displayValue } from '@/features/contract-intake/lib/facts';
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

describe('a fact the contract gives different values for', () => {
  const fieldCitation = { page: 1, text: '03/03/2027', field: 'Closing Date' };
  const textCitation = { page: 2, text: 'Closing Date: April 5, 2027' };
  const flagged: ProposedFact[] = [
    ...proposals,
    {
      key: 'closing_date',
      value: null,
      confidence: 0,
      source: 'form_field',
      citation: null,
      candidates: [
        { value: '2027-03-03', source: 'form_field', citation: fieldCitation },
        { value: '2027-04-05', source: 'text', citation: textCitation },
      ],
    },
    // A value-less fact with fewer than two candidates is not a choice: nothing is proposed.
    { key: 'lender', value: null, confidence: 0, source: 'text', citation: null, candidates: [{ value: 'Hill Country Bank', source: 'text', citation: cited(1, 'Hill Country Bank') }] },
  ];
  const decided = (rows: ReviewRow[]) => rows.map((row) => (row.proposal && row.decision === 'undecided' && row.key !== 'closing_date' ? acceptRow(row) : row));
  const closingOf = (rows: ReviewRow[]) => rows.find((row) => row.key === 'closing_date')!;

  it('starts undecided and empty, flagged as different values, and saving waits for it', () => {
    const rows = decided(initialRows(flagged));
    const closing = closingOf(rows);
    expect([closing.flag, closing.decision, closing.text, closing.picked], 'flagged, undecided, empty, nothing picked').toEqual(['different_values', 'undecided', '', null]);
    expect(saveBlocker(rows), 'saving waits for the pick, as for any flagged fact').toContain('Closing date');
    expect(acceptRow(closing), 'there is nothing to accept before a pick').toBe(closing);
    expect(rows.find((row) => row.key === 'lender')!.proposal, 'a lone candidate proposes nothing').toBeNull();
    expect(citationOf(closing), 'no citation of its own').toBeNull();
    expect(citationOf(closing, 1), 'a focused candidate shows its citation').toEqual(textCitation);
  });

  it('one pick fills the field, accepted; the picked value is saved and its citation shown; editing after is an edit', () => {
    const rows = decided(initialRows(flagged));
    const picked = pickCandidate(closingOf(rows), 1);
    expect([picked.decision, picked.text, picked.picked], 'the second candidate, accepted').toEqual(['accepted', '2027-04-05', 1]);
    expect(citationOf(picked), 'the picked candidate is highlighted when the row is selected').toEqual(textCitation);
    const saved = rows.map((row) => (row.key === 'closing_date' ? picked : row));
    expect(saveBlocker(saved), 'decided').toBeNull();
    expect(finalFacts(saved, 'generic').closing_date, 'the picked value is saved').toBe('2027-04-05');
    expect(contractColumns(finalFacts(saved, 'generic'), 'generic').closing_date, 'and becomes the contract column').toBe('2027-04-05');
    expect(acceptRow(editRow(picked, '2027-04-05')).picked, 'accepting after an edit does not bring back a pick').toBeNull();
    const edited = editRow(picked, '2027-04-06');
    expect([edited.decision, edited.picked, finalFacts(rows.map((row) => (row.key === 'closing_date' ? edited : row)), 'generic').closing_date], 'typed over the pick').toEqual([
      'edited',
      null,
      '2027-04-06',
    ]);
    expect([clearRow(picked).picked, clearRow(picked).decision], 'cleared').toEqual([null, 'cleared']);
    expect(pickCandidate(closingOf(rows), 5), 'an unknown candidate picks nothing').toEqual(closingOf(rows));
  });

  it('candidates read like their field, with where the contract gives them', () => {
    expect([displayValue('date', '2027-03-03'), displayValue('money', 412000), displayValue('money', 5000.5), displayValue('days', 7), displayValue('days', 1), displayValue('boolean', true)], 'per kind').toEqual([
      '2027-03-03',
      '$412,000',
      '$5,000.50',
      '7 days',
      '1 day',
      'yes',
    ]);
    expect([citationLabel(fieldCitation), citationLabel(textCitation)], 'a form field by its name, text by its quote').toEqual([
      'Page 1, form field “Closing Date”: 03/03/2027',
      'Page 2: “Closing Date: April 5, 2027”',
    ]);
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
