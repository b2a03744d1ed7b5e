import type { Session } from '@supabase/supabase-js';

/** Where the app's origin serves the `/api` surface (vite.config.ts and the hosting rewrite send it to the api function). */
const SESSION_ENDPOINT = '/api/auth/session';

let syncedToken: string | null = null;

/**
 * Keeps the `/api` surface's HttpOnly session cookie in step with the
 * Supabase session (spec §7: "all calls send cookies"), so same-origin calls
 * such as `fetch('/api/auth/user', { credentials: 'include' })` act as the
 * signed-in person: set after sign-in and every token refresh, cleared at
 * sign-out. The app itself never needs the cookie, so a host without the
 * `/api` rewrite only loses the compatibility calls — failures are ignored.
 */
export function syncApiSessionCookie(session: Session | null): void {
  const token = session?.access_token ?? null;
  if (token === syncedToken) return;
  syncedToken = token;
  const request = token
    ? fetch(SESSION_ENDPOINT, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ accessToken: token }),
      })
    : fetch(SESSION_ENDPOINT, { method: 'DELETE', credentials: 'same-origin' });
  request.catch(() => undefined);
}
