/**
 * Deno workers for Edge Functions: one Deno process per function, spawned on
 * its first request and kept warm until its code changes or the stack stops
 * (Supabase's `per_worker` policy). Each process runs deno-entry.js, which
 * imports the function and reports the loopback port its `Deno.serve` got.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { StackConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import { denoCacheDir, denoConfigFlags, denoEnvironment } from './deno-cache.ts';

const ENTRY_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'deno-entry.js');
/** A cold boot loads the function's modules from the cache; generous for a loaded machine. */
const BOOT_TIMEOUT_MS = 90_000;
/** How many of a worker's last log lines an error answer carries. */
const KEPT_LINES = 40;

/** The Deno binary the `deno` npm package installed (or DENO_BIN / PATH as a fallback). */
export function denoBinary(): string {
  if (process.env.DENO_BIN) return process.env.DENO_BIN;
  const require = createRequire(import.meta.url);
  const exe = process.platform === 'win32' ? 'deno.exe' : 'deno';
  const candidates: string[] = [];
  try {
    candidates.push(path.join(path.dirname(require.resolve('deno/package.json')), exe));
  } catch {
    /* the npm package is not installed */
  }
  const family = process.platform === 'linux' ? '-glibc' : '';
  try {
    candidates.push(path.join(path.dirname(require.resolve(`@deno/${process.platform}-${process.arch}${family}/package.json`)), exe));
  } catch {
    /* no platform package */
  }
  return candidates.find((c) => fs.existsSync(c)) ?? 'deno';
}

/** KEY=VALUE lines as the Supabase CLI reads supabase/functions/.env (comments, quotes, `export`). */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2]!;
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else {
      value = value.replace(/\s+#.*$/, '');
    }
    out[m[1]!] = value;
  }
  return out;
}

/** The variables of supabase/functions/.env (in `functionsDir`), or none when it does not exist. */
export function readFunctionsEnvFile(functionsDir: string): Record<string, string> {
  const file = path.join(functionsDir, '.env');
  return fs.existsSync(file) ? parseEnvFile(fs.readFileSync(file, 'utf8')) : {};
}

export class WorkerBootError extends Error {
  constructor(
    message: string,
    readonly logLines: string[],
  ) {
    super(message);
  }
}

export interface Worker {
  name: string;
  /** The module file the worker runs; a different entrypoint means a restart. */
  entry: string;
  child: ChildProcess;
  /** Resolves with the loopback port once `Deno.serve` listens; rejects with WorkerBootError. */
  ready: Promise<number>;
  /** Requests being proxied right now, so a retired worker finishes them first. */
  inflight: number;
  exited: boolean;
  /** Resolves when the process has exited. */
  gone: Promise<void>;
  retired: boolean;
  /** When the process was started (ms since the epoch): a change to its files after this restarts it. */
  spawnedAt: number;
  /** The last lines the function wrote, for error answers. */
  lines: string[];
}

export interface WorkerPoolOptions {
  config: StackConfig;
  log: Logger;
}

export class WorkerPool {
  private readonly workers = new Map<string, Worker>();
  private readonly retiredWorkers = new Set<Worker>();
  private readonly deno = denoBinary();
  constructor(private readonly options: WorkerPoolOptions) {}

  get denoPath(): string {
    return this.deno;
  }

  get size(): number {
    return this.workers.size;
  }

  /** Whether `get` would return a running worker (no boot needed). */
  isWarm(name: string, entry: string): boolean {
    const existing = this.workers.get(name);
    return Boolean(existing && !existing.exited && existing.entry === entry);
  }

  /** The running worker of a function, or a freshly spawned one. */
  get(name: string, entry: string): Worker {
    const existing = this.workers.get(name);
    if (existing && !existing.exited && existing.entry === entry) return existing;
    if (existing) this.retire(existing);
    const worker = this.spawn(name, entry);
    this.workers.set(name, worker);
    return worker;
  }

  /**
   * Stops a function's worker (after its in-flight requests) if it started
   * before `changedAt` (ms since the epoch); the next request boots fresh
   * code. A worker started after the change read the changed files already.
   */
  restart(name: string, changedAt: number): void {
    const worker = this.workers.get(name);
    if (worker && worker.spawnedAt < changedAt) this.retire(worker);
  }

  restartAll(changedAt: number): void {
    for (const worker of [...this.workers.values()]) if (worker.spawnedAt < changedAt) this.retire(worker);
  }

  /** Called when a proxied request ends, so retired workers can go. */
  release(worker: Worker): void {
    worker.inflight--;
    if (worker.retired && worker.inflight <= 0) this.kill(worker);
  }

  async close(): Promise<void> {
    const all = [...this.workers.values(), ...this.retiredWorkers];
    this.workers.clear();
    await Promise.all(all.map((w) => this.kill(w)));
  }

  private retire(worker: Worker): void {
    if (this.workers.get(worker.name) === worker) this.workers.delete(worker.name);
    if (worker.exited) return;
    worker.retired = true;
    this.retiredWorkers.add(worker);
    if (worker.inflight <= 0) void this.kill(worker);
  }

