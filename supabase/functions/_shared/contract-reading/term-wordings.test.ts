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

describe('a value about something else in the clause is not the fact', () => {
  it('does not take a loan amount or a share "of which" is financed for the price', () => {
    const facts = read('The purchase price is $500,000.00 (the "Purchase Price"), of which $400,000.00 shall be funded by a conventional loan.');
    expect(facts.sales_price?.value, 'the price, not the financed part').toBe(500000);
    expect(read('| 3E | Loan Amount: First | $400,000.00 (80 % of purchase price) |').sales_price, 'a loan row names the price only as its base').toBeUndefined();
    expect(read('If the Property appraises below the Purchase Price, Buyer shall pay up to $25,000 of the difference.').sales_price, 'an appraisal gap').toBeUndefined();
  });

  it('takes the escrow period only as a count from acceptance', () => {
    expect(read('(C.A.R. Form RPA) Close of Escrow: 38 Days after Acceptance.').escrow_days?.value, 'counted from acceptance').toBe(38);
    expect(
      read('(C.A.R. Form RPA) Possession shall be delivered on the date of Close of Escrow, or Seller may remain for not more than fourteen (14) Days.').escrow_days,
      'a stay after closing is no escrow period',
    ).toBeUndefined();
  });

  it('does not take a default that applies only when the schedule is blank', () => {
    const facts = read('(C.A.R. Form RPA) If no time is stated in Schedule 1, the loan contingency shall be removed seventeen (17) Days after Acceptance.');
    expect(facts.loan_days, 'the schedule states the term; the default is not it').toBeUndefined();
  });

  it('does not take a count after completing another step for the inspection period', () => {
    const facts = read('(C.A.R. Form RPA) Buyer shall, within three (3) Days after completing investigations, give Seller copies of the reports.');
    expect(facts.inspection_days, 'a deadline after investigations end').toBeUndefined();
  });
});

describe('the property address on deal sheets', () => {
  it('reads a "Re:" or "Asset:" line and keeps a unit', () => {
    expect(read('Re: 12 Vista Lane, Unit 4, Encinitas, CA 92024').property_address?.value, 'a subject line with a unit').toBe('12 Vista Lane, Unit 4, Encinitas, CA 92024');
    expect(read(' Asset     : 88 Quail Run, Plano, Texas 75023').property_address?.value, 'an asset line').toBe('88 Quail Run, Plano, TX 75023');
  });
});

describe('"Label ...... value" lines', () => {
  it('reads each dot-leader line as its own clause', () => {
    const facts = read([' Initial Deposit .................. $30,500', ' Increased Deposit ................ none'].join('\n'));
    expect(facts.earnest_money?.value, 'the increased deposit line below says nothing about the initial deposit').toBe(30500);
  });
});
