/**
 * The one media-type parser of the storage service. Every Content-Type that
 * becomes an object's type (raw and multipart uploads, signed uploads) and
 * every bucket rule check (uploads, move, copy) goes through it, so a value
 * like "image/png, text/html" can never pass an `image/*` rule on its first
 * half and then be served whole for a browser to pick the HTML out of it.
 */
import { ERRORS } from './errors.ts';

export interface MediaType {
  /** Lower-cased type, e.g. "image". */
  type: string;
  /** Lower-cased subtype, e.g. "png". */
  subtype: string;
  /** "type/subtype", lower-cased, without parameters. */
  essence: string;
}

// RFC 9110 §8.3.1: media-type = type "/" subtype *( OWS ";" OWS [ parameter ] ),
// parameter = token "=" ( token / quoted-string ). Nothing else may follow,
// which is what refuses lists ("a/b, c/d") and stray characters.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\t \\x21\\x23-\\x5b\\x5d-\\x7e\\x80-\\xff]|\\\\[\\t \\x21-\\x7e\\x80-\\xff])*"';
const PARAMETER = `${TOKEN}=(?:${TOKEN}|${QUOTED})`;
const MEDIA_TYPE = new RegExp(`^(${TOKEN})/(${TOKEN})((?:[ \\t]*;[ \\t]*(?:${PARAMETER})?)*)$`);

/** Exactly one media type with optional parameters (surrounding whitespace allowed), or undefined. */
export function parseMediaType(value: string | undefined | null): MediaType | undefined {
  if (typeof value !== 'string') return undefined;
  const match = MEDIA_TYPE.exec(value.trim());
  if (!match) return undefined;
  const type = match[1]!.toLowerCase();
  const subtype = match[2]!.toLowerCase();
  return { type, subtype, essence: `${type}/${subtype}` };
}

/** As parseMediaType, but a missing, empty, listed or malformed value is hosted Storage's 415 "Invalid Content-Type header". */
export function mustParseMediaType(value: string | undefined): MediaType {
  const parsed = parseMediaType(value);
  if (!parsed) throw ERRORS.invalidContentType();
  return parsed;
}

/** Does a bucket's allowed_mime_types entry (`image/png`, `image/*`, `*`, `*\/*`) admit this parsed type? */
function admits(entry: string, mime: MediaType): boolean {
  const trimmed = entry.trim();
  if (trimmed === '*') return true;
  const wanted = parseMediaType(trimmed);
  if (!wanted) return false;
  if (wanted.type === '*') return wanted.subtype === '*';
  return wanted.type === mime.type && (wanted.subtype === '*' || wanted.subtype === mime.subtype);
}

/**
 * Refuses a type the bucket does not allow (no list allows every well-formed
 * type). Wildcards match the parsed type only, never a substring of the raw value.
 */
export function mustBeAllowedMediaType(contentType: string, allowed: string[] | null | undefined): MediaType {
  const mime = mustParseMediaType(contentType);
  if (allowed && allowed.length > 0 && !allowed.some((entry) => admits(entry, mime))) throw ERRORS.invalidMimeType(contentType);
  return mime;
}

/**
 * The type an object is stored and served with: anything mentioning
 * text/html becomes text/plain (as hosted Storage rewrites it on serve), and
 * a value that does not parse (rows written before this check, or by SQL)
 * is served as opaque bytes rather than passed to the browser.
 */
export function neutralContentType(value: string | undefined | null): string {
  if (typeof value !== 'string' || !parseMediaType(value)) return 'application/octet-stream';
  if (value.toLowerCase().includes('text/html')) return 'text/plain';
  return value.trim();
}
