import { describe, expect, it } from 'vitest';
import { personSearchFilters } from '@/lib/person-search';

describe('personSearchFilters', () => {
  it('matches each word in first name, last name or e-mail', () => {
    expect(personSearchFilters('  Priya  patel '), 'one or-filter per word, each over the three columns').toEqual([
      'first_name.ilike."*Priya*",last_name.ilike."*Priya*",email.ilike."*Priya*"',
      'first_name.ilike."*patel*",last_name.ilike."*patel*",email.ilike."*patel*"',
    ]);
  });

  it('keeps e-mail characters and drops filter syntax', () => {
    expect(personSearchFilters('priya.patel@listingdesk'), 'dots and @ stay part of the value').toEqual([
      'first_name.ilike."*priya.patel@listingdesk*",last_name.ilike."*priya.patel@listingdesk*",email.ilike."*priya.patel@listingdesk*"',
    ]);
    expect(personSearchFilters('a),role.eq.tc,("*%'), 'parentheses, commas, quotes and wildcards cannot break out of the value').toEqual([
      'first_name.ilike."*arole.eq.tc*",last_name.ilike."*arole.eq.tc*",email.ilike."*arole.eq.tc*"',
    ]);
  });

  it('an empty or symbol-only term filters nothing', () => {
    expect(personSearchFilters('   '), 'blank search: no filter').toEqual([]);
    expect(personSearchFilters('(),*'), 'nothing searchable left: no filter').toEqual([]);
  });
});
