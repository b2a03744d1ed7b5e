/**
 * Normalising text and values: citations are compared after collapsing
 * whitespace and case (a quote from a model or an OCR'd line must still be
 * found on its page), and values are compared in one canonical shape
 * (dates YYYY-MM-DD, amounts numbers, day counts integers).
 */

/** Lower case, one space for any run of whitespace, typographic quotes and dashes as plain ones. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u201b]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 100) year += 2000;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function monthNumber(name: string): number | null {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index < 0 ? null : index + 1;
}

/** Date patterns that contracts write, each turned into YYYY-MM-DD. */
export const DATE_PATTERN = String.raw`(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}/\d{1,2}/\d{2,4}|[A-Za-z]{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?[,.]?\s+\d{4}|\d{1,2}(?:st|nd|rd|th)?\s+day\s+of\s+[A-Za-z]{3,9}[,.]?\s+\d{4}|\d{1,2}(?:st|nd|rd|th)?\s+[A-Za-z]{3,9}[,.]?\s+\d{4})`;

/** A written date as YYYY-MM-DD, or null when it is not a real date. */
export function parseDate(text: string): string | null {
  const value = text.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{2,4})$/.exec(value);
  if (match) return isoDate(Number(match[3]), Number(match[1]), Number(match[2]));
  // "July 6. 2026": OCR often reads the comma as a full stop.
  match = /^([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?[,.]?\s+(\d{4})$/.exec(value);
  if (match) {
    const month = monthNumber(match[1]);
    return month ? isoDate(Number(match[3]), month, Number(match[2])) : null;
  }
  match = /^(\d{1,2})(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?([A-Za-z]{3,9})[,.]?\s+(\d{4})$/.exec(value);
  if (match) {
    const month = monthNumber(match[2]);
    return month ? isoDate(Number(match[3]), month, Number(match[1])) : null;
  }
  return null;
}

/** An amount of dollars as a number (cents kept), or null. */
export function parseMoney(text: string): number | null {
  const digits = text.replace(/[$\s]/g, '');
  if (!/^\d{1,3}(?:,\d{3})*(?:\.\d{2})?$|^\d+(?:\.\d{2})?$/.test(digits)) return null;
  const value = Number(digits.replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

/** "seven", "twenty-one", "twenty one" as a number below 100; null for any other word. */
export function numberWord(text: string): number | null {
  const word = text.trim().toLowerCase();
  const unit = UNITS.indexOf(word);
  if (unit >= 0) return unit;
  const compound = /^([a-z]+)(?:[-\s]([a-z]+))?$/.exec(word);
  if (!compound || TENS[compound[1]] === undefined) return null;
  if (!compound[2]) return TENS[compound[1]];
  const ones = UNITS.indexOf(compound[2]);
  return ones > 0 && ones < 10 ? TENS[compound[1]] + ones : null;
}

/** The database refuses day counts past a year (private.fact_days), so none is proposed. */
export const MAX_DAY_COUNT = 365;

/**
 * A day count written "7", "seven", "seven (7)" or "21 (twenty-one)"; digits
 * win over words. C.A.R.'s "17 (or 21)" is the number written in the blank
 * (21); with the blank left empty, "17 (or ___)", the printed default (17).
 */
export function parseDays(text: string): number | null {
  const override = /\(or\s*(\d{1,4})\s*\)/.exec(text);
  if (override) return Number(override[1]) <= MAX_DAY_COUNT ? Number(override[1]) : null;
  const digits = /\d{1,4}/.exec(text);
  if (digits) {
    const value = Number(digits[0]);
    return value <= MAX_DAY_COUNT ? value : null;
  }
  return numberWord(text);
}

/**
 * Words a form puts in a name's blank when there is no name: "None" for an
 * unrepresented buyer, "TBD" for a lender not yet chosen. Never a name.
 */
const PLACEHOLDER = /^(?:none|n\/?a|tbd|tba|to be (?:determined|decided|announced|selected)|not applicable|not yet (?:chosen|selected|determined)|unknown|pending|unrepresented|self|same|see (?:above|below|addendum)|[-–—_]+)$/i;

/** Whether a value in a name's place is a placeholder rather than a name ("None", "TBD", "N/A — buyer unrepresented"). */
export function isPlaceholderName(value: string): boolean {
  const words = value.trim().replace(/[.,;:]+$/, '');
  return PLACEHOLDER.test(words) || /^(?:none|n\/a|tbd|tba)\b/i.test(words);
}

/**
 * A person's or company's name as written, with surrounding punctuation and
 * blanks dropped — and a stray lower-case letter or mark at either end, which
 * is what OCR makes of a speck beside a line ("Owen Brooks i").
 */
export function cleanName(text: string): string | null {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const stray = (word: string | undefined) => word !== undefined && (/^[a-z]$/.test(word) || /^[^A-Za-z0-9]+$/.test(word));
  while (words.length > 1 && stray(words[words.length - 1])) words.pop();
  while (words.length > 1 && stray(words[0])) words.shift();
  // A licence number after a name belongs to the licence, not the name ("Piney Woods Rural Lending, NMLS 1889023").
  const value = words.join(' ').replace(/,?\s+(?:NMLS|DRE|CalBRE|BRE|Lic\.|License|Licence)\b.*$/i, '').replace(/^[\s,;:.("]+|[\s,;:("]+$/g, '').trim();
  // Names are written with capitals; "po" or "co" after a label is what OCR made of a blank.
  if (value.length < 3 || !/[A-Z]/.test(value) || /^_+$/.test(value) || isPlaceholderName(value)) return null;
  return value;
}

/** Values compared the way the bench and tests compare them: text normalised, numbers to the cent. */
export function sameValue(a: string | number | boolean, b: string | number | boolean): boolean {
  if (typeof a === 'number' || typeof b === 'number') return Math.abs(Number(a) - Number(b)) < 0.005;
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b;
  return normaliseText(a).replace(/[.,]/g, '') === normaliseText(b).replace(/[.,]/g, '');
}
