/**
 * Who calls the `/api` surface: `Authorization: Bearer <access token>` (what
 * every Supabase client sends), else the session cookie the app sets for
 * same-origin browser calls. The token is verified before any route runs
 * (_shared/token.ts: its shape, then Supabase Auth on every request), so a
 * tampered, unsigned, expired, foreign-audience or ended token is a 401
 * whatever the route, before the body is read. Every query then runs with
 * that token, so RLS decides exactly as for the app's own direct calls.
 *
 * The cookie holds the access token, HttpOnly (scripts cannot read it),
 * SameSite=Lax (other sites' forms and fetches do not carry it), Secure except
 * on localhost, Path=/api, and expires with the token; the app renews it when
 * supabase-js refreshes the session and clears it at sign-out.
 */
import type { SupabaseClient } from '../_shared/deps.ts';
import { HttpError } from '../_shared/http.ts';
import { createTokenClient } from '../_shared/supabase.ts';
import { authFetch, plausibleClaims, type TokenUser, verifyAccessToken } from '../_shared/token.ts';

export const SESSION_COOKIE = 'listingdesk_session';

export interface Caller {
  token: string;
  /** The sign-in the token names, as Supabase Auth confirmed it. */
  user: TokenUser;
  /** A client that acts as the caller (PostgREST, Storage, RPC under RLS). */
  db: SupabaseClient;
  /** The account the caller acts as (users.id), for queries that name it (`user_id = me`); one RPC, memoized per request. */
  accountId(): Promise<string>;
}

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      // A mangled cookie is no session (401), not a failure of the function.
      return undefined;
    }
  }
  return undefined;
}

/** The access token a request carries: a user's bearer token (not the anon key clients send signed out), else the cookie. */
export function requestToken(req: Request): string | undefined {
  const bearer = req.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer && plausibleClaims(bearer)) return bearer;
  return cookieValue(req, SESSION_COOKIE);
}

const unauthorized = () => new HttpError(401, 'unauthorized', 'Unauthorized');

/** The signed-in caller, or 401 `Unauthorized` (the text the spec's clients recognise). */
export async function authenticate(req: Request): Promise<Caller> {
  const token = requestToken(req);
  const user = token ? await verifyAccessToken(token) : null;
  if (!token || !user) throw unauthorized();
  const db = createTokenClient(token);
  let account: Promise<string> | undefined;
  return {
    token,
    user,
    db,
    accountId() {
      account ??= (async () => {
        const { data, error, status } = await db.rpc('current_account_id');
        if (error) throw status === 401 ? unauthorized() : new Error(`current_account_id failed: ${error.message}`);
        if (typeof data !== 'string') throw new HttpError(403, 'no_account', 'This sign-in has no account yet');
        return data;
      })();
      return account;
    },
  };
}

/** Seconds until a JWT expires (0 when unreadable or past). */
function secondsLeft(token: string): number {
  const left = Math.floor(Number(plausibleClaims(token)?.exp) - Date.now() / 1000);
  return Number.isFinite(left) ? Math.max(0, left) : 0;
}

/**
 * Secure everywhere but on the developer's own machine (http://localhost /
 * 127.0.0.1). The app's origin is read from Origin (the app's fetch that sets
 * the cookie), else Referer (a navigation to /api/logout carries no Origin),
 * so clearing the cookie repeats the attributes it was set with.
 */
function secureFlag(req: Request): string {
  const page = req.headers.get('origin') ?? req.headers.get('referer') ?? '';
  const host = (() => {
    try {
      return page && page !== 'null' ? new URL(page).hostname : (req.headers.get('host') ?? '').replace(/:\d+$/, '');
    } catch {
      return '';
    }
  })();
  return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(host) ? '' : '; Secure';
}

export function sessionCookie(req: Request, token: string): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/api; HttpOnly; SameSite=Lax; Max-Age=${secondsLeft(token)}${secureFlag(req)}`;
}

export function clearedSessionCookie(req: Request): string {
  return `${SESSION_COOKIE}=; Path=/api; HttpOnly; SameSite=Lax; Max-Age=0${secureFlag(req)}`;
}

/**
 * Ends the session the request carries, if any: Supabase Auth revokes it
 * (scope local: this browser's session, as the app's own sign-out), so its
 * refresh token is dead and Auth refuses its access token from now on. A
 * request without a session, or one Auth no longer knows, has nothing to end.
 */
export async function endSession(req: Request): Promise<void> {
  const token = requestToken(req);
  if (!token || !plausibleClaims(token)) return;
  try {
    const response = await authFetch('/logout?scope=local', token, { method: 'POST' });
    await response.body?.cancel();
    if (response.status >= 500) console.error(`sign-out: Auth answered ${response.status}`);
  } catch (error) {
    // The browser still forgets its session (cookie, Clear-Site-Data); only the server-side revocation is missing.
    console.error(`sign-out: Auth unreachable: ${error instanceof Error ? error.message : error}`);
  }
}
