/**
 * Amounts and day counts as contracts write them, found in a clause with
 * their place: "$1,234", "USD 1,234", "1,234.00 dollars", "One thousand …
 * Dollars ($1,234.00)"; "7 days", "seven (7) days", "twenty-one days",
 * C.A.R.'s "17 (or 21) Days" (the number in the blank replaces the printed
 * default).
 */
import { MAX_DAY_COUNT, numberWord, parseMoney } from './normalise.ts';

export interface Mention<T> {
  value: T;
  start: number;
  end: number;
}

const WORD = String.raw`[A-Za-z]+(?:[-\s][A-Za-z]+)?`;
/** A day count before "days": the blank form, words with figures, figures, words. */
const DAY_COUNT = new RegExp(
  String.raw`\b(?:(?<base>\d{1,3})\s*\(\s*or\s*(?<blank>\d{1,3}|_+)\s*\)|(?<word>${WORD})\s*\(\s*(?<wordFig>\d{1,3})\s*\)|(?<fig>\d{1,3})\s*\(\s*[A-Za-z-]+\s*\)|(?<plain>\d{1,3})|(?<spelled>${WORD}))\s+(?:calendar\s+|business\s+)?days?\b`,
  'gi',
);

/** Every day count in the text ("7 days", "seven (7) days", "twenty-one days", "17 (or 21) Days"). */
export function dayCounts(text: string): Mention<number>[] {
  const found: Mention<number>[] = [];
  for (const match of text.matchAll(DAY_COUNT)) {
    const groups = match.groups!;
    let value: number | null = null;
    let start = match.index;
    if (groups.base !== undefined) value = /^\d+$/.test(groups.blank) ? Number(groups.blank) : Number(groups.base);
    else if (groups.wordFig !== undefined) value = Number(groups.wordFig);
    else if (groups.fig !== undefined) value = Number(groups.fig);
    else if (groups.plain !== undefined) value = Number(groups.plain);
    else if (groups.spelled !== undefined) {
      // "within twenty-one days": the regex may have taken a word before the number too ("within twenty").
      const words = groups.spelled.split(/\s+/);
      value = numberWord(groups.spelled);
      if (value === null && words.length === 2) {
        value = numberWord(words[1]);
        start += match[0].indexOf(words[1]);
      }
    }
    if (value !== null && value > 0 && value <= MAX_DAY_COUNT) found.push({ value, start, end: match.index + match[0].length });
  }
  return found;
}

const AMOUNT = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d+(?:\.\d{2})?`;
const MONEY = new RegExp(String.raw`(?:\$|\bUS[DP]\b)\s?(?<pre>${AMOUNT})(?![\d,]*\d| \d)|(?<![\/\d,.])\b(?<post>${AMOUNT})\s+dollars\b`, 'gi');

/** Every amount of money in the text, in dollars; negative amounts ("USD -16,000") are not amounts anything is worth. */
export function moneyAmounts(text: string): Mention<number>[] {
  const found: Mention<number>[] = [];
  for (const match of text.matchAll(MONEY)) {
    const raw = match.groups!.pre ?? match.groups!.post;
    const value = parseMoney(raw);
    if (value !== null) found.push({ value, start: match.index, end: match.index + match[0].length });
  }
  return found;
}
