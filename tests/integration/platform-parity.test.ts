/**
 * The local platform bootstrap is as strict as hosted Supabase wherever our
 * migrations and seed could notice a difference (docs/stack-internals.md,
 * "Parity with hosted Supabase"): role attributes, who owns the auth and
 * storage tables, RLS on auth tables, immutable storage path helpers, the
 * storage delete protection, GoTrue's column defaults, and a seed every demo
 * login of which signs in through /auth/v1.
 */
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient, withDb } from '../support/clients.ts';

const DEMO_LOGINS = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../supabase/demo-logins.json'), 'utf8')) as {
  email: string;
  password: string;
}[];

/** The string columns GoTrue's User model scans into a Go `string` (not a nullable type): a NULL there breaks every sign-in. */
const GOTRUE_STRING_COLUMNS = [
  'aud',
  'role',
  'confirmation_token',
  'recovery_token',
  'email_change_token_new',
  'email_change_token_current',
  'email_change',
  'phone_change',
  'phone_change_token',
  'reauthentication_token',
];

const AUTH_TABLES = ['users', 'identities', 'sessions', 'refresh_tokens', 'flow_state', 'one_time_tokens', 'audit_log_entries', 'mfa_amr_claims'];

async function refused(db: pg.Client, sql: string): Promise<pg.DatabaseError | undefined> {
  await db.query('begin');
  try {
    await db.query(sql);
    return undefined;
  } catch (error) {
    return error as pg.DatabaseError;
  } finally {
    await db.query('rollback');
  }
}

