/**
 * Where a citation stands on a rendered page: the text items (pdf.js text
 * runs, or OCR'd words) whose text makes up the cited words. Items and
 * citation are compared normalised (case, whitespace), as the server
 * verified the citation; when the exact run is not found (an OCR'd line
 * split differently), the items whose words all belong to the citation are
 * taken instead, so the person still sees where to look.
 */
import type { TextItem } from '@/features/contract-intake/lib/facts';

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

export function citationBoxes(items: TextItem[], citation: string): TextItem[] {
  const wanted = normalise(citation);
  if (!wanted) return [];
  let joined = '';
  const spans: { start: number; end: number; item: TextItem }[] = [];
  for (const item of items) {
    const text = normalise(item.str);
    if (!text) continue;
    if (joined) joined += ' ';
    spans.push({ start: joined.length, end: joined.length + text.length, item });
    joined += text;
  }
  const at = joined.indexOf(wanted);
  if (at >= 0) return spans.filter((span) => span.end > at && span.start < at + wanted.length).map((span) => span.item);
  const words = new Set(wanted.split(' '));
  return spans.filter((span) => span.end - span.start >= 3 && joined.slice(span.start, span.end).split(' ').every((word) => words.has(word))).map((span) => span.item);
}
