/**
 * Where a citation sits on its page, for the review screen's highlight: the
 * page's positioned items (text runs, or OCR'd words) that the quoted text
 * spans, found by the same normalisation as verifyQuote (whitespace, case).
 */
import { normaliseText } from './normalise.ts';
import type { PageText, TextItem } from './types.ts';

/** The items of `page` covering the first place `quote` is found; empty when the page has no items or no such text. */
export function citationItems(page: PageText, quote: string): TextItem[] {
  const items = page.items ?? [];
  const wanted = normaliseText(quote);
  if (items.length === 0 || wanted === '') return [];
  // The items' text in reading order, one space between items, remembering where each item starts and ends.
  const spans: { start: number; end: number; item: TextItem }[] = [];
  let joined = '';
  for (const item of items) {
    const text = normaliseText(item.str);
    if (text === '') continue;
    if (joined !== '') joined += ' ';
    spans.push({ start: joined.length, end: joined.length + text.length, item });
    joined += text;
  }
  const start = joined.indexOf(wanted);
  if (start < 0) return [];
  const end = start + wanted.length;
  return spans.filter((span) => span.end > start && span.start < end).map((span) => span.item);
}
