/**
 * How contract language bounds a name, as rules rather than examples: a
 * name stops before a licence or file number's label, a title company is a
 * company (never the escrow officer who works there), a name whose end is
 * uncertain is left out (a partial name is worse than none), a word broken
 * by a hyphen at a line's end is one word, and a name written in capitals in
 * prose is still a name. Found on the second blind corpus (fresh), each
 * written here in our own words; each failed before its rule.
 */
import * as chrono from 'chrono-node';
import { describe, expect, it } from 'vitest';
import { readFacts } from './read-facts.ts';
import type { FactKey, PageText, ProposedFact } from './types.ts';
import { citationIsVerified } from './verify.ts';

function read(text: string): Partial<Record<FactKey, ProposedFact>> {
  const pages: PageText[] = [{ page: 1, source: 'text', text }];
  const reading = readFacts({ fields: [], pages }, { chrono });
  for (const fact of reading.fields) expect(citationIsVerified({ fields: [], pages }, fact), `${fact.key} is cited by text on its page`).toBe(true);
  return Object.fromEntries(reading.fields.map((fact) => [fact.key, fact]));
}

describe('a name stops before the label of a number that follows it', () => {
  it('leaves "License #", "DRE" and "Escrow No." out of the name', () => {
    const facts = read(
      ["Buyer's Agent: Nadia Oyelowo        License # 01234567", 'Escrow Holder: Juniper Ridge Escrow, Inc.   Escrow No. JR-88-1021'].join('\n'),
    );
    expect(facts.buyer_agent_name?.value, 'the agent without the licence label').toBe('Nadia Oyelowo');
    expect(facts.title_company?.value, 'the escrow company without its file number label').toBe('Juniper Ridge Escrow, Inc.');
  });
});

describe('a title company is a company', () => {
  it('reads "Title company / escrow agent:" and never takes the escrow officer, a person, as the company', () => {
    const facts = read(['Title company / escrow agent: Bluebonnet Abstract Title', 'Escrow officer: Rosa Delgado'].join('\n'));
    expect(facts.title_company?.value, 'the company on the title line, not the officer').toBe('Bluebonnet Abstract Title');
  });

  it('proposes no title company when only an escrow officer is named', () => {
    expect(read('Escrow officer: Rosa Delgado').title_company, 'a person is no title company').toBeUndefined();
  });
});

describe('a lender named in prose is a lending company', () => {
  it('does not take the words after "loan with" for a lender when they name no lender', () => {
    const facts = read('A first mortgage loan of $300,000 for 30 years with Origination Charges not to exceed 1% of the loan.');
    expect(facts.lender, '"Origination Charges" is a cost, not a lender').toBeUndefined();
  });

  it('still reads a bank after "loan from"', () => {
    expect(read('Buyer will obtain a conventional loan from Mesquite Valley Bank.').lender?.value, 'a bank is a lender').toBe('Mesquite Valley Bank');
  });
});

describe('a partial name is worse than none', () => {
  it('reads a couple whose second name wraps before an initial as one name', () => {
    const facts = read(
      ['The seller agrees to sell and Orrin T. Vance and Delphine', 'K. Vance (Buyer) agree to buy the Property described below.'].join('\n'),
    );
    expect(facts.buyer_names?.value, 'both buyers, not "K. Vance"').toBe('Orrin T. Vance and Delphine K. Vance');
    const capitals = read(['made between the parties below, and ROWAN E. HALE AND MAREN', 'J. HALE, TRUSTEES OF THE HALE TRUST ("Purchaser").'].join('\n'));
    expect(capitals.buyer_names?.value, 'in capitals too').toBe('ROWAN E. HALE AND MAREN J. HALE, TRUSTEES OF THE HALE TRUST');
  });

  it('offers no name that a wrap cut at a comma or a hyphen', () => {
    const facts = read(['SELLER: Saltmarsh Harbor Holdings,', 'BUYER: Ines Ferro', "Buyer's Agent: Marisol Quintana-     (4) Walk-through: 5 Days"].join('\n'));
    expect(facts.seller_names, 'the LLC suffix is on the next line: no "Saltmarsh Harbor Holdings"').toBeUndefined();
    expect(facts.buyer_agent_name, 'the surname continues on the next line: no "Marisol Quintana-"').toBeUndefined();
  });

  it('joins a word broken by a hyphen at a line end', () => {
    const facts = read(["Buyer's Agent: Marisol Quintana-", 'Reyes, DRE 01998877'].join('\n'));
    expect(facts.buyer_agent_name?.value, 'one hyphenated surname').toBe('Marisol Quintana-Reyes');
  });

  it('offers neither of two names written side by side without "and"', () => {
    const facts = read('Seller: Anselm Whitby   Corinna Whitby');
    expect(facts.seller_names, 'where one name ends is uncertain').toBeUndefined();
  });

  it('keeps the person signing for an entity: "X Trust, by Y, Trustee"', () => {
    const facts = read('Seller: Marrow Creek Family Trust, by Edwin Marrow, Trustee');
    expect(facts.seller_names?.value, 'the trust with its trustee').toBe('Marrow Creek Family Trust, by Edwin Marrow, Trustee');
  });
});

