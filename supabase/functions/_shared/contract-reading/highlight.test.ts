/**
 * Highlighting a citation: the items (text runs or OCR'd words) the quote
 * spans, across item and line boundaries, and nothing when the quote is not
 * on the page.
 */
import { describe, expect, it } from 'vitest';
import { citationItems } from './highlight.ts';
import type { PageText } from './types.ts';

const item = (str: string, x: number, y: number) => ({ str, x, y, w: str.length * 5, h: 10 });
const page: PageText = {
  page: 2,
  source: 'ocr',
  text: 'C. Sales Price (Sum of A and B)\n$ 425,000.00\nOption Fee: $500',
  items: [item('C.', 54, 100), item('Sales', 70, 100), item('Price', 100, 100), item('(Sum', 130, 100), item('of', 155, 100), item('A', 168, 100), item('and', 176, 100), item('B)', 196, 100), item('$', 54, 114), item('425,000.00', 62, 114), item('Option', 54, 128), item('Fee:', 90, 128), item('$500', 115, 128)],
};

describe('citationItems', () => {
  it('returns the words a quote spans, across lines, whatever its spacing and case', () => {
    expect(citationItems(page, 'sales price (sum of a and b)  $ 425,000.00').map((found) => found.str), 'from "Sales" to the amount on the next line').toEqual([
      'Sales', 'Price', '(Sum', 'of', 'A', 'and', 'B)', '$', '425,000.00',
    ]);
  });

  it('returns nothing for a quote that is not on the page', () => {
    expect(citationItems(page, 'Earnest Money $5,000'), 'no highlight for text the page does not hold').toEqual([]);
    expect(citationItems({ ...page, items: undefined }, 'Option Fee'), 'no items, no boxes').toEqual([]);
  });
});
