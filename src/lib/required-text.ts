import { z } from 'zod';

/**
 * The whitespace private.trim_text() strips (migration 20251129000100), spelled
 * out the same way: ASCII whitespace, next line, no-break space, Ogham and
 * Mongolian separators, the Unicode spaces, zero-width characters, line and
 * paragraph separators, narrow no-break, medium mathematical and ideographic
 * spaces, word joiner and byte-order mark. String.prototype.trim() (and zod's
 * .trim()) leaves the zero-width ones, next line and the word joiner, which
 * the database then refuses as no text.
 */
const EDGE_WHITESPACE =
  /^[\t\n\v\f\r \u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+|[\t\n\v\f\r \u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+$/g;

/** The text without whitespace of any kind at either end, as the database trims it. */
export function trimText(value: string): string {
  return value.replace(EDGE_WHITESPACE, '');
}

/**
 * A required text (a reason) as the database checks it: trimmed by the same
 * rule as private.trim_text(), then at least one character (`message`) and at
 * most `max` (`maxMessage`). The parsed value is the trimmed text.
 */
export function requiredText(message: string, max: number, maxMessage?: string) {
  return z
    .string()
    .transform(trimText)
    .pipe(z.string().min(1, message).max(max, maxMessage));
}
