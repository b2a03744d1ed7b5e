/**
 * The Edge Functions' dependencies, cached ahead of time so that functions run
 * without network access.
 *
 * Every function (each folder of supabase/functions whose name is a function
 * name, so not `_shared`) is cached with `deno cache` into the project's Deno
 * cache (`node_modules/.cache/deno`, or DENO_DIR), recording its npm/jsr/https
 * modules in the lockfile next to the deno.json it uses (the committed
 * `supabase/functions/deno.lock`). This runs at `npm install` (postinstall:
 * scripts/cache-functions.ts) and again whenever the functions, their
 * deno.json or lockfile changed since the last run (a stamp in the cache),
 * so a new function is cached on its first request. Workers then run with
 * `--cached-only` and a `--frozen` lockfile: they never reach the network.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { StackConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import { readProjectConfig } from '../project-config.ts';

/** Function names the Supabase CLI accepts; `_shared` and other `_` folders are not functions. */
export const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

type FunctionsConfig = Pick<StackConfig, 'projectRoot' | 'supabaseDir' | 'functionsDir' | 'configFile'>;

/** The project's Deno cache: npm packages and remote modules of the functions. */
export function denoCacheDir(projectRoot: string): string {
  return process.env.DENO_DIR ?? path.join(projectRoot, 'node_modules', '.cache', 'deno');
}

/** The module a function runs: config.toml's `entrypoint` (relative to supabase/), else index.ts. */
export function entrypointOf(config: FunctionsConfig, name: string, configured: string | undefined): string | undefined {
  const candidates = configured ? [path.resolve(config.supabaseDir, configured)] : ['index.ts', 'index.js', 'index.tsx', 'index.mjs'].map((f) => path.join(config.functionsDir, name, f));
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}

/** Every function's entrypoint, discovered from the folders (and config.toml's `entrypoint`s). */
export function functionEntrypoints(config: FunctionsConfig): Map<string, string> {
  const settings = readProjectConfig(config).functions;
  const names = fs.existsSync(config.functionsDir)
    ? fs.readdirSync(config.functionsDir, { withFileTypes: true }).filter((d) => d.isDirectory() && FUNCTION_NAME.test(d.name)).map((d) => d.name)
    : [];
  const out = new Map<string, string>();
  for (const name of [...new Set([...names, ...Object.keys(settings)])].sort()) {
    const entry = entrypointOf(config, name, settings[name]?.entrypoint);
    if (entry) out.set(name, entry);
  }
  return out;
}

/**
 * deno.json / import map the way the Supabase CLI picks them (the function's
 * own first, then the shared one), and the lockfile next to that deno.json.
 */
export function denoConfigFlags(functionsDir: string, entry: string, mode: 'run' | 'cache'): string[] {
  const first = (dir: string, names: string[]) => names.map((n) => path.join(dir, n)).find((f) => fs.existsSync(f));
  const fnDir = path.dirname(entry);
  const ownConfig = first(fnDir, ['deno.json', 'deno.jsonc']);
  const config = ownConfig ?? first(functionsDir, ['deno.json', 'deno.jsonc']);
  const flags: string[] = config ? ['--config', config] : ['--no-config'];
  if (!ownConfig) {
    const importMap = first(fnDir, ['import_map.json']) ?? first(functionsDir, ['import_map.json']);
    if (importMap) flags.push('--import-map', importMap);
  }
  // The lockfile is named on the command line: deno.json keeps `"lock": false`
  // so that the Supabase CLI's bundler (whose Deno may not read this lockfile
  // version) does not pick it up when deploying.
  const lock = path.join(config ? path.dirname(config) : functionsDir, 'deno.lock');
  if (mode === 'cache') flags.push(`--lock=${lock}`);
  else if (fs.existsSync(lock)) flags.push(`--lock=${lock}`, '--frozen');
  else flags.push('--no-lock');
  // The project's package.json would otherwise make Deno look for npm packages
  // in our node_modules; hosted Supabase resolves npm: specifiers itself.
  flags.push('--node-modules-dir=none');
  return flags;
}

