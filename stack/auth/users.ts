/**
 * auth.users and auth.identities as GoTrue keeps them, and the User JSON
 * auth-js expects. Soft-deleted users (deleted_at) are invisible everywhere.
 */
import crypto from 'node:crypto';
import type { Db } from './context.ts';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserById(db: Db, id: string, lock = false): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select * from auth.users where id = $1 and deleted_at is null ${lock ? 'for update' : ''}`, [id]);
  return rows[0];
}

export async function findUserByEmail(db: Db, email: string, lock = false): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select * from auth.users where lower(email) = $1 and deleted_at is null and is_sso_user = false ${lock ? 'for update' : ''}`,
    [normalizeEmail(email)],
  );
  return rows[0];
}

export const isBanned = (user: UserRow) => user.banned_until !== null && user.banned_until.getTime() > Date.now();
export const isConfirmed = (user: UserRow) => user.email_confirmed_at !== null || user.phone_confirmed_at !== null;

export interface NewUser {
  id?: string;
  email: string;
  encryptedPassword: string | null;
  confirmed: boolean;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  role?: string;
  invited?: boolean;
  bannedUntil?: Date | null;
  /** Self sign-ups (signup, otp) get the identity claims in their metadata, as on hosted projects; admin-made users keep exactly what was given. */
  copyIdentityToMetadata?: boolean;
}

/** Inserts a user with an 'email' identity, as GoTrue does for every e-mail user (its string columns '', never NULL, as GoTrue writes them). */
export async function insertUser(db: Db, input: NewUser): Promise<UserRow> {
  const id = input.id ?? crypto.randomUUID();
  const email = normalizeEmail(input.email);
  const identityData = { sub: id, email, email_verified: input.confirmed, phone_verified: false };
  const appMetadata = { provider: 'email', providers: ['email'], ...(input.appMetadata ?? {}) };
  const userMetadata = input.copyIdentityToMetadata ? { ...input.userMetadata, ...identityData } : input.userMetadata;
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
       raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at, is_super_admin, is_anonymous,
       confirmation_token, recovery_token, email_change_token_new, email_change)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4, case when $5 then now() end,
       case when $6 then now() end, $7, $8, $9, now(), now(), false, false, '', '', '', '')
     returning *`,
    [id, input.role ?? 'authenticated', email, input.encryptedPassword, input.confirmed, input.invited ?? false, appMetadata, userMetadata, input.bannedUntil ?? null],
  );
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, $2, 'email', now(), now())`,
    [id, identityData],
  );
  return rows[0]!;
}

/** Marks the e-mail confirmed on the user and its identity. */
export async function confirmEmail(db: Db, user: UserRow): Promise<void> {
  if (user.email_confirmed_at) return;
  await db.query(
    `update auth.users set email_confirmed_at = now(), updated_at = now(),
       raw_user_meta_data = case when raw_user_meta_data ? 'email_verified' then raw_user_meta_data || '{"email_verified": true}' else raw_user_meta_data end
     where id = $1`,
    [user.id],
  );
  await db.query(`update auth.identities set identity_data = identity_data || '{"email_verified": true}', updated_at = now() where user_id = $1 and provider = 'email'`, [user.id]);
}

export async function recordSignIn(db: Db, userId: string): Promise<void> {
  await db.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
  await db.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [userId]);
}

/** Moves the user to their confirmed new address (email_change verified). */
export async function applyEmailChange(db: Db, user: UserRow): Promise<void> {
  const newEmail = user.email_change!;
  await db.query(
    `update auth.users set email = $2::text, email_change = '', email_change_token_new = '', email_change_token_current = '',
       email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now(),
       raw_user_meta_data = case when raw_user_meta_data ? 'email' then raw_user_meta_data || jsonb_build_object('email', $2::text) else raw_user_meta_data end
     where id = $1`,
    [user.id, newEmail],
  );
  await db.query(`update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now() where user_id = $1 and provider = 'email'`, [
    user.id,
    newEmail,
  ]);
}

/** GoTrue merges metadata key by key; a null value removes the key. */
export function mergeMetadata(current: Record<string, unknown> | null, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

/** The User JSON of GoTrue; null timestamps are left out as GoTrue's `omitempty` does. */
export async function userJson(db: Db, user: UserRow): Promise<Record<string, unknown>> {
  const { rows } = await db.query<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at', [user.id]);
  const body: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: user.email_change ? iso(user.email_change_sent_at) : undefined,
    invited_at: iso(user.invited_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? { provider: 'email', providers: ['email'] },
    user_metadata: user.raw_user_meta_data ?? {},
    identities: rows.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(user.created_at) ?? new Date(0).toISOString(),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}
