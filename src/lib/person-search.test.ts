import { describe, expect, it } from 'vitest';
import { personSearchFilters, wordSearchFilters } from '@/lib/person-search';

describe('personSearchFilters', () => {
  it('matches each word, lowercased, in the kept search text (first name, last name, e-mail)', () => {
    expect(personSearchFilters('  Priya  PATEL '), 'one or-filter per word').toEqual(['search_text.like."*priya*"', 'search_text.like."*patel*"']);
  });

  it('sends an accented capital both as typed and folded, so either kind of database lower() matches', () => {
    expect(personSearchFilters('ÉLODIE'), 'A-Z folded; É kept, and folded in the second form').toEqual(['search_text.like."*Élodie*",search_text.like."*élodie*"']);
    expect(personSearchFilters('élodie'), 'already lowercase: one form').toEqual(['search_text.like."*élodie*"']);
  });

  it('keeps e-mail characters and drops filter syntax', () => {
    expect(personSearchFilters('Priya.Patel@ListingDesk'), 'dots and @ stay part of the value').toEqual(['search_text.like."*priya.patel@listingdesk*"']);
    expect(personSearchFilters('a),role.eq.tc,("*%'), 'parentheses, commas, quotes and wildcards cannot break out of the value').toEqual([
      'search_text.like."*arole.eq.tc*"',
    ]);
  });

  it('an empty or symbol-only term filters nothing', () => {
    expect(personSearchFilters('   '), 'blank search: no filter').toEqual([]);
    expect(personSearchFilters('(),*'), 'nothing searchable left: no filter').toEqual([]);
  });
});

describe('wordSearchFilters', () => {
  it('matches each word case-insensitively in one of the given columns', () => {
    expect(wordSearchFilters('4711 Bench', ['address', 'seller_name'])).toEqual([
      'address.ilike."*4711*",seller_name.ilike."*4711*"',
      'address.ilike."*Bench*",seller_name.ilike."*Bench*"',
    ]);
  });
});
