/**
 * Party names and terms as a third blind writer wrote them (measured once,
 * clean, then tuned on: see tests/fixtures/contract-corpus-third/README.md),
 * in our own words: a partial party is worse than none, a licence number is
 * not part of a name, a signature line is not the party, and a term a
 * counter-offer only asked for is not in force.
 */
import * as chrono from 'chrono-node';
import { describe, expect, it } from 'vitest';
import { readFacts } from './read-facts.ts';
import type { FactKey, PageText, ProposedFact } from './types.ts';

function read(text: string): Partial<Record<FactKey, ProposedFact>> {
  const pages: PageText[] = [{ page: 1, source: 'text', text }];
  return Object.fromEntries(readFacts({ fields: [], pages }, { chrono }).fields.map((fact) => [fact.key, fact]));
}

describe('names in capitals and their boundaries', () => {
  it('reads two people in capitals joined by a lower-case "and", on both sides of a clause', () => {
    const facts = read('This Agreement is made between OTTO VRBA and MEI-LIN VRBA (Buyer) and RUTH ANN KESSLER and DALE KESSLER (Seller) for the Property.');
    expect(facts.buyer_names?.value).toBe('OTTO VRBA and MEI-LIN VRBA');
    expect(facts.seller_names?.value).toBe('RUTH ANN KESSLER and DALE KESSLER');
  });

  it('offers nothing rather than part of a party: a name cut after "and", after a capitals name, or starting at a date', () => {
    const cutAtAnd = read('The parties are Ivo Draganov-Petrov and Lena Draganova (Buyer).');
    expect(cutAtAnd.buyer_names?.value ?? null, 'whole or nothing').not.toBe('Lena Draganova');
    const titleAfterCapitals = read('PAUL N. OKAFOR and GRACE OKAFOR, Co-Trustees of the Okafor Living Trust dated May 4, 2011 (Seller) agrees to sell.');
    expect(titleAfterCapitals.seller_names?.value ?? '', 'never the title without the trustees').not.toMatch(/^Co-Trustees/);
    const date = read('This agreement is entered into by RITA SOLBERG, as Trustee of the Solberg Trust under declaration dated June 19, 1994 ("Seller").');
    expect(date.seller_names?.value ?? '', 'a date is not a name').not.toMatch(/^June/);
  });

  it('keeps a trust dated in figures whole, and never reads a heading as a party', () => {
    expect(read('SELLER: Anna Poole and Ben Poole, Trustees of the Poole Family Trust dated 11/02/1998').seller_names?.value).toBe(
      'Anna Poole and Ben Poole, Trustees of the Poole Family Trust dated 11/02/1998',
    );
    expect(read('OFFER FROM (Buyer): CPL. DONNA REYES').buyer_names?.value ?? null).not.toBe('OFFER FROM');
  });

  it('drops a licence number from a labelled name, and reads no party from a signature line', () => {
    expect(read('Lender ............ Copper Valley Home Loans, NMLS 402211').lender?.value).toBe('Copper Valley Home Loans');
    expect(read('SELLER: ____________________ Marta Quist, Administrator').seller_names, 'a signer, not the party').toBeUndefined();
  });
});

describe('terms in force', () => {
  it('a period a counter-offer only asked for, and that was not accepted, is not proposed', () => {
    const facts = read('(2) Close of Escrow: on April 30, 2027 (Buyer counter item 2 asked for 40 Days after Acceptance -- not accepted).');
    expect(facts.escrow_days).toBeUndefined();
  });

  it("a period counted from a request, not from Acceptance, is another step's deadline", () => {
    const facts = read('The inspection contingency period is stated in the schedule. Seller shall make the Property available for a termite inspection within four (4) days after Buyer\'s request.');
    expect(facts.inspection_days).toBeUndefined();
    expect(read('Buyer shall complete all Buyer Investigations within 12 Days after Acceptance.').inspection_days?.value).toBe(12);
  });

  it('amounts side by side under two labels are not told apart: neither is proposed', () => {
    const facts = read('PURCHASE PRICE        DEPOSIT\n$705,000              $15,000 within 3 business days after Acceptance');
    expect(facts.earnest_money?.value ?? null, 'not the price as the deposit').not.toBe(705000);
  });
});