describe('names in capitals and entities described before their role', () => {
  it('reads a name written in capitals in prose, trust and all', () => {
    const facts = read(
      'This Agreement is made between QUARRY LANE HOMES LLC, a Nevada limited liability company ("Vendor"), and ELENA M. ROSS AND VICTOR J. ROSS, TRUSTEES OF THE ROSS LIVING TRUST DATED MAY 4, 2011 ("Purchaser").',
    );
    expect(facts.seller_names?.value, 'the LLC before its description').toBe('QUARRY LANE HOMES LLC');
    expect(facts.buyer_names?.value, 'both trustees and the trust, in capitals').toBe('ELENA M. ROSS AND VICTOR J. ROSS, TRUSTEES OF THE ROSS LIVING TRUST DATED MAY 4, 2011');
  });
});

describe('a replaced value, even in quotes, is not the fact in force', () => {
  it('does not read "in lieu of "30 Days after Acceptance"" as the escrow period', () => {
    const facts = read(['(C.A.R. Form BCO)', 'Close of Escrow: in lieu of "30 Days after Acceptance", escrow shall close on May 14, 2027.'].join('\n'));
    expect(facts.escrow_days, 'the 30 days were replaced by a date').toBeUndefined();
    expect(facts.closing_date?.value, 'the date in force').toBe('2027-05-14');
  });
});

describe('the title company as contracts name it', () => {
  it('reads the escrow holder after "shall be", "remains", ", as escrow holder" and a two-role parenthesis', () => {
    expect(read('Escrow Holder shall be Quince Hill Escrow, Inc. (chosen by Seller).').title_company?.value, '"shall be"').toBe('Quince Hill Escrow, Inc.');
    expect(read('(b) Escrow Agent remains Caprock Title Company.').title_company?.value, '"remains"').toBe('Caprock Title Company');
    expect(read('Buyer shall deposit $9,000 with Ventana Escrow Company, as escrow holder, within 3 days.').title_company?.value, '", as escrow holder"').toBe(
      'Ventana Escrow Company',
    );
    expect(read('Pecos Ridge Title Company (Escrow Agent and Title Company) shall issue the policy.').title_company?.value, 'both roles in one parenthesis').toBe(
      'Pecos Ridge Title Company',
    );
  });

  it('reads "Escrow Agent / Title Co." and "Title:" labels, and a company followed by its address or file number', () => {
    expect(read('| Escrow Agent / Title Co. | Llano Basin Title, Inc. |').title_company?.value, 'a table row').toBe('Llano Basin Title, Inc.');
    expect(read('Title      : Sabine Bend Title Partners (GF# 11-2233)').title_company?.value, 'a bare "Title:" label').toBe('Sabine Bend Title Partners');
    expect(read('Title: Seller shall furnish an owner policy.').title_company, 'a "Title:" heading is no company').toBeUndefined();
    expect(
      read('Buyer shall deposit $5,000 as earnest money with Blanco Abstract & Title, Inc., 210 Main Street, Blanco, Texas (the "Title Company").').title_company?.value,
      'the company, not its address',
    ).toBe('Blanco Abstract & Title, Inc.');
    expect(read('A-8 Title Company: Hueco Title Co. (Escrow Agent)').title_company?.value, 'a parenthesis after the name is no smudge').toBe('Hueco Title Co.');
  });
});

describe('signature lines name parts of the parties', () => {
  it('proposes the parties whole when the signature lines name each person', () => {
    const facts = read(
      ['The parties to this contract are Ottilie and Bram Vos (Seller) and Kerensa Lowe (Buyer).', 'Seller: Ottilie Vos   Date 04/02/2027', 'Seller: Bram Vos   Date 04/02/2027'].join('\n'),
    );
    expect(facts.seller_names?.value, 'the whole, not a flag with each signer').toBe('Ottilie and Bram Vos');
  });
});

