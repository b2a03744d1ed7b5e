/**
 * Who a request's access token names, verified before any function acts on it.
 *
 * A token is first checked for shape: three base64url parts, a signing
 * algorithm Supabase Auth uses (never `none`), a signed-in person's claims
 * (`role` and `aud` "authenticated", a `sub`) and a future `exp`. Anything
 * else is refused here, without asking anyone. The signature is then checked
 * by Supabase Auth itself (GET /auth/v1/user), which holds the project's
 * keys, HS256 or asymmetric alike, and also refuses a token whose session has
 * ended. A refusal is `null`, which callers answer 401: a bad token is the
 * caller's mistake, never a 5xx.
 *
 * Asked on every request, as the Supabase docs' own pattern does: nothing
 * about a token is kept between requests, so a session ended anywhere is
 * refused by the very next call.
 */
import { HttpError } from './http.ts';

export interface TokenUser {
  id: string;
  email: string | null;
}

const ALGORITHMS = new Set(['HS256', 'ES256', 'RS256']);
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodePart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The claims of a token that could be a signed-in person's current access token, unverified; null otherwise. */
export function plausibleClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return null;
  const header = decodePart(parts[0]);
  const claims = decodePart(parts[1]);
  if (!header || !claims || typeof header.alg !== 'string' || !ALGORITHMS.has(header.alg)) return null;
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.role !== 'authenticated' || !audiences.includes('authenticated')) return null;
  if (typeof claims.sub !== 'string' || claims.sub === '') return null;
  if (!(Number(claims.exp) > Date.now() / 1000)) return null;
  return claims;
}

/** A call to Supabase Auth (`path` below /auth/v1) made with the caller's token. */
export function authFetch(path: string, token: string, init: RequestInit = {}): Promise<Response> {
  const base = Deno.env.get('SUPABASE_URL');
  const anonKey = Deno.env.get('SUPABASE_ANON_KEY');
  if (!base || !anonKey) throw new Error('SUPABASE_URL / SUPABASE_ANON_KEY are not set');
  return fetch(`${base}/auth/v1${path}`, { ...init, headers: { apikey: anonKey, Authorization: `Bearer ${token}` } });
}

/** Asks Auth whether it issued this token and its session still stands; a 5xx of Auth is 503, not a refusal. */
async function askAuth(token: string, sub: string): Promise<TokenUser | null> {
  let response: Response;
  try {
    response = await authFetch('/user', token);
  } catch (error) {
    console.error(`token check: Auth unreachable: ${error instanceof Error ? error.message : error}`);
    throw new HttpError(503, 'auth_unavailable', 'Sign-in could not be checked just now. Please try again.');
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    throw new HttpError(503, 'auth_unavailable', 'Sign-in could not be checked just now. Please try again.');
  }
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  const user = (await response.json().catch(() => null)) as { id?: unknown; email?: unknown } | null;
  if (user?.id !== sub) return null;
  return { id: sub, email: typeof user.email === 'string' ? user.email : null };
}

/** The signed-in person a token names, or null when it is not a valid, current access token. */
export async function verifyAccessToken(token: string): Promise<TokenUser | null> {
  const claims = plausibleClaims(token);
  return claims ? await askAuth(token, claims.sub as string) : null;
}
