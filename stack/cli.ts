/**
 * `npm run stack -- <start|stop|status|reset>`, mirroring the Supabase CLI verbs.
 *
 *   start [--foreground]   start detached (or in this terminal) and wait until healthy
 *   stop                   stop every process the stack started
 *   status [-o env|json]   print the stack's variables; exit 1 when it is down
 *   reset                  re-create the database from migrations and seed (and the seed's storage files)
 *
 * Options (or env): --data-dir (STACK_DATA_DIR), --api-port (STACK_API_PORT),
 * --db-port (STACK_DB_PORT), --mail-port (STACK_MAIL_PORT), --smtp-port (STACK_SMTP_PORT, the inbound SMTP listener),
 * --mail-smtp-port (STACK_MAIL_SMTP_PORT, the mail catcher the functions send through). Env only:
 * STACK_TRUSTED_PROXIES, comma-separated peer addresses whose X-Forwarded-For
 * auth believes (default none: the socket address is the client);
 * STACK_JOBS_INTERVAL_SECONDS, how often the scheduled jobs run (default 900, 0 = off; stack/jobs.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { resolveConfig, type StackOptions } from './config.ts';
// Only `run` and `reset` load the stack's parts (imported where used): `start`, `status` and `stop`
// answer without compiling and loading the gateway and its services, about a second each.
import type { StackState } from './supervisor.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'data-dir': { type: 'string' },
    'api-port': { type: 'string' },
    'db-port': { type: 'string' },
    'mail-port': { type: 'string' },
    'smtp-port': { type: 'string' },
    'mail-smtp-port': { type: 'string' },
    output: { type: 'string', short: 'o' },
    foreground: { type: 'boolean' },
  },
});

const options: StackOptions = {
  dataDir: values['data-dir'] ?? process.env.STACK_DATA_DIR,
  apiPort: (values['api-port'] ?? process.env.STACK_API_PORT) as unknown as number | undefined,
  dbPort: (values['db-port'] ?? process.env.STACK_DB_PORT) as unknown as number | undefined,
  mailPort: (values['mail-port'] ?? process.env.STACK_MAIL_PORT) as unknown as number | undefined,
  smtpPort: (values['smtp-port'] ?? process.env.STACK_SMTP_PORT) as unknown as number | undefined,
  mailSmtpPort: (values['mail-smtp-port'] ?? process.env.STACK_MAIL_SMTP_PORT) as unknown as number | undefined,
  jobsIntervalSeconds: process.env.STACK_JOBS_INTERVAL_SECONDS ? Number(process.env.STACK_JOBS_INTERVAL_SECONDS) : undefined,
  trustedProxies: process.env.STACK_TRUSTED_PROXIES?.split(',').map((a) => a.trim()).filter((a) => a !== ''),
};
const config = await resolveConfig(options);
const passThrough = ['data-dir', 'api-port', 'db-port', 'mail-port', 'smtp-port', 'mail-smtp-port'].flatMap((k) => {
  const v = values[k as keyof typeof values];
  return typeof v === 'string' ? [`--${k}`, v] : [];
});

function readState(): StackState | undefined {
  try {
    return JSON.parse(fs.readFileSync(config.stateFile, 'utf8')) as StackState;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The running stack's state, cleaning up a state file whose supervisor is gone. */
function runningState(): StackState | undefined {
  const state = readState();
  if (!state) return undefined;
  if (alive(state.pid)) return state;
  fs.rmSync(config.stateFile, { force: true });
  return undefined;
}

async function healthy(state: StackState): Promise<boolean> {
  try {
    const res = await fetch(`${state.env.API_URL}/health`);
    return res.ok;
  } catch {
    return false;
  }
}

function printEnv(env: Record<string, string>): void {
  for (const [k, v] of Object.entries(env).sort(([a], [b]) => a.localeCompare(b))) console.log(`${k}="${v}"`);
}

