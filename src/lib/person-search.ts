/** Columns a person is found by (spec part 2 §2 Agent Assignments: 'Search by name or email'). */
const PERSON_COLUMNS = ['first_name', 'last_name', 'email'] as const;

/**
 * PostgREST `or` filters for a search box, one per word of `term`, to be
 * applied with `.or()` each (PostgREST ANDs them): every word must appear in
 * one of `columns`, case-insensitively. Characters outside letters, digits and
 * `@ . + - _ '` are dropped, so a term can never change the filter's syntax;
 * values are double-quoted so dots and `@` stay part of the value.
 */
export function wordSearchFilters(term: string, columns: readonly string[]): string[] {
  return term
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}@.+\-_']/gu, ''))
    .filter(Boolean)
    .map((word) => columns.map((column) => `${column}.ilike."*${word}*"`).join(','));
}

/** A person search: every word in the first name, last name or e-mail, so 'priya patel' and 'patel@' both find Priya. */
export function personSearchFilters(term: string): string[] {
  return wordSearchFilters(term, PERSON_COLUMNS);
}
