/**
 * Where a citation stands on a rendered page: the text items (pdf.js text
 * runs, or OCR'd words) whose text makes up the cited words, found as the
 * server verified the citation (the shared reader's citationItems: case and
 * whitespace normalised). When that exact run is not found (an OCR'd line
 * split into words differently from its text), the longest run of
 * consecutive items made only of cited words is taken instead, so the
 * person still sees the cited line, not every "and" of the page.
 */
import { normaliseText } from '../../../../supabase/functions/_shared/contract-reading/normalise.ts';
import { citationItems } from '../../../../supabase/functions/_shared/contract-reading/highlight.ts';
import type { TextItem } from '@/features/contract-intake/lib/facts';

export function citationBoxes(items: TextItem[], citation: string): TextItem[] {
  const exact = citationItems({ page: 0, text: '', source: 'text', items }, citation);
  if (exact.length > 0) return exact;
  const words = new Set(normaliseText(citation).split(' ').filter(Boolean));
  let best: TextItem[] = [];
  let bestLength = 0;
  let run: TextItem[] = [];
  let runLength = 0;
  for (const item of items) {
    const text = normaliseText(item.str);
    if (text === '') continue;
    if (text.split(' ').every((word) => words.has(word))) {
      run = [...run, item];
      runLength += text.length;
      if (runLength > bestLength) [best, bestLength] = [run, runLength];
    } else {
      [run, runLength] = [[], 0];
    }
  }
  return bestLength >= 3 ? best : [];
}