/** Environment for Deno: its cache, plus what it needs to reach a registry through a proxy or mirror. */
export function denoEnvironment(projectRoot: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const passThrough = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy', 'NPM_CONFIG_REGISTRY'];
  // Trust settings: behind a TLS-intercepting proxy Deno needs the extra CAs to reach the npm registry.
  passThrough.push('DENO_CERT', 'DENO_TLS_CA_STORE', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'NODE_EXTRA_CA_CERTS');
  for (const key of passThrough) if (process.env[key] !== undefined) env[key] = process.env[key];
  return { ...env, DENO_DIR: denoCacheDir(projectRoot), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
}

/** A hash of everything that decides what the functions import. */
function functionsStamp(config: FunctionsConfig, deno: string): string {
  const h = crypto.createHash('sha256').update(`${deno}\n`);
  const walk = (dir: string) => {
    for (const d of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, d.name);
      if (d.isDirectory() && d.name !== 'node_modules') walk(full);
      else if (d.isFile() && /\.(m?[jt]sx?|jsonc?|lock)$/.test(d.name)) h.update(`${path.relative(config.functionsDir, full)}\n`).update(fs.readFileSync(full));
    }
  };
  if (fs.existsSync(config.functionsDir)) walk(config.functionsDir);
  for (const [name, entry] of functionEntrypoints(config)) h.update(`${name}=${entry}\n`);
  return h.digest('hex');
}

function stampFile(config: FunctionsConfig): string {
  const key = crypto.createHash('sha256').update(path.resolve(config.functionsDir)).digest('hex').slice(0, 16);
  return path.join(denoCacheDir(config.projectRoot), 'listingdesk-stamps', `functions-${key}`);
}

function runDeno(deno: string, args: string[], config: FunctionsConfig): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(deno, args, { cwd: config.functionsDir, env: denoEnvironment(config.projectRoot), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString('utf8')));
    child.stderr.on('data', (b: Buffer) => (output += b.toString('utf8')));
    child.on('error', (e) => resolve({ ok: false, output: e.message }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

export interface CacheReport {
  cached: string[];
  failed: { name: string; output: string }[];
  /** False when the stamp said nothing changed since the last run. */
  ran: boolean;
}

/**
 * Caches every function's dependencies (and updates the lockfile) unless
 * nothing changed since the last successful run. Functions sharing a deno.json
 * are cached together; if that fails (one broken function), one by one, so
 * the others are still cached.
 */
export async function cacheFunctions(config: FunctionsConfig, deno: string, options: { force?: boolean } = {}): Promise<CacheReport> {
  const stamp = stampFile(config);
  const before = functionsStamp(config, deno);
  if (!options.force && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === before) return { cached: [], failed: [], ran: false };

  const groups = new Map<string, [string, string][]>();
  for (const [name, entry] of functionEntrypoints(config)) {
    const key = denoConfigFlags(config.functionsDir, entry, 'cache').join('\0');
    groups.set(key, [...(groups.get(key) ?? []), [name, entry]]);
  }
  const report: CacheReport = { cached: [], failed: [], ran: true };
  for (const [key, members] of groups) {
    const flags = key.split('\0');
    const together = await runDeno(deno, ['cache', ...flags, ...members.map(([, e]) => e)], config);
    if (together.ok) {
      report.cached.push(...members.map(([n]) => n));
      continue;
    }
    for (const [name, entry] of members) {
      const alone = members.length === 1 ? together : await runDeno(deno, ['cache', ...flags, entry], config);
      if (alone.ok) report.cached.push(name);
      else report.failed.push({ name, output: alone.output.trim() });
    }
  }
  if (report.failed.length === 0) {
    fs.mkdirSync(path.dirname(stamp), { recursive: true });
    // After caching: the lockfile may have gained entries.
    fs.writeFileSync(stamp, functionsStamp(config, deno));
  }
  return report;
}

/** One caching pass at a time per functions folder; later callers wait for it. */
const running = new Map<string, Promise<void>>();

/** Makes sure the functions' dependencies are cached before a worker boots; logs instead of throwing. */
export function ensureFunctionsCached(config: FunctionsConfig, deno: string, log: Logger): Promise<void> {
  const key = path.resolve(config.functionsDir);
  const current = running.get(key);
  if (current) return current;
  const started = performance.now();
  const pass = cacheFunctions(config, deno)
    .then((r) => {
      if (!r.ran) return;
      const ms = Math.round(performance.now() - started);
      log.part('functions', `cached the dependencies of ${r.cached.join(', ') || 'no function'} in ${ms} ms`);
      for (const f of r.failed) log.part('functions', `[${f.name}] could not cache its dependencies:\n${f.output}`);
    })
    .catch((e) => log.part('functions', `caching the functions' dependencies failed: ${(e as Error).message}`))
    .finally(() => running.delete(key));
  running.set(key, pass);
  return pass;
}
