/**
 * JSON answers and errors for functions, with CORS headers on every response
 * (a browser hides an error body without them).
 */
import { corsHeaders, preflight } from './cors.ts';

/**
 * An error that should reach the caller as `{ message, error: { code, message, details? } }`
 * with this status (`message` at the top too, for callers that read only that).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** Extra response headers, such as Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8', ...Object.fromEntries(new Headers(headers)) },
  });
}

export function errorResponse(status: number, code: string, message: string, details?: unknown, headers: HeadersInit = {}): Response {
  return json({ message, error: details === undefined ? { code, message } : { code, message, details } }, status, headers);
}

/**
 * Wraps a handler: answers preflights, turns an HttpError into its JSON answer
 * and anything else into a logged 500 (without leaking internals to callers).
 */
export function handler(fn: (req: Request) => Response | Promise<Response>): (req: Request) => Promise<Response> {
  return async (req) => {
    const early = preflight(req);
    if (early) return early;
    try {
      return await fn(req);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.status, error.code, error.message, error.details, error.headers);
      console.error(error);
      return errorResponse(500, 'internal_error', 'The function failed; see its logs');
    }
  };
}
