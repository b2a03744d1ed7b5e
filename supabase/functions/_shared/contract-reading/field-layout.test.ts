/**
 * Fillable forms read by what a field means on its page: a field named
 * "Text12" beside "Escrow Holder:" holds the title company, a ticked box
 * before "FHA" is the loan type, and a value printed partly on the page
 * ("$ [425,000.00]") is the field's; each offer cited by the field's name,
 * page and value, and confident only as far as the label can be trusted.
 */
import * as chrono from 'chrono-node';
import { describe, expect, it } from 'vitest';
import { readFacts } from './read-facts.ts';
import type { FormField, PageText, TextItem } from './types.ts';
import { citationIsVerified } from './verify.ts';

/** A page whose printed words stand as items on lines 12 units apart, each word 6 units per character. */
function printedPage(lines: string[]): PageText {
  const items: TextItem[] = [];
  lines.forEach((line, row) => {
    for (const word of line.matchAll(/\S+/g)) items.push({ str: word[0], x: 40 + word.index * 6, y: 40 + row * 12, w: word[0].length * 6, h: 9 });
  });
  return { page: 1, source: 'text', text: lines.map((line) => line.replace(/\s+/g, ' ').trim()).join('\n'), items };
}

/** A field on `row`, starting at character column `col` of the printed lines. */
const field = (name: string, value: string | boolean, row: number, col: number, tooltip?: string): FormField => ({
  name,
  page: 1,
  value,
  rect: { x: 40 + col * 6, y: 40 + row * 12 - 1.5, w: 120, h: 12 },
  ...(tooltip ? { tooltip } : {}),
});

describe('form fields by the label beside them', () => {
  const page = printedPage([
    'CALIFORNIA RESIDENTIAL PURCHASE AGREEMENT (C.A.R. Form RPA)',
    'Escrow Holder:',
    'Purchase Price: $',
    'Loan type:     Conventional     FHA     VA',
    'Close of Escrow:     Days after Acceptance',
  ]);
  const fields = [
    field('Text12', 'Old Republic Title Company', 1, 16),
    field('Text13', '1,620,000', 2, 18),
    field('Check Box1', false, 3, 11),
    field('Check Box2', true, 3, 28),
    field('Check Box3', false, 3, 36),
    field('fill_7', '25', 4, 17),
  ];

  it('takes each value as the fact its label names, cited by the field', () => {
    const reading = readFacts({ fields, pages: [page] }, { chrono });
    const facts = Object.fromEntries(reading.fields.map((fact) => [fact.key, fact]));
    expect(facts.title_company, '"Text12" beside "Escrow Holder:" is the title company').toMatchObject({
      value: 'Old Republic Title Company',
      source: 'form_field',
      citation: { page: 1, field: 'Text12', text: 'Old Republic Title Company' },
    });
    expect(facts.sales_price?.value, 'the amount after the printed "$"').toBe(1620000);
    expect(facts.financing_type?.value, 'the ticked box before "FHA"').toBe('fha');
    expect(facts.financing_type?.citation, 'cited by the box').toMatchObject({ field: 'Check Box2', text: 'checked' });
    expect(facts.escrow_days?.value, 'the count before "Days after Acceptance"').toBe(25);
    for (const fact of reading.fields) {
      expect(citationIsVerified({ fields, pages: [page] }, fact), `${fact.key} is cited by something the PDF holds`).toBe(true);
    }
    expect(
      reading.fields.filter((fact) => fact.source === 'form_field').every((fact) => fact.confidence < 0.97),
      'a field read through its label is less sure than one named for its fact',
    ).toBe(true);
  });

  it('does not take the printed list of loan types for a choice', () => {
    const reading = readFacts({ fields: fields.filter((candidate) => candidate.value !== true), pages: [page] }, { chrono });
    expect(reading.fields.map((fact) => fact.key), 'no box ticked, no loan type').not.toContain('financing_type');
  });
});
