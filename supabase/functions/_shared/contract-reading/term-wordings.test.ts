/**
 * The effective date as contracts state it beyond "Effective Date": the
 * confirmation that acceptance was received, an "Acceptance" label, and a
 * date the sentence itself calls the date of acceptance ("made this 4th day
 * of May, 2027, being the date of Acceptance", "…, the date on which this
 * Agreement was accepted"). Found on the second blind corpus (fresh),
 * written here in our own words.
 */
import * as chrono from 'chrono-node';
import { describe, expect, it } from 'vitest';
import { readFacts } from './read-facts.ts';
import type { FactKey, PageText, ProposedFact } from './types.ts';

function read(text: string): Partial<Record<FactKey, ProposedFact>> {
  const pages: PageText[] = [{ page: 1, source: 'text', text }];
  return Object.fromEntries(readFacts({ fields: [], pages }, { chrono }).fields.map((fact) => [fact.key, fact]));
}

describe('the effective date', () => {
  it('reads the confirmation of acceptance', () => {
    const facts = read("CONFIRMATION OF ACCEPTANCE: a copy of the signed acceptance was personally received by Buyer's agent on 05/11/2027 at 3:15 PM.");
    expect(facts.effective_date?.value, 'the date acceptance was received').toBe('2027-05-11');
  });

  it('reads an "Acceptance" label with its date', () => {
    expect(read('Acceptance (Effective) ........ 12 June 2027').effective_date?.value, 'the label line').toBe('2027-06-12');
  });

  it('reads a date the sentence calls the date of acceptance', () => {
    expect(read('THIS AGREEMENT is made this 4th day of May, 2027, being the date of Acceptance, between the parties below.').effective_date?.value, '"being the date of Acceptance"').toBe(
      '2027-05-04',
    );
    expect(
      read('On the third day of May (May 3rd, 2027), the date on which this Agreement was accepted by Seller, the parties agree as follows.').effective_date?.value,
      '"the date on which this Agreement was accepted"',
    ).toBe('2027-05-03');
  });

  it('does not take a day count after acceptance for a date', () => {
    expect(read('Close of escrow: 30 days after acceptance.').effective_date, 'no date given').toBeUndefined();
  });
});
