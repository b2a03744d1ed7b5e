/**
 * Input rules of hosted Supabase Storage (src/storage/limits.ts), so that a
 * name refused there is refused here too instead of failing only in
 * production, plus refusing path traversal outright.
 */
import { ERRORS } from './errors.ts';

/** S3-safe characters only, as hosted Storage allows (no non-ASCII, no control characters). */
const KEY_CHARS = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const BUCKET_CHARS = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

export function mustBeValidKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0 || Buffer.byteLength(key) > 1024) throw ERRORS.invalidKey(String(key ?? ''));
  // Control characters (NUL included) fail the character class; traversal and
  // absolute names are refused even though S3 would store them verbatim,
  // because apps build these names from user input and policies match on them.
  if (!KEY_CHARS.test(key) || key.startsWith('/') || key.split('/').some((s) => s === '..' || s === '.')) throw ERRORS.invalidKey(key);
  return key;
}

export function mustBeValidBucketName(name: unknown): string {
  if (typeof name !== 'string' || name.length === 0 || name.length >= 64 || !BUCKET_CHARS.test(name) || name === '.' || name === '..') {
    throw ERRORS.invalidBucketName();
  }
  return name;
}

/** Hosted Storage's size syntax for bucket limits: bytes, or "20GB" / "20MB" / "30KB" / "3B" (decimal units). */
export function parseFileSize(value: number | string): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) throw ERRORS.invalidFileSizeLimit();
    return Math.floor(value);
  }
  const match = /^([0-9]+(?:\.[0-9]+)?)\s*(gb|mb|kb|b)?$/i.exec(value.trim());
  if (!match) throw ERRORS.invalidFileSizeLimit();
  const n = Number.parseFloat(match[1]);
  const unit = (match[2] ?? 'b').toLowerCase();
  return Math.floor(n * { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }[unit]!);
}

/** config.toml's `[storage] file_size_limit` syntax (go-units, binary multiples: "50MiB", "50MB"). */
export function parseConfigSize(value: string): number | undefined {
  const match = /^([0-9]+(?:\.[0-9]+)?)\s*([kmgt]?)(i?b)?$/i.exec(value.trim());
  if (!match) return undefined;
  const power = ['', 'k', 'm', 'g', 't'].indexOf(match[2].toLowerCase());
  return Math.floor(Number.parseFloat(match[1]) * 1024 ** power);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `owner` is a uuid column; hosted Storage fills it only when the JWT's sub is one (owner_id always gets the sub). */
export function ownerColumns(sub: string | undefined): { owner: string | null; ownerId: string | null } {
  return { owner: sub && UUID.test(sub) ? sub : null, ownerId: sub ?? null };
}
