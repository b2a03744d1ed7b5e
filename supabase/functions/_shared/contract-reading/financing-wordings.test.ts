/**
 * How contracts say how the price is paid, beyond a ticked "[X] FHA": a
 * box before the item's letter, a loan type before the loan it qualifies
 * ("a conventional first loan"), a price "payable entirely in cash", the
 * seller lending part of the price (a carryback note), and "( )" as an
 * unticked box. Found on the second blind corpus (fresh), written here in
 * our own words.
 */
import * as chrono from 'chrono-node';
import { describe, expect, it } from 'vitest';
import { readFacts } from './read-facts.ts';
import type { FactKey, PageText, ProposedFact } from './types.ts';

function read(text: string): Partial<Record<FactKey, ProposedFact>> {
  const pages: PageText[] = [{ page: 1, source: 'text', text }];
  return Object.fromEntries(readFacts({ fields: [], pages }, { chrono }).fields.map((fact) => [fact.key, fact]));
}

describe('the financing type as contracts write it', () => {
  it('reads a ticked box before the item letter', () => {
    const facts = read(['1. TYPE OF FINANCING:', '   [ ] A. CONVENTIONAL FINANCING', '   [X] B. FHA INSURED FINANCING: an FHA insured loan of $250,000'].join('\n'));
    expect(facts.financing_type?.value, 'the ticked item B').toBe('fha');
    expect(facts.all_cash?.value, 'a loan is no cash deal').toBe(false);
  });

  it('reads a loan type written before the loan it qualifies, in lower case', () => {
    const facts = read('This purchase is contingent upon Buyer obtaining a conventional first loan of $600,000 from Sagebrush Credit Union.');
    expect(facts.financing_type?.value, '"a conventional first loan"').toBe('conventional');
  });

  it('reads "Type ...... USDA" under a financing heading', () => {
    expect(read('FINANCING\n  Type ........ USDA (see the financing addendum)').financing_type?.value, 'the type line').toBe('other');
  });

  it('reads a price payable entirely in cash', () => {
    const facts = read('Buyer shall pay $410,000, payable entirely in cash at closing; Buyer is not obtaining a loan.');
    expect(facts.all_cash?.value, 'cash').toBe(true);
    expect(facts.financing_type?.value, 'cash').toBe('cash');
  });

  it('reads a buyer\'s promissory note to the seller as seller financing ("other")', () => {
    const facts = read('Part of the price shall be paid by a promissory note from Purchaser to Vendor of $150,000, secured by a deed of trust on the Property.');
    expect(facts.financing_type?.value, 'seller financing is stored as other').toBe('other');
    expect(facts.all_cash?.value, 'not cash').toBe(false);
  });

  it('takes "( )" for an unticked box', () => {
    const facts = read(['| Financing | ( ) All Cash |', '|           | (x) VA loan  |'].join('\n'));
    expect(facts.financing_type?.value, 'only the ticked VA').toBe('va');
  });

  it('does not read a "Seller Financing Addendum" named in a list as seller financing', () => {
    expect(read('Addenda: Third Party Financing Addendum; Seller Financing Addendum not used.').financing_type, 'an addendum\'s name says nothing').toBeUndefined();
  });
});
