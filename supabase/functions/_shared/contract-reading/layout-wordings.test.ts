/**
 * Layouts the third blind writer used (measured once, clean, then tuned
 * on), in our own words: a party's name in capitals wrapped onto the next
 * line, a "label | value" schedule, and a summary page in two columns of
 * headed boxes, as a text page and as a fillable form. Each gave a wrong
 * value before (a partial party, a day count from the other column, a date
 * from the row beside it, an address running into the escrow holder).
 */
import * as chrono from 'chrono-node';
import { describe, expect, it } from 'vitest';
import { readFacts } from './read-facts.ts';
import type { FactKey, FormField, PageText, ProposedFact, TextItem } from './types.ts';
import { citationIsVerified } from './verify.ts';

const CHAR = 6;

function facts(pages: PageText[], fields: FormField[] = []): Partial<Record<FactKey, ProposedFact>> {
  const reading = readFacts({ fields, pages }, { chrono });
  for (const fact of reading.fields) if (fact.value !== null) expect(citationIsVerified({ fields, pages }, fact), `${fact.key} cited`).toBe(true);
  return Object.fromEntries(reading.fields.map((fact) => [fact.key, fact]));
}

/** A text page as its text layer gives it: one item per word at its character's place, lines 12 units apart. */
function textPage(lines: string[]): PageText {
  const items: TextItem[] = [];
  lines.forEach((line, row) => {
    for (const word of line.matchAll(/\S+/g)) items.push({ str: word[0], x: 40 + word.index * CHAR, y: 40 + row * 12, w: word[0].length * CHAR, h: 10 });
  });
  return { page: 1, source: 'text', text: lines.filter((line) => line.trim() !== '').map((line) => line.replace(/\s+/g, ' ').trim()).join('\n'), items };
}

describe('a party named in capitals across a line break', () => {
  it('reads the whole company, not the part on the second line', () => {
    const page = textPage([
      'THIS AGREEMENT is made by and between NORA VESTERGAARD, as Trustee of the Vestergaard',
      'Trust under declaration dated May 3, 2001 ("Vendor"), and LANTERN BAY HOLDING',
      'PARTNERS LLC, a Delaware limited liability company ("Purchaser").',
    ]);
    expect(facts([page]).buyer_names?.value ?? null, 'whole or nothing, never "PARTNERS LLC"').toBe('LANTERN BAY HOLDING PARTNERS LLC');
  });
});

describe('a "label | value" schedule', () => {
  it('reads each value with its own label, and no day count from a row that only mentions appraisal', () => {
    const page = textPage([
      'SCHEDULE A - DEAL TERMS',
      ' Buyer        | Oskar Lindqvist and Pia Lindqvist',
      ' Property     | 4410 Quail Run, Fresno, CA 93711',
      ' Payment      | ALL CASH - no loan, no appraisal contingency',
      ' Acceptance   | 2027-08-02',
      ' COE          | 30 days after Acceptance',
      ' Investig.    | 10 days after Acceptance',
    ]);
    const read = facts([page]);
    expect(read.appraisal_days, 'the close of escrow is not the appraisal period').toBeUndefined();
    expect(read.buyer_names?.value).toBe('Oskar Lindqvist and Pia Lindqvist');
  });
});

/** A summary page of headed boxes in two columns (each row: left box text, right box text). */
const summaryRows: [string, string][] = [
  ['BUYERS', 'SELLER'],
  ['  CALLUM FROST and', '  BIRCHWOOD LANE HOMES,'],
  ['  IMOGEN FROST', '  LLC, a California company'],
  ['PROPERTY', 'ESCROW HOLDER'],
  ['  77 Larkspur Court', '  Sierra Crest Escrow, Inc.'],
  ['  Auburn, CA 95603', '  Attn: Dana Ruiz'],
  ['CLOSE OF ESCROW', 'ACCEPTANCE'],
  ['  45 Days after Acceptance', '  July 9th, 2027'],
  ['CONTINGENCIES', 'SELLER DELIVERIES'],
  ['  Loan .............. 17', '  Disclosures: 5 Days after'],
  ['  Appraisal ......... 14', '  Acceptance'],
];

describe('two columns of headed boxes', () => {
  it('on a text page: the address stops at its own column, each day count is its row\'s, and the acceptance date is no closing date', () => {
    const page = textPage(summaryRows.map(([left, right]) => left.padEnd(46) + right));
    const read = facts([page]);
    expect(String(read.property_address?.value ?? ''), 'never with the escrow holder inside').not.toMatch(/Escrow/);
    expect(read.appraisal_days?.value ?? null).not.toBe(5);
    expect(read.closing_date?.value ?? null, 'the date beside the close of escrow is the acceptance').toBeNull();
  });

  it('on a fillable form whose values are fields: the same', () => {
    const printed: [string, string][] = summaryRows.map(([left, right]) => [/\.{3}/.test(left) ? left.replace(/\s\d+$/, '') : /^\s/.test(left) ? '' : left, /^\s/.test(right) && !/:/.test(right) ? '' : right]);
    const page = textPage(printed.map(([left, right]) => left.padEnd(46) + right));
    const fields: FormField[] = [];
    summaryRows.forEach(([left, right], row) => {
      if (/^\s/.test(left)) {
        const value = /\.{3}/.test(left) ? left.replace(/^.*\s/, '') : left.trim();
        const col = /\.{3}/.test(left) ? left.lastIndexOf(' ') + 1 : 2;
        fields.push({ name: `Text${row}a`, page: 1, value, rect: { x: 40 + col * CHAR, y: 40 + row * 12 - 1, w: 160, h: 12 } });
      }
      if (/^\s/.test(right) && !/:/.test(right)) fields.push({ name: `Text${row}b`, page: 1, value: right.trim(), rect: { x: 40 + (46 + 2) * CHAR, y: 40 + row * 12 - 1, w: 160, h: 12 } });
    });
    const read = facts([page], fields);
    expect(String(read.property_address?.value ?? ''), 'never with the escrow holder inside').not.toMatch(/Escrow/);
    expect(read.closing_date?.value ?? null).toBeNull();
  });
});
