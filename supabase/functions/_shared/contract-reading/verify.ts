/**
 * Citations are the reader's promise: every proposed value points at text a
 * person can find on the page. verifyQuote checks a quote (from the text
 * reading, OCR or a model) against the pages; citationIsVerified checks a
 * proposal, form fields included, against what the PDF holds.
 */
import { normaliseText } from './normalise.ts';
import type { Citation, FormField, PageText, ProposedFact } from './types.ts';

/** The shortest quote worth checking: a single character is found on any page. */
const MIN_QUOTE_CHARS = 3;

/** The first page whose text holds the quote (whitespace and case normalised), as a citation; null when no page does. */
export function verifyQuote(pages: PageText[], quote: string): Citation | null {
  const wanted = normaliseText(quote);
  if (wanted.length < MIN_QUOTE_CHARS) return null;
  for (const page of pages) {
    if (normaliseText(page.text).includes(wanted)) return { page: page.page, text: quote.replace(/\s+/g, ' ').trim() };
  }
  return null;
}

/** The text a form field's citation quotes: its value, or "checked" for a ticked box. */
export function fieldCitationText(field: FormField): string {
  return typeof field.value === 'boolean' ? (field.value ? 'checked' : 'unchecked') : field.value.replace(/\s+/g, ' ').trim();
}

/**
 * Whether a proposal's citation points at something the document holds: its
 * field on its page, or its text on its page. A flagged fact (value null) is
 * verified when each of its candidates is.
 */
export function citationIsVerified(input: { fields: FormField[]; pages: PageText[] }, fact: Pick<ProposedFact, 'value' | 'citation' | 'candidates'>): boolean {
  if (fact.value === null) return (fact.candidates ?? []).length >= 2 && fact.candidates!.every((candidate) => citationHolds(input, candidate.citation));
  return citationHolds(input, fact.citation);
}

function citationHolds(input: { fields: FormField[]; pages: PageText[] }, citation: Citation | null): boolean {
  if (!citation) return false;
  if (citation.field !== undefined) {
    return input.fields.some(
      (field) => field.name === citation.field && field.page === citation.page && normaliseText(fieldCitationText(field)) === normaliseText(citation.text),
    );
  }
  const page = input.pages.find((candidate) => candidate.page === citation.page);
  const wanted = normaliseText(citation.text);
  return page !== undefined && wanted.length >= MIN_QUOTE_CHARS && normaliseText(page.text).includes(wanted);
}
