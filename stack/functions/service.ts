/**
 * Edge Functions of the local stack: `/functions/v1/<name>[/<sub-path>][?query]`
 * is proxied, streamed both ways, to the Deno worker running
 * `supabase/functions/<name>/index.ts` (see workers.ts). Like Supabase's relay,
 * this service — not Kong — checks the caller's JWT unless the function has
 * `verify_jwt = false` in config.toml, and answers unknown functions with 404.
 * Nothing starts with the stack: a worker boots on its function's first request.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { applyCors, bearerToken, forwardedFor, HOP_BY_HOP_HEADERS, sendJson } from '../gateway/http.ts';
import { verifyJwt } from '../gateway/jwt.ts';
import type { GatewayService, ServiceContext } from '../gateway/types.ts';
import { readProjectConfig } from '../project-config.ts';
import { ensureFunctionsCached, entrypointOf, FUNCTION_NAME } from './deno-cache.ts';
import { WorkerBootError, WorkerPool, type Worker } from './workers.ts';

/** Paths under the prefix served without an API key (the gateway does not check keys here at all). */
export const FUNCTIONS_OPEN_PATHS: RegExp[] = [];

const PREFIX = '/functions/v1';
/** 401 with the relay's wording, or undefined when the caller may pass. */
async function jwtProblem(ctx: ServiceContext, req: http.IncomingMessage): Promise<string | undefined> {
  if (!req.headers.authorization) return 'Missing authorization header';
  const token = bearerToken(req);
  if (!token) return 'Invalid JWT';
  try {
    await verifyJwt(token, ctx.config.jwtSecret);
    return undefined;
  } catch {
    return 'Invalid JWT';
  }
}

function forwardedHeaders(req: http.IncomingMessage, trustedProxies: readonly string[]): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP_HEADERS.has(key)) headers[key] = value;
  headers['x-forwarded-for'] = forwardedFor(req, trustedProxies);
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-forwarded-proto'] = 'http';
  return headers;
}