  private kill(worker: Worker): Promise<void> {
    this.retiredWorkers.delete(worker);
    if (worker.exited) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => worker.child.kill('SIGKILL'), 3000);
      worker.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.child.kill('SIGTERM');
    });
  }

  private environment(): NodeJS.ProcessEnv {
    const { config, log } = this.options;
    // The function sees only what it would see on Supabase, plus what Deno needs
    // to find its cache, temp folder and (if any) a proxy or registry mirror.
    const env = denoEnvironment(config.projectRoot);
    for (const [key, value] of Object.entries(readFunctionsEnvFile(config.functionsDir))) {
      // The Supabase CLI refuses to let secrets shadow the platform's variables.
      if (key.startsWith('SUPABASE_')) log.part('functions', `.env: skipping ${key} (names starting with SUPABASE_ are reserved)`);
      else env[key] = value;
    }
    for (const [key, value] of Object.entries(config.functionsEnv)) {
      if (!key.startsWith('SUPABASE_')) env[key] = value;
    }
    Object.assign(env, {
      SUPABASE_URL: config.apiUrl,
      SUPABASE_ANON_KEY: config.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
      SUPABASE_DB_URL: config.dbUrl,
      DENO_DIR: denoCacheDir(config.projectRoot),
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
    });
    return env;
  }

  private spawn(name: string, entry: string): Worker {
    const { log } = this.options;
    const marker = `@@functions-${crypto.randomBytes(6).toString('hex')}@@`;
    const args = [
      'run',
      ...denoConfigFlags(this.options.config.functionsDir, entry, 'run'),
      // Dependencies come from the project's Deno cache only (deno-cache.ts): no network needed.
      '--cached-only',
      // What the edge runtime effectively grants: network, environment, reading
      // files, writing the temp folder, remote imports.
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-sys',
      '--allow-import',
      `--allow-write=${os.tmpdir()}`,
      '--no-prompt',
      ENTRY_SCRIPT,
      pathToFileURL(entry).href,
      name,
      marker,
    ];
    const child = spawn(this.deno, args, { cwd: path.dirname(entry), env: this.environment(), stdio: ['pipe', 'pipe', 'pipe'] });
    let settle: { resolve(port: number): void; reject(e: Error): void } = { resolve: () => undefined, reject: () => undefined };
    const ready = new Promise<number>((resolve, reject) => (settle = { resolve, reject }));
    ready.catch(() => undefined); // a boot nobody waits for any more must not be an unhandled rejection
    let markGone!: () => void;
    const gone = new Promise<void>((resolve) => (markGone = resolve));
    const worker: Worker = { name, entry, child, ready, inflight: 0, exited: false, gone, retired: false, spawnedAt: Date.now(), lines: [] };
    let bootError: string | undefined;
    const started = performance.now();
    const timer = setTimeout(() => {
      settle.reject(new WorkerBootError(`${name} did not start listening within ${BOOT_TIMEOUT_MS / 1000} s`, worker.lines));
      child.kill('SIGKILL');
    }, BOOT_TIMEOUT_MS);

    const onLine = (line: string) => {
      if (line.startsWith(marker)) {
        const message = JSON.parse(line.slice(marker.length)) as { type: string; port?: number; error?: string };
        if (message.type === 'listening' && message.port) {
          clearTimeout(timer);
          log.part('functions', `[${name}] serving on 127.0.0.1:${message.port} after ${Math.round(performance.now() - started)} ms`);
          settle.resolve(message.port);
        } else if (message.type === 'boot-error') {
          bootError = message.error;
          log.part('functions', `[${name}] failed to boot: ${message.error}`);
        }
        return;
      }
      worker.lines.push(line);
      if (worker.lines.length > KEPT_LINES) worker.lines.shift();
      log.part('functions', `[${name}] ${line}`);
    };
    const lineReader = () => {
      let rest = '';
      return (chunk: Buffer) => {
        const parts = (rest + chunk.toString('utf8')).split('\n');
        rest = parts.pop() ?? '';
        for (const p of parts) onLine(p.replace(/\r$/, ''));
      };
    };
    child.stdout?.on('data', lineReader());
    child.stderr?.on('data', lineReader());
    child.on('error', (e) => {
      clearTimeout(timer);
      worker.exited = true;
      markGone();
      log.part('functions', `[${name}] could not start Deno (${this.deno}): ${e.message}`);
      settle.reject(new WorkerBootError(`could not start Deno (${this.deno}): ${e.message}`, worker.lines));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      worker.exited = true;
      markGone();
      this.retiredWorkers.delete(worker);
      if (this.workers.get(name) === worker) this.workers.delete(name);
      if (!worker.retired) log.part('functions', `[${name}] worker exited (${signal ?? `code ${code}`})`);
      const detail = bootError ?? (worker.lines.slice(-10).join('\n') || `Deno exited (${signal ?? `code ${code}`}) before the function served`);
      settle.reject(new WorkerBootError(detail, worker.lines));
    });
    log.part('functions', `[${name}] booting ${path.relative(this.options.config.projectRoot, entry) || entry}`);
    return worker;
  }
}
