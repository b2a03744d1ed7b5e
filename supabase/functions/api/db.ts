/**
 * Database answers as API answers: a supabase-js result becomes its data or
 * the HttpError the caller should see. PostgREST and our database functions
 * already refuse with 4xx and a clear message (403 not allowed, 404 not
 * found, 400/409 bad input), which pass through; anything else is a 500
 * that does not leak internals.
 */
import { HttpError } from '../_shared/http.ts';

interface DbError {
  message: string;
  code?: string;
  details?: string | null;
  hint?: string | null;
}

interface DbResult<T> {
  data: T;
  error: DbError | null;
  status: number;
  count?: number | null;
}

/** The HttpError for a failed database call. */
export function dbFailure(error: DbError, status: number): HttpError | Error {
  if (status === 401 || error.code === 'PGRST301' || error.code === 'PGRST302') return new HttpError(401, 'unauthorized', 'Unauthorized');
  // PostgREST answers an insert/update refused by RLS with 403 (42501).
  if (status === 403 || error.code === '42501') return new HttpError(403, 'forbidden', error.message || 'Forbidden');
  if (status === 404 || error.code === 'PGRST116') return new HttpError(404, 'not_found', 'Not found');
  if (status >= 400 && status < 500) return new HttpError(status, error.code ?? 'invalid_input', error.message);
  return new Error(`database call failed (${status} ${error.code ?? ''}): ${error.message}`);
}

/** The data of a result, or throws what the caller should see. */
export function unwrap<T>(result: DbResult<T>): T {
  if (result.error) throw dbFailure(result.error, result.status);
  return result.data;
}

/** The row of a `.maybeSingle()` result, or 404 with this message (RLS hides what the caller may not see). */
export function found<T>(result: DbResult<T | null>, message: string): NonNullable<T> {
  const row = unwrap(result);
  if (row === null || row === undefined) throw new HttpError(404, 'not_found', message);
  return row as NonNullable<T>;
}