describe("the buyer's agent is a person", () => {
  it('reads the associate under the firm that represents the buyer, not the listing associate', () => {
    const facts = read(
      [
        'BROKER INFORMATION',
        'Other Broker Firm: Mesa Verde Realty   License No. 1234567',
        'represents [X] Buyer only as Buyer\'s agent',
        "Associate's Name: Ilse Brandt   License No. 654321",
        'Listing Broker Firm: Red Oak Homes Realty   License No. 7654321',
        "Associate's Name: Tomas Reyes   License No. 112233",
      ].join('\n'),
    );
    expect(facts.buyer_agent_name?.value, "the buyer's firm's associate").toBe('Ilse Brandt');
  });

  it('reads "Purchaser is represented by X of Firm" and "Purchaser\'s agent is X of Firm"', () => {
    expect(read('Purchaser is represented by Noor Haddad of Juniper Realty.').buyer_agent_name?.value, 'represented by').toBe('Noor Haddad');
    expect(read("Purchaser's agent is Wendell Okafor of Bayside Realty Advisors; Vendor's agent is Ana Cruz.").buyer_agent_name?.value, 'agent is').toBe('Wendell Okafor');
  });

  it('never takes the brokerage that represents the buyer for the agent', () => {
    expect(read('Other Broker Firm: Keystone Harbor Realty represents Buyer only').buyer_agent_name, 'a firm is no agent').toBeUndefined();
  });
});

describe('a labelled name that wraps', () => {
  it('runs onto the next line only where it fills that line, never into a heading below it', () => {
    const wrapped = read(['Seller(s): Odile Brandt, Successor Trustee of the Brandt Family Trust', 'Dates', 'Offer date ........ 2 March 2027'].join('\n'));
    expect(wrapped.seller_names?.value, 'the trust ends where its line ends').toBe('Odile Brandt, Successor Trustee of the Brandt Family Trust');
    const heading = read(['Seller(s): Odile Brandt, Trustee of the Brandt Family Trust', 'Dates', 'Offer date ........ 2 March 2027'].join('\n'));
    expect(heading.seller_names?.value, 'a heading alone on the line below a trust is not the name\'s').toBe('Odile Brandt, Trustee of the Brandt Family Trust');
    const couple = read(['Buyer: Lena Okafor and Tobias', 'Okafor', 'Seller: Ruth Vale'].join('\n'));
    expect(couple.buyer_names?.value, 'a surname alone on the next line is the name\'s end').toBe('Lena Okafor and Tobias Okafor');
    const cut = read(['Buyer: Lena Okafor and', 'Tobias Okafor Dates follow', 'Seller: Ruth Vale'].join('\n'));
    expect(cut.buyer_names, 'a line ending on "and" whose next line runs on is only part of a name').toBeUndefined();
  });

  it('keeps "X LLC," on a signature line and "X LLC, a Texas limited liability company"', () => {
    expect(read('Seller: Pecan Flats Homes LLC, a Texas limited liability company').seller_names?.value, 'the description after the comma').toBe('Pecan Flats Homes LLC');
    expect(read('Seller: Pecan Flats Homes LLC,\nBy: Ana Ruiz, Manager').seller_names?.value, 'a suffix before the comma ends the name').toBe('Pecan Flats Homes LLC');
  });

  it('lists three people with commas and "and" before their role', () => {
    expect(read('The parties are Ida Moss (Seller) and Tobias Lund, Keiko Lund and Arvid Lund (Buyer).').buyer_names?.value, 'all three').toBe(
      'Tobias Lund, Keiko Lund and Arvid Lund',
    );
  });
});

describe("a fiduciary's title stays with the name", () => {
  it('keeps "Successor Trustee of …" and "Independent Co-Executors of …"', () => {
    expect(read('Seller: Ada Quist, Successor Trustee of the Quist Family Trust').seller_names?.value, 'a successor trustee').toBe(
      'Ada Quist, Successor Trustee of the Quist Family Trust',
    );
    expect(read('Seller: Ben Roe and Cy Roe, Co-Executors of the Estate of Dale Roe').seller_names?.value, 'co-executors').toBe(
      'Ben Roe and Cy Roe, Co-Executors of the Estate of Dale Roe',
    );
  });
});
