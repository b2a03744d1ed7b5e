/**
 * Actors and rows for the RLS tests: real sign-ups through the auth service
 * (the auth.users trigger creates each first account), roles and assignments
 * arranged with SQL as the admin screen would, and a supabase-js client signed
 * in with the password for each.
 */
import crypto from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import bcrypt from 'bcryptjs';
import type pg from 'pg';
import WebSocket from 'ws';
import { anonClient, serviceClient, stackInfo, withDb } from './clients.ts';

export type Role = 'agent' | 'tc' | 'super_admin';

export interface Actor {
  key: string;
  /** Account id (public.users.id); null for anon. */
  id: string | null;
  authId: string | null;
  email: string | null;
  client: SupabaseClient;
}

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
} as const;

export function clientForToken(accessToken: string): SupabaseClient {
  const info = stackInfo();
  return createClient(info.apiUrl, info.anonKey, { ...clientOptions, accessToken: async () => accessToken });
}

export function anonActor(): Actor {
  return { key: 'anon', id: null, authId: null, email: null, client: anonClient() };
}

let sharedPassword: { password: string; hash: string } | undefined;

/**
 * The password of every actor of this test file, imported as a bcrypt hash of
 * the lowest cost (the admin API's `password_hash`, as for users moved from
 * another system): RLS tests create over a hundred actors, and at GoTrue's
 * cost of 10 each would spend two bcrypt rounds of the auth service's CPU on
 * being created and signed in. The sign-in still checks the password.
 */
function actorPassword(): { password: string; hash: string } {
  if (!sharedPassword) {
    const plain = `pw-${crypto.randomUUID()}`;
    sharedPassword = { password: plain, hash: bcrypt.hashSync(plain, 4) };
  }
  return sharedPassword;
}

/** A sign-in with its first account set to the given role (and coordinator). */
export async function createActor(
  key: string,
  role: Role,
  options: { assignedTcId?: string | null; email?: string; firstName?: string; lastName?: string } = {},
): Promise<Actor> {
  const email = options.email ?? `${key.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@rls.test`;
  const { password, hash } = actorPassword();
  const created = await serviceClient().auth.admin.createUser({
    email,
    password_hash: hash,
    email_confirm: true,
    user_metadata: { first_name: options.firstName ?? key, last_name: options.lastName ?? 'Test' },
  });
  if (created.error) throw created.error;
  const authId = created.data.user.id;
  const id = await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `update public.users set role = $2, assigned_tc_id = $3 where auth_user_id = $1 returning id`,
      [authId, role, options.assignedTcId ?? null],
    );
    return rows[0].id;
  });
  const client = createClient(stackInfo().apiUrl, stackInfo().anonKey, clientOptions);
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  return { key, id, authId, email, client };
}

/** Inserts a row as superuser and returns its id (or the given key column). */
export async function insertRow(db: pg.Client, table: string, row: Record<string, unknown>, key = 'id'): Promise<string> {
  const cols = Object.keys(row);
  const values = cols.map((c) => {
    const v = row[c];
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : v;
  });
  const sql = `insert into public.${table} (${cols.map((c) => `"${c}"`).join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning "${key}"::text as k`;
  const { rows } = await db.query<{ k: string }>(sql, values);
  return rows[0].k;
}
