/**
 * The words of a search box: split on whitespace, with characters outside
 * letters, digits and `@ . + - _ '` dropped, so a term can never change a
 * filter's syntax (values are also double-quoted, so dots and `@` stay part
 * of the value).
 */
function searchWords(term: string): string[] {
  return term
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}@.+\-_']/gu, ''))
    .filter(Boolean);
}

/**
 * PostgREST `or` filters for a search box, one per word of `term`, to be
 * applied with `.or()` each (PostgREST ANDs them): every word must appear in
 * one of `columns`, case-insensitively.
 */
export function wordSearchFilters(term: string, columns: readonly string[]): string[] {
  return searchWords(term).map((word) => columns.map((column) => `${column}.ilike."*${word}*"`).join(','));
}

/**
 * A person search (spec part 2 §2 Agent Assignments: 'Search by name or
 * email'): every word in the first name, last name or e-mail, so 'priya
 * patel' and 'patel@' both find Priya. It matches users.search_text, which
 * the database keeps as lower(first name, last name, e-mail): one LIKE per
 * row instead of three ILIKEs. Each word is sent with A-Z lowercased and, when
 * that differs, fully lowercased too: a database whose lower() leaves accented
 * capitals as they are (the C locale) still matches the first form, one that
 * folds them the second (migration 20250710000100).
 */
export function personSearchFilters(term: string): string[] {
  return searchWords(term).map((word) => {
    const forms = new Set([word.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()), word.toLowerCase()]);
    return [...forms].map((form) => `search_text.like."*${form}*"`).join(',');
  });
}
