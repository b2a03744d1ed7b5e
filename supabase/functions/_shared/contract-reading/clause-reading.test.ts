/**
 * Clause-by-clause reading on wordings of our own: the value in force after
 * a counter-offer or amendment (a replaced value is never offered), a box
 * left unticked chooses nothing, numbers in words and figures, dates in the
 * usual forms, addresses in one line with the state's USPS code, and a
 * clause with two values for one fact flagged rather than guessed.
 */
import * as chrono from 'chrono-node';
import { describe, expect, it } from 'vitest';
import { readFacts } from './read-facts.ts';
import type { FactKey, ProposedFact } from './types.ts';

const read = (...lines: string[]): Partial<Record<FactKey, ProposedFact>> =>
  Object.fromEntries(readFacts({ fields: [], pages: [{ page: 1, source: 'text', text: lines.join('\n') }] }, { chrono }).fields.map((fact) => [fact.key, fact]));
const values = (facts: Partial<Record<FactKey, ProposedFact>>) => Object.fromEntries(Object.entries(facts).map(([key, fact]) => [key, fact!.value]));

describe('the value in force', () => {
  it('takes a counter-offer’s new terms, not the ones it replaces', () => {
    const facts = values(
      read(
        'SELLER COUNTER OFFER (C.A.R. Form SCO)',
        '1) The purchase price shall be $702,000 (the Offer stated $690,000).',
        '2) Close of Escrow shall be 35 days after Acceptance, in lieu of 30 days.',
        '3) Buyer’s investigation contingency shall be 9 days after Acceptance rather than 17 days.',
        '4) The initial deposit is increased to $25,000 from $20,000.',
      ),
    );
    expect(values(read('x')), 'an empty page proposes nothing').toEqual({});
    expect(facts, 'each term as the counter-offer sets it').toMatchObject({ sales_price: 702000, escrow_days: 35, inspection_days: 9, earnest_money: 25000 });
  });

  it('takes an amendment’s total option fee and extended period, not the original or additional ones', () => {
    const facts = values(
      read(
        'AMENDMENT TO CONTRACT (TREC NO. 39)',
        '(3) The date in Paragraph 9 of the contract is changed to August 4, 2027 (formerly July 28, 2027).',
        '(6) Buyer has paid an additional Option Fee of $200 for an extension of the unrestricted right to terminate, being 15 days after the Effective Date (the original Option Period was 10 days; total Option Fee paid: $450).',
      ),
    );
    expect(facts, 'closing, option period and option fee in force').toMatchObject({ closing_date: '2027-08-04', option_days: 15, option_fee: 450 });
  });

  it('offers nothing after an unticked box, and flags two values in force for one fact', () => {
    const unticked = values(read('C.A.R. Form RPA', '| B Close Of Escrow (COE) | [ ] 30 Days after Acceptance [X] on date 09/15/2027 |'));
    expect(unticked.escrow_days, 'the unticked day count is no choice').toBeUndefined();
    expect(unticked.closing_date, 'the ticked date is').toBe('2027-09-15');
    const twice = read('TREC NO. 20-18', 'Option Period: 5 days after the Effective Date.', 'B. TERMINATION OPTION: Buyer has the unrestricted right to terminate this contract within 7 days after the Effective Date.');
    expect(twice.option_days, 'two clauses disagree: flagged with both, in reading order').toMatchObject({ value: null, confidence: 0 });
    expect(twice.option_days?.candidates?.map((candidate) => candidate.value), 'both candidates').toEqual([5, 7]);
  });
});

describe('values as contracts write them', () => {
  it('reads numbers in words and figures, and dates in the usual forms', () => {
    const facts = values(
      read(
        'Governing form: Texas TREC 20-18.',
        'Price. Buyer agrees to pay Two hundred ten thousand and no/100 Dollars ($210,000.00) for the Property.',
        'Option. For an option fee of Three hundred Dollars ($300.00), Buyer shall have the unrestricted right to terminate for a period of twelve days after the Effective Date.',
        'Survey. Seller shall deliver the existing survey within ten (10) days after the Effective Date.',
        'Financing. Buyer shall have twenty-one days after the Effective Date to obtain Buyer Approval.',
        'This contract is entered into on the 3rd day of March, 2027, which date the parties agree shall be the Effective Date.',
        'Closing shall occur on or before Apr. 9, 2027.',
      ),
    );
    expect(facts, 'each value from its own clause').toMatchObject({
      form: 'trec-20-18',
      sales_price: 210000,
      option_fee: 300,
      option_days: 12,
      survey_days: 10,
      financing_days: 21,
      effective_date: '2027-03-03',
      closing_date: '2027-04-09',
    });
  });

  it('writes an address as "street, city, ST zip" and reads a USDA loan as "other" financing', () => {
    const facts = values(
      read(
        'A. LAND: Lot 4, Block 2, City of Temple, known as 88 Quarry Rd, Temple, Texas 76502 (address/zip code).',
        'Type of financing: [ ] Conventional [ ] FHA [ ] VA [X] USDA',
      ),
    );
    expect(facts.property_address, 'Texas as TX').toBe('88 Quarry Rd, Temple, TX 76502');
    expect(facts.all_cash, 'a USDA loan is not cash').toBe(false);
    expect(facts.financing_type, 'contracts.financing_type stores USDA as other').toBe('other');
  });
});
