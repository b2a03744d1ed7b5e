/**
 * Text rules of listing descriptions, free of I/O so they are tested alone:
 * the 800-character limit, address matching, and the note excerpts that may
 * reach a prompt (short, without contact details).
 */

/** Spec part 2 §9: each description is measured against 800 characters. */
export const MAX_DESCRIPTION_CHARS = 800;

/**
 * Cuts a text to at most `max` characters: at the last sentence end that fits
 * when there is one in the second half, else at the last word boundary with
 * an ellipsis (still within `max`).
 */
export function trimToLimit(text: string, max = MAX_DESCRIPTION_CHARS): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const head = clean.slice(0, max);
  let sentenceEnd = -1;
  // Matched in the whole text: whether "3." ends a sentence depends on the character after it.
  for (const match of clean.matchAll(/[.!?]["')\]]?(?=\s|$)/g)) {
    const end = match.index + match[0].length;
    if (end > max) break;
    sentenceEnd = end;
  }
  if (sentenceEnd > max / 2) return clean.slice(0, sentenceEnd).trim();
  const room = head.slice(0, max - 1);
  const lastSpace = room.search(/\s\S*$/);
  const words = (lastSpace > 0 ? room.slice(0, lastSpace) : room).replace(/[\s,;:–—-]+$/, '');
  return `${words}…`;
}

/** Case, spaces and punctuation do not tell addresses apart ("12 Oak Ln." = "12 oak ln"). */
export function normalizeAddress(address: string): string {
  return address
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of an address, for a LIKE pattern that finds candidates to compare exactly. */
export function addressWords(address: string): string[] {
  return normalizeAddress(address).split(' ').filter(Boolean);
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
// Seven or more digits, possibly grouped by spaces, dots, dashes or brackets: a phone number.
const PHONE = /\+?\(?\d[\d\s().-]{5,}\d/g;

/** Removes e-mail addresses, phone numbers and the given names (e.g. the seller's) from a note. */
export function redactPersonalData(text: string, names: string[] = []): string {
  let out = text.replace(EMAIL, '[e-mail removed]').replace(PHONE, (m) => (m.replace(/\D/g, '').length >= 7 ? '[phone removed]' : m));
  for (const name of names) {
    const trimmed = name.trim();
    if (trimmed.length < 2) continue;
    out = out.replace(new RegExp(trimmed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '[name removed]');
  }
  return out;
}

/** A short excerpt of a note: personal data removed, whitespace collapsed, at most `max` characters. */
export function noteExcerpt(content: string, names: string[] = [], max = 200): string {
  const flat = redactPersonalData(content, names).replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut}…`;
}

/** The coordinator's highlights as a list (one per line, comma or semicolon). */
export function splitHighlights(highlights: string | null | undefined): string[] {
  return (highlights ?? '')
    .split(/[\n,;•]+/)
    .map((h) => h.replace(/^[\s*-]+/, '').trim())
    .filter(Boolean)
    .slice(0, 20);
}
