/**
 * supabase-js clients for integration tests, unmodified, against the
 * throwaway stack. Node 20 has no global WebSocket, so realtime gets `ws`.
 */
import crypto from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import pg from 'pg';
import WebSocket from 'ws';
import type { StackInfo } from './throwaway-stack.ts';

let current: StackInfo | undefined;

/** Makes `info` the stack of this test file (tests/support/worker-setup.ts calls it with the worker's own stack). */
export function useStack(info: StackInfo): void {
  current = info;
}

/** The stack this test file runs against. */
export function stackInfo(): StackInfo {
  if (!current) throw new Error('no stack for this test file: run it with `npx vitest run --project integration <file>` (the setup file provides one)');
  return current;
}

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
} as const;

export function anonClient(info = stackInfo()): SupabaseClient {
  return createClient(info.apiUrl, info.anonKey, clientOptions);
}

export function serviceClient(info = stackInfo()): SupabaseClient {
  return createClient(info.apiUrl, info.serviceRoleKey, clientOptions);
}

/**
 * A connection as `postgres` for arranging data and checking what was stored:
 * as on hosted Supabase (SQL editor, `supabase db`), not a superuser but
 * BYPASSRLS, so RLS never hides rows from it.
 */
export async function withDb<T>(work: (client: pg.Client) => Promise<T>, info = stackInfo()): Promise<T> {
  const client = new pg.Client({ connectionString: info.dbUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.test`;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  client: SupabaseClient;
  accessToken: string;
}

/** Creates a confirmed user through the auth admin API and signs them in with a password. */
export async function signedInUser(options: { email?: string; password?: string; userMetadata?: Record<string, unknown> } = {}, info = stackInfo()): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? `pw-${crypto.randomUUID()}`;
  const admin = serviceClient(info);
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: options.userMetadata ?? {} });
  if (created.error) throw created.error;
  const client = createClient(info.apiUrl, info.anonKey, clientOptions);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { id: created.data.user.id, email, password, client, accessToken: data.session.access_token };
}

/**
 * A user that exists in auth.users (inserted with SQL) with an access token
 * minted directly with the JWT secret: for testing REST, storage and realtime
 * without going through the auth service.
 */
export async function mintedUser(info = stackInfo()): Promise<TestUser> {
  const id = crypto.randomUUID();
  const email = uniqueEmail('minted');
  await withDb(
    (db) =>
      db.query(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ($1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
        [id, email],
      ),
    info,
  );
  const accessToken = await mintAccessToken(id, email, info);
  const client = createClient(info.apiUrl, info.anonKey, { ...clientOptions, accessToken: async () => accessToken });
  return { id, email, password: '', client, accessToken };
}

export async function mintAccessToken(sub: string, email: string, info = stackInfo(), expiresInSeconds = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    sub,
    email,
    role: 'authenticated',
    aud: 'authenticated',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    session_id: crypto.randomUUID(),
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }],
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(`${info.apiUrl}/auth/v1`)
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(new TextEncoder().encode(info.jwtSecret));
}

/** Password of every demo sign-in of supabase/seed.sql. */
export const DEMO_PASSWORD = 'ListingDesk!2024';

/**
 * Re-hashes the demo password at bcrypt's lowest cost on a test stack. The
 * seed hashes it at cost 10, as the auth service does for real accounts; a
 * run signs demo people in a few hundred times, each check about 0.08 s of the
 * auth service's CPU, and the same password at cost 4 checks the same way.
 * Accounts with another password, and every password set later, keep cost 10.
 */
export async function cheapenDemoPasswords(info: StackInfo): Promise<void> {
  await withDb(
    (db) =>
      db.query(
        `update auth.users set encrypted_password = extensions.crypt($1, extensions.gen_salt('bf', 4))
          where encrypted_password = extensions.crypt($1, encrypted_password)`,
        [DEMO_PASSWORD],
      ),
    info,
  );
}

/** A demo sign-in of the seed (e.g. olivia.chen@listingdesk.test), signed in with its password; `id` is the auth user id. */
export async function demoUser(email: string, info = stackInfo()): Promise<TestUser> {
  const client = createClient(info.apiUrl, info.anonKey, clientOptions);
  const { data, error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error) throw error;
  return { id: data.user.id, email, password: DEMO_PASSWORD, client, accessToken: data.session.access_token };
}
