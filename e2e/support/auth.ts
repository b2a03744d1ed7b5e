/**
 * Signing demo users in for browser tests without typing into the form each
 * time: a password grant against the stack's /auth/v1, stored where
 * supabase-js looks for it, before the app starts.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../tests/support/clients.ts';
import type { StackInfo } from '../../tests/support/throwaway-stack.ts';

/** Every demo sign-in of supabase/seed.sql uses this password (one constant for both test projects). */
export { DEMO_PASSWORD };

export interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  user: { id: string; email: string };
  [key: string]: unknown;
}

/** supabase-js's default storage key: `sb-<first label of the API host>-auth-token`. */
export function authStorageKey(apiUrl: string): string {
  return `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`;
}

export async function passwordSession(stack: StackInfo, email: string, password = DEMO_PASSWORD): Promise<StoredSession> {
  const res = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`password sign-in for ${email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as StoredSession;
}

/**
 * One password sign-in per e-mail for a test file whose pages all act as the
 * same few people: the auth service allows 30 sign-ins per e-mail and client
 * address in 5 minutes, which a file opening many pages as one person would
 * use up for the files after it. Only for files that never end those sessions.
 */
export function sessionsPerPerson(stack: StackInfo): (email: string) => Promise<StoredSession> {
  const sessions = new Map<string, Promise<StoredSession>>();
  return (email) => {
    if (!sessions.has(email)) sessions.set(email, passwordSession(stack, email));
    return sessions.get(email)!;
  };
}

/**
 * Signs `email` in on `page`: stores a session on the app's origin (a fresh
 * one, or `session` when given) before the app's first script runs, and opens
 * `path`. The session is stored by an init script instead of a first visit to
 * a static file: that visit cost a navigation (about 0.1 s of Chromium CPU)
 * per sign-in. The script runs on every document of the page, so it stores
 * the session once per tab (a flag in the tab's sessionStorage, which
 * survives reloads): a later sign-out, or another person signed in on the
 * same page, stays as the test left it.
 */
export async function signInAs(page: Page, appUrl: string, stack: StackInfo, email: string, path = '/', session?: StoredSession): Promise<StoredSession> {
  session ??= await passwordSession(stack, email);
  await page.addInitScript(
    ({ origin, key, value, flag }) => {
      if (window.location.origin !== origin || window.sessionStorage.getItem(flag)) return;
      window.localStorage.setItem(key, value);
      window.sessionStorage.setItem(flag, '1');
    },
    { origin: new URL(appUrl).origin, key: authStorageKey(stack.apiUrl), value: JSON.stringify(session), flag: `e2e-session-stored-${randomUUID()}` },
  );
  await page.goto(`${appUrl}${path}`);
  return session;
}

/** Ends every session of the sign-in behind `accessToken` on the server, as signing out on another device would. */
export async function revokeAllSessions(stack: StackInfo, accessToken: string): Promise<void> {
  const res = await fetch(`${stack.apiUrl}/auth/v1/logout?scope=global`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${accessToken}` },
  });
  if (!res.ok && res.status !== 204) throw new Error(`global sign-out failed: ${res.status} ${await res.text()}`);
}
