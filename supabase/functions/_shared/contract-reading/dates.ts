/**
 * Dates in a clause, as YYYY-MM-DD with their place. chrono-node (strict)
 * reads the common forms ("March 3rd, 2027", "03/03/2027", "2027-03-03");
 * only results that state their year are kept, since chrono turns "within
 * 5 days" into a date near today. What it misses ("the 3rd day of March,
 * 2027") is read by the reader's own patterns.
 */
import { DATE_PATTERN, parseDate } from './normalise.ts';
import type { DateEngine } from './types.ts';
import type { Mention } from './numbers.ts';

const WRITTEN_DATE = new RegExp(DATE_PATTERN, 'g');
const HAS_YEAR = /\b\d{4}\b|\/\d{2}\b/;

function iso(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Every dated mention in the text, earliest first; two readings of one place keep the reader's own. */
export function dateMentions(text: string, chrono: DateEngine): Mention<string>[] {
  if (!HAS_YEAR.test(text)) return [];
  const found: Mention<string>[] = [];
  for (const match of text.matchAll(WRITTEN_DATE)) {
    const value = parseDate(match[0]);
    if (value) found.push({ value, start: match.index, end: match.index + match[0].length });
  }
  for (const result of chrono.strict.parse(text, new Date(Date.UTC(2000, 0, 1)))) {
    const { start } = result;
    if (!start.isCertain('year') || !start.isCertain('month') || !start.isCertain('day') || !HAS_YEAR.test(result.text)) continue;
    const at = result.index;
    if (found.some((mention) => at < mention.end && at + result.text.length > mention.start)) continue;
    found.push({ value: iso(start.get('year')!, start.get('month')!, start.get('day')!), start: at, end: at + result.text.length });
  }
  return found.sort((a, b) => a.start - b.start);
}
