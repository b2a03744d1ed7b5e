/**
 * The reader's value shapes: dates as contracts write them become
 * YYYY-MM-DD (impossible dates are refused, not guessed), amounts keep their
 * cents, day counts read digits before words, and quotes match across
 * whitespace, case and typographic punctuation.
 */
import { describe, expect, it } from 'vitest';
import { cleanName, normaliseText, parseDate, parseDays, parseMoney, sameValue } from './normalise.ts';
import { verifyQuote } from './verify.ts';

describe('parseDate', () => {
  it.each([
    ['March 15, 2026', '2026-03-15'],
    ['Mar. 5 2026', '2026-03-05'],
    ['March 5th, 2026', '2026-03-05'],
    ['14th day of February, 2026', '2026-02-14'],
    ['3rd February 2026', '2026-02-03'],
    ['02/03/2026', '2026-02-03'],
    ['2/3/26', '2026-02-03'],
    ['2026-02-03', '2026-02-03'],
  ])('reads %s as %s', (written, iso) => {
    expect(parseDate(written), `"${written}" is the date ${iso}`).toBe(iso);
  });

  it.each(['February 30, 2026', '13/01/2026', 'Smarch 3, 2026', 'soon'])('refuses %s', (written) => {
    expect(parseDate(written), `"${written}" is not a real date, so nothing is proposed`).toBeNull();
  });
});

describe('parseMoney and parseDays', () => {
  it('keeps cents and drops the dollar sign and thousands separators', () => {
    expect(parseMoney('$ 425,000.00'), 'a TREC-style amount').toBe(425000);
    expect(parseMoney('$2,850.50'), 'cents are kept').toBe(2850.5);
    expect(parseMoney('12,34'), 'a malformed amount is refused').toBeNull();
  });

  it('reads digits first, then number words', () => {
    expect(parseDays('seven (7)'), 'the digits in brackets win').toBe(7);
    expect(parseDays('21'), 'plain digits').toBe(21);
    expect(parseDays('ten'), 'a number word').toBe(10);
    expect(parseDays('twenty-one'), 'a compound number word').toBe(21);
    expect(parseDays('several'), 'not a number').toBeNull();
    expect(parseDays('365'), 'a year is a day count the database takes').toBe(365);
    expect(parseDays('400'), 'past a year is not proposed: the database refuses it (private.fact_days)').toBeNull();
  });
});

describe('cleanName', () => {
  it('drops blanks, punctuation and OCR specks around a name, and refuses an empty blank', () => {
    expect(cleanName('  Owen Brooks i'), 'a speck read as a letter after the name').toBe('Owen Brooks');
    expect(cleanName('| John A. Smith and Mary Smith,'), 'a bar before and a comma after').toBe('John A. Smith and Mary Smith');
    expect(cleanName('____________'), 'a blank line of the form').toBeNull();
  });
});

describe('matching quotes', () => {
  const pages = [
    { page: 1, text: 'PROMULGATED BY THE TEXAS REAL ESTATE COMMISSION', source: 'text' as const },
    { page: 2, text: 'C. Sales Price (Sum of A and B)\n........ $ 425,000.00', source: 'text' as const },
  ];

  it('finds a quote across line breaks, spacing and case, on its own page', () => {
    expect(verifyQuote(pages, 'sales price (sum of a and b) ........ $ 425,000.00'), 'the quote is on page 2').toEqual({
      page: 2,
      text: 'sales price (sum of a and b) ........ $ 425,000.00',
    });
    expect(normaliseText('“Buyer”  —\tSeller'), 'typographic quotes and dashes become plain').toBe('"buyer" - seller');
  });

  it('refuses a quote the document does not hold, and one too short to mean anything', () => {
    expect(verifyQuote(pages, 'Sales Price $450,000.00'), 'a value nobody can point to is not cited').toBeNull();
    expect(verifyQuote(pages, 'a'), 'one letter is found on any page').toBeNull();
  });

  it('compares values after normalisation', () => {
    expect(sameValue('Heritage Title Company.', 'heritage title company'), 'case and a trailing full stop do not matter').toBe(true);
    expect(sameValue(425000, 425000.001), 'amounts to the cent').toBe(true);
    expect(sameValue(7, 10), 'different day counts differ').toBe(false);
  });
});
