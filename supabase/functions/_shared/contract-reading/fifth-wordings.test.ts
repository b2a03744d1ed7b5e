/**
 * Wordings as a fifth blind writer used them (measured once, clean, then
 * tuned on: tests/fixtures/contract-corpus-fifth/README.md), in our own
 * words. Each case gave a wrong value before: an amount taken by the name
 * before it, an offer's date taken for the effective date, the listing
 * agent taken for the buyer's, a lender running on into its city or its
 * loan officer, names cut by a wrap, a trust without its trustees, and an
 * amendment's superseded terms proposed as the deal's.
 */
import * as chrono from 'chrono-node';
import { describe, expect, it } from 'vitest';
import { readFacts } from './read-facts.ts';
import type { FactKey, PageText, ProposedFact } from './types.ts';

function read(text: string): Partial<Record<FactKey, ProposedFact>> {
  const pages: PageText[] = [{ page: 1, source: 'text', text }];
  return Object.fromEntries(readFacts({ fields: [], pages }, { chrono }).fields.map((fact) => [fact.key, fact]));
}

describe('terms', () => {
  it('an amount written right before its name is that name\'s, not the one before it', () => {
    const facts = read('5. EARNEST MONEY. Within 3 days after the Effective Date, Buyer must deliver $4,500 earnest money and a $150 Option Fee to Brazos Title.');
    expect(facts.earnest_money?.value).toBe(4500);
    expect(facts.option_fee?.value).toBe(150);
  });

  it("an offer's date under an effective-date heading is not the effective date", () => {
    const facts = read('14. EFFECTIVE DATE. Seller accepted on the 9th day of June, 2027, which date is the Effective Date. Buyer\'s offer was first made on the 4th day of June, 2027.');
    expect(facts.effective_date?.value).toBe('2027-06-09');
  });

  it('a paragraph of terms "as originally accepted (for reference only)" is not the deal', () => {
    const facts = read(
      [
        'Terms of the Agreement as originally accepted (for reference only):',
        '  Purchase price $455,000; close of escrow 05/14/2027; loan through Old Mill Bank.',
        '',
        '1. PRICE. The purchase price is reduced from $455,000 to $441,000.',
      ].join('\n'),
    );
    expect(facts.sales_price?.value).toBe(441000);
    expect(facts.closing_date, 'only the replaced date gives one').toBeUndefined();
  });
});

describe('who is in the deal', () => {
  it("the listing side's associate is never the buyer's agent, even with the next column's \"represents Buyer\" beside it", () => {
    const facts = read('Listing Associate: Wendell Price represents Buyer only as Buyer\'s agent');
    expect(facts.buyer_agent_name).toBeUndefined();
  });

  it("reads a buyer's agent whose last name wrapped onto the next line, and never a first name alone", () => {
    expect(read("Buyer's Agent: Rosalind\nAbernathy-Ode of Cedar Crest Realty, representing Buyer.").buyer_agent_name?.value).toBe('Rosalind Abernathy-Ode');
    expect(read("Buyer's agent: Teodora").buyer_agent_name).toBeUndefined();
  });

  it('a lender stops before its city, its loan officer and the next sentence; a lone first word is no lender', () => {
    expect(read('Lender: Juniper Hill Mortgage, Visalia CA (pre-approval letter dated 01/10/2027)').lender?.value).toBe('Juniper Hill Mortgage');
    expect(read('Lender ............ Copper Flats Bank (LO: Ann Li, NMLS 5512)').lender?.value).toBe('Copper Flats Bank');
    expect(read('Lender: Sagebrush Federal Credit Union.    only as agent.').lender?.value).toBe('Sagebrush Federal Credit Union');
    expect(read('Lender: Pacific').lender).toBeUndefined();
  });

  it('reads a title company after a bare "Escrow:" label, and up to a dash that separates a note', () => {
    expect(read('Escrow: Canyon Gate Escrow, Escrow No. TBD (opening today)').title_company?.value).toBe('Canyon Gate Escrow');
    expect(read('TITLE CO. ........ Lakeside Ledger Title — Main St. office').title_company?.value).toBe('Lakeside Ledger Title');
  });

  it('keeps a trust whole with "The" and its trustees, and a trust\'s date or a fund\'s suffix wrapped onto the next line', () => {
    expect(read('This contract is between The Okonjo Family Trust, Ada Okonjo, Trustee ("Seller") and Lee Park ("Buyer").').seller_names?.value).toBe(
      'The Okonjo Family Trust, Ada Okonjo, Trustee',
    );
    expect(read('Seller: Ana Ruiz and Tomas Ruiz, Trustees of the Ruiz Family Trust dated\n        4/1/2009\n').seller_names?.value).toBe(
      'Ana Ruiz and Tomas Ruiz, Trustees of the Ruiz Family Trust dated 4/1/2009',
    );
    expect(read('Buyer: Halcyon Ridge Residential\nOpportunity Fund III, L.P., by its general partner.').buyer_names?.value).toBe('Halcyon Ridge Residential Opportunity Fund III, L.P.');
  });
});