describe('platform parity with hosted Supabase', () => {
  it('gives postgres and the API roles the attributes hosted gives them', async () => {
    const roles = await withDb(async (db) => {
      const { rows } = await db.query<{ rolname: string; rolsuper: boolean; rolinherit: boolean; rolbypassrls: boolean; rolcreaterole: boolean; rolcreatedb: boolean; rolreplication: boolean }>(
        `select rolname, rolsuper, rolinherit, rolbypassrls, rolcreaterole, rolcreatedb, rolreplication from pg_roles
         where rolname in ('postgres', 'supabase_admin', 'anon', 'authenticated', 'service_role', 'authenticator')`,
      );
      return Object.fromEntries(rows.map((r) => [r.rolname, r]));
    });
    expect(roles.postgres, 'postgres is not a superuser, as on hosted').toMatchObject({ rolsuper: false });
    expect(roles.postgres, 'postgres keeps BYPASSRLS, CREATEROLE, CREATEDB and REPLICATION, as on hosted').toMatchObject({
      rolbypassrls: true,
      rolcreaterole: true,
      rolcreatedb: true,
      rolreplication: true,
    });
    expect(roles.supabase_admin?.rolsuper, 'the superuser is supabase_admin, as on hosted').toBe(true);
    for (const api of ['anon', 'authenticated', 'service_role']) {
      expect(roles[api]?.rolinherit, `${api} INHERITs, as on hosted`).toBe(true);
    }
    expect(roles.authenticator?.rolinherit, 'authenticator stays NOINHERIT').toBe(false);
  });

  it('lets postgres administer the API roles, as hosted grants them WITH ADMIN OPTION', async () => {
    const admin = await withDb(async (db) =>
      (await db.query<{ role: string }>(
        `select m.roleid::regrole::text as role from pg_auth_members m
         where m.member = 'postgres'::regrole and m.admin_option
           and m.roleid in ('anon'::regrole, 'authenticated'::regrole, 'authenticator'::regrole, 'service_role'::regrole)`,
      )).rows.map((r) => r.role).sort(),
    );
    expect(admin, 'postgres may ALTER ROLE … SET on the four API roles (migrations give authenticated its plan_cache_mode)').toEqual([
      'anon',
      'authenticated',
      'authenticator',
      'service_role',
    ]);
  });

  it('has migrations and the seed run as postgres, and the services log in as their hosted roles', async () => {
    const owners = await withDb(async (db) => {
      const { rows } = await db.query<{ owner: string }>(`select distinct pg_get_userbyid(relowner) as owner from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`);
      const { rows: sessions } = await db.query<{ usename: string }>(`select distinct usename from pg_stat_activity where application_name like 'listingdesk-stack-%'`);
      return { tables: rows.map((r) => r.owner), sessions: sessions.map((r) => r.usename) };
    });
    expect(owners.tables, 'every table the migrations create belongs to postgres').toEqual(['postgres']);
    // A request to each service opens its pool's connection.
    await serviceClient().auth.admin.listUsers({ perPage: 1 });
    await serviceClient().storage.listBuckets();
    const sessions = await withDb(async (db) =>
      (await db.query<{ usename: string }>(`select distinct usename from pg_stat_activity where application_name like 'listingdesk-stack-%'`)).rows.map((r) => r.usename),
    );
    expect(sessions, 'the auth service connects as supabase_auth_admin').toContain('supabase_auth_admin');
    expect(sessions, 'the storage service connects as supabase_storage_admin').toContain('supabase_storage_admin');
  });

  it('has the auth tables owned by supabase_auth_admin with RLS enabled, and postgres able to read them', async () => {
    const tables = await withDb(async (db) => {
      const { rows } = await db.query<{ name: string; owner: string; rls: boolean; postgres_can: boolean }>(
        `select c.relname as name, pg_get_userbyid(c.relowner) as owner, c.relrowsecurity as rls,
                has_table_privilege('postgres', c.oid, 'select, insert, update, delete, trigger') as postgres_can
         from pg_class c where c.relnamespace = 'auth'::regnamespace and c.relkind = 'r'`,
      );
      return Object.fromEntries(rows.map((r) => [r.name, r]));
    });
    for (const name of AUTH_TABLES) {
      expect(tables[name], `auth.${name} exists`).toBeDefined();
      expect(tables[name]?.owner, `auth.${name} belongs to supabase_auth_admin`).toBe('supabase_auth_admin');
      expect(tables[name]?.rls, `auth.${name} has row level security enabled`).toBe(true);
      expect(tables[name]?.postgres_can, `postgres has all privileges on auth.${name}, as hosted grants`).toBe(true);
    }
  });

  it('has the storage tables owned by supabase_storage_admin and the path helpers immutable', async () => {
    const facts = await withDb(async (db) => {
      const { rows: tables } = await db.query<{ name: string; owner: string; rls: boolean }>(
        `select relname as name, pg_get_userbyid(relowner) as owner, relrowsecurity as rls from pg_class
         where relnamespace = 'storage'::regnamespace and relname in ('objects', 'buckets')`,
      );
      const { rows: fns } = await db.query<{ name: string; volatility: string }>(
        `select proname as name, provolatile as volatility from pg_proc where pronamespace = 'storage'::regnamespace and proname in ('foldername', 'filename', 'extension')`,
      );
      return { tables, fns };
    });
    for (const t of facts.tables) {
      expect(t.owner, `storage.${t.name} belongs to supabase_storage_admin`).toBe('supabase_storage_admin');
      expect(t.rls, `storage.${t.name} has row level security enabled`).toBe(true);
    }
    expect(facts.fns.map((f) => f.name).sort(), 'the three path helpers exist').toEqual(['extension', 'filename', 'foldername']);
    for (const f of facts.fns) expect(f.volatility, `storage.${f.name} is IMMUTABLE, as upstream`).toBe('i');
  });

  it('refuses direct SQL deletes of storage objects and buckets, while the Storage API still deletes', async () => {
    const bucket = 'listing-photos';
    const name = `parity/${crypto.randomUUID()}.png`;
    const storage = serviceClient().storage.from(bucket);
    const upload = await storage.upload(name, new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));
    expect(upload.error, 'the service role uploads a test object').toBeNull();

    const [objects, buckets, allowed] = await withDb(async (db) => [
      await refused(db, `delete from storage.objects where bucket_id = '${bucket}' and name = '${name}'`),
      await refused(db, `delete from storage.buckets where id = '${bucket}'`),
      await refused(db, `set local storage.allow_delete_query = 'true'; delete from storage.objects where bucket_id = '${bucket}' and name = '${name}'`),
    ]);
    expect(objects?.code, 'postgres cannot delete from storage.objects directly (42501)').toBe('42501');
    expect(objects?.message, "the refusal says to use the Storage API, as upstream's storage.protect_delete()").toBe(
      'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
    );
    expect(buckets?.code, 'postgres cannot delete from storage.buckets directly (42501)').toBe('42501');
    expect(allowed, 'storage.allow_delete_query lets a direct delete through, as on hosted').toBeUndefined();

    const removed = await storage.remove([name]);
    expect(removed.error, 'the Storage API deletes the object').toBeNull();
    expect(removed.data?.map((o) => o.name), 'the Storage API reports the deleted object').toEqual([name]);
  });

  it('has no default on the GoTrue token columns hosted leaves without one', async () => {
    const defaults = await withDb(async (db) => {
      const { rows } = await db.query<{ column_name: string; column_default: string | null }>(
        `select column_name, column_default from information_schema.columns where table_schema = 'auth' and table_name = 'users'
         and column_name in ('confirmation_token', 'recovery_token', 'email_change_token_new', 'email_change')`,
      );
      return rows;
    });
    expect(defaults.length, 'the four columns exist').toBe(4);
    for (const c of defaults) expect(c.column_default, `auth.users.${c.column_name} has no default, as in GoTrue's migrations`).toBeNull();
  });

  it('seeds every demo user without a NULL in the string columns GoTrue reads', async () => {
    const nulls = await withDb(async (db) => {
      const { rows } = await db.query<{ email: string; col: string }>(
        `select u.email, c.col from auth.users u cross join unnest($1::text[]) as c(col)
         where u.email = any($2::text[]) and to_jsonb(u) ->> c.col is null`,
        [GOTRUE_STRING_COLUMNS, DEMO_LOGINS.map((l) => l.email)],
      );
      return rows.map((r) => `${r.email}.${r.col}`);
    });
    expect(nulls, 'no seeded sign-in has a NULL GoTrue would fail to scan ("converting NULL to string is unsupported")').toEqual([]);
  });

  it('signs in every demo login through /auth/v1', async () => {
    for (const login of DEMO_LOGINS) {
      const { data, error } = await anonClient().auth.signInWithPassword({ email: login.email, password: login.password });
      expect(error, `${login.email} signs in with the demo password`).toBeNull();
      expect(data.user?.email, `${login.email} gets its own session`).toBe(login.email);
    }
  });
});
