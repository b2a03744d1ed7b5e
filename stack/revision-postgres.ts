/**
 * A bare PostgreSQL (no API, no cache of migrated clusters) whose schema is
 * built from the migrations of a git revision or of the working tree, for the
 * tools that compare two versions of the schema side by side:
 * scripts/compare-schemas.ts (catalogues) and bench/listing-change.ts
 * (database time of the same writes).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT, resolveConfig, type StackConfig } from './config.ts';
import { createLogger, type Logger } from './log.ts';
import { startPostgres } from './postgres.ts';
import { freePort } from './processes.ts';
import { alive, onExit, sleepSync } from './temp-dirs.ts';
import { startWatchdog } from './watchdog.ts';

/** Writes the migrations of `rev` into `<root>/supabase/migrations`; returns how many. */
export function checkoutMigrations(rev: string, root: string): number {
  const dir = path.join(root, 'supabase', 'migrations');
  fs.mkdirSync(dir, { recursive: true });
  const files = execFileSync('git', ['ls-tree', '--name-only', `${rev}:supabase/migrations`], { cwd: PROJECT_ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f.endsWith('.sql'));
  for (const file of files) {
    const sql = execFileSync('git', ['show', `${rev}:supabase/migrations/${file}`], { cwd: PROJECT_ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
    fs.writeFileSync(path.join(dir, file), sql);
  }
  return files.length;
}

/** Alive and not a zombie: a child that exited stays in the process table until Node reaps it, which it cannot do inside an exit hook. */
function running(pid: number): boolean {
  if (!alive(pid)) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0] !== 'Z';
  } catch {
    return false;
  }
}

export interface BarePostgres {
  config: StackConfig;
  log: Logger;
  stop(): Promise<void>;
}

/**
 * Starts an empty cluster (initdb, never a copy of the cache: its schema must
 * come from `projectRoot`'s migrations, not the working tree's) on a free
 * port, with its data in `dataDir` (inside an owned temporary folder, which
 * the caller removes), non-durable like the test stacks. Migrations are the
 * caller's to apply (stack/migrate.ts), from `<projectRoot>/supabase`. The
 * server is stopped on exit and on Ctrl-C even if `stop` is never reached,
 * and by a watchdog if this process is killed.
 */
export async function startBarePostgres(options: { projectRoot: string; dataDir: string }): Promise<BarePostgres> {
  const config = await resolveConfig({ ...options, dbPort: await freePort(), ephemeral: true });
  const log = createLogger(config.logDir, { quiet: true });
  const { handle } = await startPostgres(config, log, { useCache: false });
  const pid = handle.pid;
  // Ctrl-C or a failure: the server goes before the temporary folder holding its data (exit hooks run last registered first).
  const forgetExitHook = onExit(() => {
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {
      /* already gone */
    }
    const deadline = Date.now() + 5000;
    while (running(pid) && Date.now() < deadline) sleepSync(50);
  });
  // A SIGKILLed owner runs no hook: the watchdog stops the server then (the next run's sweep removes the folder).
  const watchdog = startWatchdog(process.pid, [{ pid, signal: 'INT' }]);
  return {
    config,
    log,
    async stop() {
      forgetExitHook();
      watchdog.stop();
      await handle.stop();
    },
  };
}
