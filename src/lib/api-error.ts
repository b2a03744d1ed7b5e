/**
 * One error type for every failed call (PostgREST, Auth, Storage, Edge
 * Functions), with the spec's message shape '{status}: {body or status text}'
 * (part 1 §8), so toasts and the 401 handling treat all of them alike.
 */
export class ApiError extends Error {
  readonly status: number;
  /** Machine-readable code when the server gave one (PostgREST SQLSTATE, Auth error code). */
  readonly code: string | undefined;

  constructor(status: number, body: string, options?: { code?: string; cause?: unknown }) {
    super(formatApiError(status, body), { cause: options?.cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = options?.code;
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** '{status}: {body}', falling back to the status text when the body is empty. */
export function formatApiError(status: number, body?: string | null, statusText?: string | null): string {
  const text = body?.trim() || statusText?.trim() || STATUS_TEXT[status] || 'Request failed';
  return `${status}: ${text}`;
}

/** The error shape shared by PostgREST, Storage and Auth errors in supabase-js. */
interface SupabaseLikeError {
  message: string;
  code?: string | number;
  status?: number;
  statusCode?: string | number;
  details?: string | null;
  hint?: string | null;
}

interface SupabaseResult {
  data: unknown;
  error: SupabaseLikeError | null;
  status?: number;
  statusText?: string;
}

/** The `data` of the success branch of a supabase-js result union (where `error` is null). */
type SuccessData<R> = [Extract<R, { error: null }>] extends [never]
  ? R extends { data: infer D }
    ? D
    : never
  : Extract<R, { error: null }> extends { data: infer D }
    ? D
    : never;

/** Converts any supabase-js error (or a thrown value) into an ApiError, keeping the best status available. */
export function toApiError(error: unknown, fallbackStatus = 0, statusText?: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error && typeof error === 'object' && 'message' in error) {
    const e = error as SupabaseLikeError & { name?: string };
    // supabase-js reports "no stored session" without a status; to the app it is a 401.
    const missingSession = e.name === 'AuthSessionMissingError';
    const status = missingSession ? 401 : numeric(e.status) ?? numeric(e.statusCode) ?? (fallbackStatus || 500);
    const code = e.code === undefined ? undefined : String(e.code);
    return new ApiError(status, e.message || statusText || '', { code, cause: error });
  }
  return new ApiError(fallbackStatus || 500, String(error ?? ''), { cause: error });
}

function numeric(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 100 && n < 600 ? n : undefined;
}

/**
 * Returns `data` of a supabase-js result or throws an ApiError. Use on every
 * call so queries and mutations fail the same way:
 *   const rows = throwIfError(await supabase.from('listings').select());
 */
export function throwIfError<R extends SupabaseResult>(result: R): SuccessData<R> {
  if (result.error) throw toApiError(result.error, result.status, result.statusText);
  return result.data as SuccessData<R>;
}

/**
 * Same for `supabase.functions.invoke`, whose HTTP errors carry the Response
 * in `context`: the body text becomes the message, as the spec's format asks.
 */
export async function throwIfFunctionError<T>(result: { data: T; error: unknown }): Promise<T> {
  const { data, error } = result;
  if (!error) return data;
  const response = (error as { context?: unknown }).context;
  if (response instanceof Response) {
    const body = await response.text().catch(() => '');
    throw new ApiError(response.status, extractMessage(body), { code: extractCode(body), cause: error });
  }
  throw toApiError(error);
}

/** JSON error bodies ({ error } / { message }) read better as their message than as raw JSON. */
function extractMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') {
      const { error, message } = parsed as { error?: unknown; message?: unknown };
      if (typeof error === 'string') return error;
      if (typeof message === 'string') return message;
    }
  } catch {
    // Not JSON: the text itself is the body.
  }
  return body;
}

/** The machine-readable code of a function's error body (`{ message, error: { code } }`), if any. */
export function extractCode(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    const code = (parsed as { error?: { code?: unknown } } | null)?.error?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Auth codes meaning the session is gone (revoked, signed out elsewhere, or a token we cannot use). */
const SESSION_GONE_CODES = new Set(['session_not_found', 'session_expired', 'bad_jwt', 'refresh_token_not_found', 'refresh_token_already_used', 'PGRST301', 'PGRST302', 'PGRST303']);

/**
 * True for failures that mean "you are logged out": HTTP 401, a revoked or
 * missing session, or a message in the spec's '401: …Unauthorized' form.
 */
export function isUnauthorized(error: unknown): boolean {
  if (error instanceof ApiError) {
    return error.status === 401 || (error.code !== undefined && SESSION_GONE_CODES.has(error.code));
  }
  if (error && typeof error === 'object') {
    const e = error as { name?: string; status?: unknown; code?: unknown; message?: unknown };
    if (e.name === 'AuthSessionMissingError' || numeric(e.status) === 401) return true;
    if (typeof e.code === 'string' && SESSION_GONE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string') return /^401: /.test(e.message) && e.message.includes('Unauthorized');
  }
  return false;
}
