/**
 * Applies the platform bootstrap (stack/bootstrap/*.sql, local only) as the
 * superuser, then supabase/migrations/*.sql in order, recorded in
 * supabase_migrations.schema_migrations as the Supabase CLI records them, then
 * supabase/seed.sql on a fresh database. Migrations and seed run as `postgres`
 * (not a superuser), as the Supabase CLI runs them on hosted projects.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { StackConfig } from './config.ts';
import type { Logger } from './log.ts';
import { roleUrl, SUPERUSER } from './postgres.ts';
import { readProjectConfig } from './project-config.ts';

const BOOTSTRAP_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'bootstrap');

function sqlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

async function inTransaction(client: pg.Client, sql: string, label: string): Promise<void> {
  await client.query('begin');
  try {
    await client.query(sql);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw new Error(`${label} failed: ${describe(error as pg.DatabaseError)}`);
  }
}

/** A database error with where it happened, its detail and hint. */
function describe(e: pg.DatabaseError): string {
  const where = e.position ? ` (at character ${e.position})` : '';
  return `${e.message}${where}${e.detail ? `\n${e.detail}` : ''}${e.hint ? `\nhint: ${e.hint}` : ''}`;
}

/**
 * Bootstrap files are applied once each, tracked by name in a table of the
 * local stack's own. A changed bootstrap file needs `stack reset`, since its
 * statements are not written to be re-run.
 */
async function applyBootstrap(client: pg.Client, log: Logger): Promise<void> {
  await client.query(`create schema if not exists _local_stack;
    create table if not exists _local_stack.bootstrap (file text primary key, hash text not null, applied_at timestamptz not null default now())`);
  const applied = new Map(
    (await client.query<{ file: string; hash: string }>('select file, hash from _local_stack.bootstrap')).rows.map((r) => [r.file, r.hash]),
  );
  for (const file of sqlFiles(BOOTSTRAP_DIR)) {
    const sql = fs.readFileSync(path.join(BOOTSTRAP_DIR, file), 'utf8');
    const hash = sha256(sql);
    const known = applied.get(file);
    if (known === hash) continue;
    if (known) {
      log.warn(`stack/bootstrap/${file} changed since this database was created; run \`npm run stack -- reset\` to apply it`);
      continue;
    }
    await inTransaction(client, `${sql}\n;insert into _local_stack.bootstrap (file, hash) values ('${file}', '${hash}')`, `bootstrap ${file}`);
  }
}

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
  milliseconds: number;
}

/** `seed`: always (reset), never, or only when this database has never been seeded (start). */
/** Connects as the superuser; a cluster from before the superuser was supabase_admin cannot be upgraded in place. */
async function connectSuperuser(config: StackConfig, database = 'postgres'): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: roleUrl(config, SUPERUSER, database), application_name: 'listingdesk-bootstrap' });
  try {
    await client.connect();
  } catch (error) {
    const code = (error as pg.DatabaseError).code;
    // 28P01: wrong password, 28000: role cannot log in (supabase_admin was a NOLOGIN role in older clusters).
    if (code === '28P01' || code === '28000') {
      throw new Error(
        `${config.dbDir} was created by an older local stack whose superuser was "postgres"; the stack now runs as hosted Supabase does ` +
          `(superuser supabase_admin, postgres without superuser). Stop the stack, delete ${config.dbDir} and start again (the seed is re-applied).`,
      );
    }
    throw error;
  }
  return client;
}

