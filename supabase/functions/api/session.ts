/**
 * Who calls the `/api` surface: `Authorization: Bearer <access token>` (what
 * every Supabase client sends), else the session cookie the app sets for
 * same-origin browser calls. Either way the token is checked with Auth and
 * every query then runs with it, so RLS decides exactly as for the app.
 *
 * The cookie holds the access token, HttpOnly (scripts cannot read it),
 * SameSite=Lax (other sites' forms and fetches do not carry it), Secure except
 * on localhost, Path=/api, and expires with the token; the app renews it when
 * supabase-js refreshes the session and clears it at sign-out.
 */
import type { SupabaseClient, User } from '../_shared/deps.ts';
import { HttpError } from '../_shared/http.ts';
import { createTokenClient } from '../_shared/supabase.ts';

export const SESSION_COOKIE = 'listingdesk_session';

export interface Caller {
  token: string;
  user: User;
  /** A client that acts as the caller (PostgREST, Storage, RPC under RLS). */
  db: SupabaseClient;
}

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** A JWT's claims, unverified (Auth verifies the token before anything relies on it); {} when unreadable. */
function claims(token: string): Record<string, unknown> {
  try {
    const payload: unknown = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The access token a request carries: a user's bearer token (not the anon key clients send signed out), else the cookie. */
export function requestToken(req: Request): string | undefined {
  const bearer = req.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer && claims(bearer).role === 'authenticated') return bearer;
  return cookieValue(req, SESSION_COOKIE);
}

const unauthorized = () => new HttpError(401, 'unauthorized', 'Unauthorized');

/** The signed-in caller, or 401 `Unauthorized` (the text the spec's clients recognise). */
export async function authenticate(req: Request): Promise<Caller> {
  const token = requestToken(req);
  if (!token) throw unauthorized();
  const db = createTokenClient(token);
  const { data, error } = await db.auth.getUser(token);
  if (error || !data.user) throw unauthorized();
  return { token, user: data.user, db };
}

/** Seconds until a JWT expires (0 when unreadable or past). */
function secondsLeft(token: string): number {
  const left = Math.floor(Number(claims(token).exp) - Date.now() / 1000);
  return Number.isFinite(left) ? Math.max(0, left) : 0;
}

/** Secure everywhere but on the developer's own machine (http://localhost / 127.0.0.1). */
function secureFlag(req: Request): string {
  const origin = req.headers.get('origin') ?? '';
  const host = (() => {
    try {
      return origin ? new URL(origin).hostname : (req.headers.get('host') ?? '').replace(/:\d+$/, '');
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