async function start(): Promise<number> {
  const existing = runningState();
  if (existing) {
    console.log(`The local stack is already running (pid ${existing.pid}, API ${existing.env.API_URL}).`);
    return 0;
  }
  if (values.foreground) return run();
  fs.mkdirSync(config.logDir, { recursive: true });
  const logFile = path.join(config.logDir, 'supervisor.log');
  const out = fs.openSync(logFile, 'a');
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'run', ...passThrough], {
    cwd: config.projectRoot,
    detached: true,
    stdio: ['ignore', out, out],
    env: process.env,
  });
  child.unref();
  let exitCode: number | null = null;
  child.on('exit', (code) => (exitCode = code ?? 1));
  const printLogTail = () => console.error(fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-40).join('\n'));
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const state = readState();
    if (state && state.pid === child.pid && (await healthy(state))) {
      console.log(`Local stack started in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
      printEnv(state.env);
      return 0;
    }
    if (exitCode !== null) {
      console.error(`The local stack failed to start (exit ${exitCode}). Last lines of ${logFile}:`);
      printLogTail();
      return 1;
    }
    if (performance.now() - t0 > 120_000) {
      // The supervisor keeps running (stop it with `stop`); what it last said is usually why.
      console.error(`The local stack did not become healthy within 120 s; see ${config.logDir}. Last lines of ${logFile}:`);
      printLogTail();
      return 1;
    }
  }
}

/** Runs the stack in this process until SIGINT/SIGTERM, or until a part crashes. */
async function run(): Promise<number> {
  const { onShutdownSignal, startStack } = await import('./supervisor.ts');
  const stack = await startStack({ ...options, logEcho: false });
  printEnv(stack.env);
  const code = await new Promise<number>((resolve) => {
    onShutdownSignal(() => void stack.stop().then(() => resolve(0)));
    void stack.crashed.then((message) => {
      console.error(message);
      resolve(1);
    });
  });
  return code;
}

async function stop(): Promise<number> {
  const state = runningState();
  if (!state) {
    console.log('The local stack is not running.');
    return 0;
  }
  process.kill(state.pid, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  while (alive(state.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(state.pid)) {
    console.error(`The stack supervisor (pid ${state.pid}) did not stop in 20 s; killing it.`);
    process.kill(state.pid, 'SIGKILL');
  }
  fs.rmSync(config.stateFile, { force: true });
  console.log('Stopped the local stack.');
  return 0;
}

async function status(): Promise<number> {
  const state = runningState();
  if (!state || !(await healthy(state))) {
    console.error(state ? `The local stack (pid ${state.pid}) is running but not healthy; see ${config.logDir}` : 'The local stack is not running.');
    return 1;
  }
  if (values.output === 'env') printEnv(state.env);
  else if (values.output === 'json') console.log(JSON.stringify(state.env, null, 2));
  else {
    const health = await (await fetch(`${state.env.API_URL}/health`)).json();
    console.log(`Local stack is running (pid ${state.pid}, started ${state.startedAt}).`);
    for (const [k, v] of Object.entries(state.env)) console.log(`  ${k.padEnd(18)} ${v}`);
    console.log(JSON.stringify(health, null, 2));
  }
  return 0;
}

async function reset(): Promise<number> {
  const wasRunning = Boolean(runningState());
  if (wasRunning) await stop();
  const t0 = performance.now();
  const [{ createLogger }, { dropDatabaseObjects, migrate }, { rolePool, startPostgres }, { seedBuckets }] = await Promise.all([
    import('./log.ts'),
    import('./migrate.ts'),
    import('./postgres.ts'),
    import('./storage/seed-buckets.ts'),
  ]);
  const log = createLogger(config.logDir);
  const { handle } = await startPostgres(config, log);
  try {
    await dropDatabaseObjects(config);
    fs.rmSync(config.storageDir, { recursive: true, force: true });
    const report = await migrate(config, log, { seed: true });
    // Storage files of config.toml's [storage.buckets.*] objects_path, written in-process (no gateway runs here).
    const pool = rolePool(config, 'supabase_storage_admin', 4);
    const objects = await seedBuckets(config, pool, log).finally(() => pool.end());
    console.log(
      `Reset the database: ${report.applied.length} migrations, the seed and ${objects.uploaded.length} storage objects applied in ${((performance.now() - t0) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await handle.stop();
  }
  return wasRunning ? start() : 0;
}

const commands: Record<string, () => Promise<number>> = { start, stop, status, reset, run };
const command = commands[positionals[0] ?? ''];
if (!command) {
  console.error('usage: npm run stack -- <start|stop|status|reset> [--foreground] [-o env|json] [--data-dir DIR] [--api-port N] [--db-port N] [--mail-port N] [--smtp-port N] [--mail-smtp-port N]');
  process.exit(2);
}
process.exit(await command());