export async function migrate(config: StackConfig, log: Logger, options: { seed: boolean | 'if-never-seeded' }): Promise<MigrationReport> {
  const started = performance.now();
  const admin = await connectSuperuser(config);
  try {
    await admin.query("set client_min_messages = 'warning'");
    await applyBootstrap(admin, log);
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: config.dbUrl, application_name: 'listingdesk-migrate' });
  await client.connect();
  try {
    await client.query("set client_min_messages = 'warning'");
    const done = new Set((await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version));
    const migrationsDir = path.join(config.supabaseDir, 'migrations');
    const applied: string[] = [];
    for (const file of sqlFiles(migrationsDir)) {
      const match = /^(\d+)_(.*)\.sql$/.exec(file);
      if (!match) {
        log.warn(`skipping supabase/migrations/${file}: the name must be <timestamp>_<name>.sql`);
        continue;
      }
      const [, version, name] = match;
      if (done.has(version)) continue;
      const sql = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
      await inTransaction(
        client,
        `${sql}\n;insert into supabase_migrations.schema_migrations (version, name, statements) values (${pg.escapeLiteral(version)}, ${pg.escapeLiteral(name)}, array[${pg.escapeLiteral(sql)}])`,
        `migration ${file}`,
      );
      applied.push(file);
    }
    const seeded = options.seed === false ? false : await seedWith(client, config, options.seed);
    // PostgREST caches the schema; tell it to look again.
    await client.query(`notify pgrst, 'reload schema'`);
    return { applied, seeded, milliseconds: Math.round(performance.now() - started) };
  } finally {
    await client.end();
  }
}

/** Applies the seed files of config.toml's `[db.seed] sql_paths` (always, or only to a database never seeded); true when they ran. */
export async function seed(config: StackConfig, when: true | 'if-never-seeded'): Promise<boolean> {
  const client = new pg.Client({ connectionString: config.dbUrl, application_name: 'listingdesk-seed' });
  await client.connect();
  try {
    await client.query("set client_min_messages = 'warning'");
    return await seedWith(client, config, when);
  } finally {
    await client.end();
  }
}

/**
 * As `supabase db reset`: each file of `sql_paths` in order (a missing one is
 * skipped), all of them in one transaction here so a failing file leaves no
 * half-seeded database, each recorded in supabase_migrations.seed_files by its
 * path relative to the project.
 */
async function seedWith(client: pg.Client, config: StackConfig, when: true | 'if-never-seeded'): Promise<boolean> {
  const { seed: seeding } = readProjectConfig(config);
  const files = seeding.enabled ? seeding.sqlPaths.filter((file) => fs.existsSync(file)) : [];
  if (files.length === 0) return false;
  if (when === 'if-never-seeded' && (await client.query('select 1 from supabase_migrations.seed_files')).rowCount !== 0) return false;
  const projectRoot = path.dirname(config.supabaseDir);
  await client.query('begin');
  for (const file of files) {
    const sql = fs.readFileSync(file, 'utf8');
    const name = path.relative(projectRoot, file).split(path.sep).join('/');
    try {
      await client.query(sql);
    } catch (error) {
      await client.query('rollback');
      throw new Error(`${name} failed: ${describe(error as pg.DatabaseError)}`);
    }
    await client.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash', [name, sha256(sql)]);
  }
  await client.query('commit');
  return true;
}

/** Drops everything the bootstrap and migrations created, for `stack reset`. */
export async function dropDatabaseObjects(config: StackConfig): Promise<void> {
  const admin = await connectSuperuser(config, 'template1');
  try {
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = 'postgres' and pid <> pg_backend_pid()`);
    await admin.query(`select pg_drop_replication_slot(slot_name) from pg_replication_slots where database = 'postgres' and not active`);
    await admin.query('drop database if exists postgres with (force)');
    await admin.query('create database postgres');
    // Cluster-wide roles survive a dropped database; the bootstrap re-creates
    // them (all but the superuser supabase_admin, initdb's own role).
    await admin.query(`do $$ declare r text; begin
      foreach r in array array['authenticator','anon','authenticated','service_role','supabase_auth_admin','supabase_storage_admin','supabase_realtime_admin','dashboard_user','postgres'] loop
        if exists (select 1 from pg_roles where rolname = r) then execute format('drop role %I', r); end if;
      end loop; end $$`);
  } finally {
    await admin.end();
  }
}
