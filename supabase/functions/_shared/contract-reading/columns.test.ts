/**
 * Two columns aligned by position only: the text layer joins their rows,
 * the items' boxes show the gutter. Pages are built here as a PDF's text
 * layer gives them: one item per word, Courier-like 6 units a character.
 */
import * as chrono from 'chrono-node';
import { describe, expect, it } from 'vitest';
import { columnSplits } from './columns.ts';
import { readFacts } from './read-facts.ts';
import type { PageText, TextItem } from './types.ts';
import { citationIsVerified } from './verify.ts';

const CHAR = 6;

/** A page from rows of [left column, right column], each word an item at its character's place. */
function page(rows: [string, string][], rightAt = 44): PageText {
  const items: TextItem[] = [];
  const lines: string[] = [];
  rows.forEach(([left, right], row) => {
    const line = left.padEnd(rightAt) + right;
    for (const word of line.matchAll(/\S+/g)) items.push({ str: word[0], x: 40 + word.index * CHAR, y: 40 + row * 12, w: word[0].length * CHAR, h: 10 });
    lines.push(line.replace(/\s+/g, ' ').trim());
  });
  return { page: 1, source: 'text', text: lines.join('\n'), items };
}

const twoColumns = page([
  ['1. PARTIES: The parties to this contract', '6. TITLE: Owner policy issued by'],
  ['are Quarry Ridge Homes, LLC (Seller) and', 'Mesa Alta Title, LLC (Title Company).'],
  ['Odette Marsh and Florian', 'B. SURVEY: Within 7 days after the'],
  ['Marsh (Buyer). Seller agrees to sell.', 'Effective Date, Seller shall furnish'],
  ['', 'its existing survey.'],
  ['2. PROPERTY: known as 14 Sable Way,', '9. CLOSING: on or before May 20,'],
  ['Lubbock, TX 79401 (address).', '2027, or within 7 days after cure.'],
]);

describe('two columns aligned by position', () => {
  it('splits each row of the block at the gutter', () => {
    const splits = columnSplits(twoColumns);
    expect(splits.size, 'every row of the block').toBe(7);
    expect(twoColumns.text.split('\n')[1].slice(splits.get(1)!), 'the right column starts at its first word').toBe('Mesa Alta Title, LLC (Title Company).');
  });

  it('reads names and addresses wrapped inside the left column, each cited by words on the page', () => {
    const reading = readFacts({ fields: [], pages: [twoColumns] }, { chrono });
    const facts = Object.fromEntries(reading.fields.map((fact) => [fact.key, fact]));
    for (const fact of reading.fields) expect(citationIsVerified({ fields: [], pages: [twoColumns] }, fact), `${fact.key} cited`).toBe(true);
    expect(facts.buyer_names?.value, 'the buyers wrapped in the left column').toBe('Odette Marsh and Florian Marsh');
    expect(facts.property_address?.value, 'the address wrapped in the left column').toBe('14 Sable Way, Lubbock, TX 79401');
    expect(facts.closing_date?.value, 'the closing date wrapped in the right column').toBe('2027-05-20');
  });

  it('does not take a label/value sheet for columns', () => {
    const sheet = page(
      [
        ['Buyer(s): ........', 'Rhea Quill and Amos Quill'],
        ['Seller(s): .......', 'Tamsin Hale, Trustee'],
        ['Sales price: .....', '$512,000 in cash at closing'],
        ['Earnest money: ...', '$5,000 within 3 days'],
        ['Option period: ...', '7 days after the Effective Date'],
        ['Closing: .........', 'on or before June 1, 2027'],
      ],
      20,
    );
    expect(columnSplits(sheet).size, 'labels before values are no column').toBe(0);
  });

  it('does not take a river of single spaces down a paragraph for a gutter', () => {
    const prose = page(
      Array.from({ length: 8 }, () => ['Seller shall deliver to Buyer the', 'documents listed in this paragraph.'] as [string, string]),
      34,
    );
    expect(columnSplits(prose).size, 'one space between words').toBe(0);
  });

  it("stays quick when a damaged PDF's text item claims to be 10^11 units wide (the fuzz test hung here)", () => {
    const items: TextItem[] = [
      { str: 'ç', x: 0, y: -570633859877, w: 285316930334.5, h: 570633860669 },
      ...Array.from({ length: 6 }, (_, row) => ({ str: `Line ${row} of the terms`, x: 54, y: 44 + row * 21, w: 120, h: 10 })),
    ];
    const started = performance.now();
    columnSplits({ page: 1, source: 'text', text: items.map((item) => item.str).join('\n'), items });
    expect(performance.now() - started, 'milliseconds, not hours').toBeLessThan(1000);
  });
});