function workerFailure(res: http.ServerResponse, req: http.IncomingMessage, name: string, error: Error, booting: boolean): void {
  applyCors(req, res);
  if (booting) {
    sendJson(res, 503, { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)', function: name, error: error.message });
  } else {
    sendJson(res, 500, { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)', function: name, error: error.message });
  }
}

/**
 * When a changed file under the functions folder changed (ms since the epoch):
 * its ctime, which copying with preserved times cannot set back; now when it
 * is gone. The kernel stamps it from a coarse clock, a few milliseconds early
 * at most, while a Deno worker reads its modules well after it starts.
 */
function changeTime(functionsDir: string, file: string | null): number {
  if (!file) return Date.now();
  return fs.statSync(path.join(functionsDir, file), { throwIfNoEntry: false })?.ctimeMs ?? Date.now();
}

export async function createFunctionsService(ctx: ServiceContext): Promise<GatewayService> {
  const pool = new WorkerPool({ config: ctx.config, log: ctx.log });
  // Keep-alive connections to the workers save a TCP handshake per request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  // Editing a function restarts its worker; `_shared`, `.env`, deno.json or an
  // import map can affect every function, so those restart all of them.
  let watcher: fs.FSWatcher | undefined;
  const pending = new Set<string>();
  let lastChangeAt = 0;
  let debounce: NodeJS.Timeout | undefined;
  const onChange = (file: string | null) => {
    // The first path segment names the function (a new function folder included);
    // `_shared`, dotfiles and deno.json / import_map.json fail the name test.
    const first = (file ?? '').split(/[\\/]/)[0] ?? '';
    pending.add(FUNCTION_NAME.test(first) ? first : '*');
    lastChangeAt = Math.max(lastChangeAt, changeTime(ctx.config.functionsDir, file));
    clearTimeout(debounce);
    // Editors write in several steps; one restart after they settle is enough.
    debounce = setTimeout(() => {
      const names = [...pending];
      const changedAt = lastChangeAt;
      pending.clear();
      lastChangeAt = 0;
      // Only workers started before the change: the first request's caching pass writes deno.lock and then
      // boots the worker, and the lockfile's event, arriving after that boot, restarted the new worker at once.
      if (names.includes('*')) pool.restartAll(changedAt);
      else for (const n of names) pool.restart(n, changedAt);
      ctx.log.part('functions', `change in ${names.includes('*') ? 'shared files' : names.join(', ')}: worker(s) will reload on the next request`);
    }, 60);
  };
  if (fs.existsSync(ctx.config.functionsDir)) {
    try {
      watcher = fs.watch(ctx.config.functionsDir, { recursive: true }, (_event, file) => onChange(file));
      watcher.on('error', (e) => ctx.log.part('functions', `watcher error: ${e.message}`));
    } catch (e) {
      ctx.log.warn(`functions: cannot watch ${ctx.config.functionsDir} (${(e as Error).message}); restart the stack after editing a function`);
    }
  }

  const proxy = (req: http.IncomingMessage, res: http.ServerResponse, worker: Worker, port: number, target: string) =>
    new Promise<void>((resolve) => {
      const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: target, headers: forwardedHeaders(req, ctx.config.trustedProxies), agent });
      upstream.on('response', (answer) => {
        applyCors(req, res);
        const headers: http.OutgoingHttpHeaders = {};
        for (const [key, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP_HEADERS.has(key)) headers[key] = value;
        // The function's own headers (its CORS ones included) win over the defaults above.
        res.writeHead(answer.statusCode ?? 502, headers);
        // Server-sent events and other streams must reach the caller chunk by chunk.
        res.flushHeaders();
        answer.pipe(res);
        answer.on('end', resolve);
        answer.on('error', () => {
          res.destroy();
          resolve();
        });
      });
      upstream.on('error', async (error) => {
        if (res.headersSent) {
          res.destroy();
          return resolve();
        }
        // A dropped connection usually means the process is dying: wait briefly
        // for its exit so the answer carries its last words and the next request
        // boots a fresh worker instead of reaching the dead one.
        await Promise.race([worker.gone, new Promise((r) => setTimeout(r, 1000))]);
        const why = worker.exited ? new Error(worker.lines.slice(-10).join('\n') || 'the worker exited') : error;
        workerFailure(res, req, worker.name, why, false);
        resolve();
      });
      // A caller that goes away should not keep the function working for nobody.
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
        resolve();
      });
      req.pipe(upstream);
    });

  return {
    async handle(req, res, subPath, url) {
      const segments = subPath.split('/');
      let name = '';
      try {
        name = decodeURIComponent(segments[1] ?? '');
      } catch {
        /* malformed percent-encoding: not a function name */
      }
      // Read on every request, so editing verify_jwt or entrypoint in config.toml needs no restart.
      const settings = readProjectConfig(ctx.config).functions[name];
      const entry = FUNCTION_NAME.test(name) ? entrypointOf(ctx.config, name, settings?.entrypoint) : undefined;
      if (!entry) {
        applyCors(req, res);
        return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
      }

      if (settings?.verifyJwt ?? true) {
        const problem = await jwtProblem(ctx, req);
        if (problem) {
          applyCors(req, res);
          return sendJson(res, 401, { code: 401, message: problem });
        }
      }

      // The function sees `/<name>/<sub-path>?<query>` as on Supabase; the raw
      // request target is forwarded so encoding and odd query strings survive.
      const raw = req.url ?? '';
      const target = raw.startsWith(`${PREFIX}/`) ? raw.slice(PREFIX.length) : `${subPath}${url.search}`;

      // A boot needs the function's dependencies in the cache (a new or edited function: cached now).
      if (!pool.isWarm(name, entry)) await ensureFunctionsCached(ctx.config, pool.denoPath, ctx.log);
      const worker = pool.get(name, entry);
      worker.inflight++;
      try {
        let port: number;
        try {
          port = await worker.ready;
        } catch (error) {
          req.resume();
          return workerFailure(res, req, name, error as Error, error instanceof WorkerBootError);
        }
        await proxy(req, res, worker, port, target);
      } finally {
        pool.release(worker);
      }
    },

    async health() {
      const deno = pool.denoPath;
      if (deno !== 'deno' && !fs.existsSync(deno)) return { ok: false, detail: `Deno binary missing at ${deno}` };
      return { ok: true, detail: `${pool.size} function worker(s) warm` };
    },

    async close() {
      clearTimeout(debounce);
      watcher?.close();
      await pool.close();
      agent.destroy();
    },
  };
}
