/**
 * The gateway: one port, the paths of hosted Supabase's API, each mounted
 * service answering under its prefix. It also checks the API key where Kong
 * does on hosted Supabase.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiKey, applyCors, handlePreflight, sendJson } from './http.ts';
import { verifyJwt } from './jwt.ts';
import type { GatewayService, ServiceContext } from './types.ts';

export interface MountedService {
  prefix: string;
  service: GatewayService;
  /** Paths under the prefix that hosted Supabase serves without an API key (e.g. e-mail links, public objects). */
  openPaths?: RegExp[];
  /** False for services that do not sit behind Kong's key check (Edge Functions check JWTs themselves). */
  requiresApiKey?: boolean;
}

export interface Gateway {
  url: string;
  close(): Promise<void>;
  health(): Promise<Record<string, { ok: boolean; detail?: string }>>;
}

async function validApiKey(key: string, ctx: ServiceContext): Promise<boolean> {
  if (key === ctx.config.anonKey || key === ctx.config.serviceRoleKey) return true;
  try {
    const claims = await verifyJwt(key, ctx.config.jwtSecret);
    return claims.role === 'anon' || claims.role === 'service_role';
  } catch {
    return false;
  }
}

export async function startGateway(ctx: ServiceContext, mounts: MountedService[]): Promise<Gateway> {
  const route = (pathname: string) => {
    for (const m of mounts) {
      if (pathname === m.prefix || pathname.startsWith(`${m.prefix}/`)) return { mount: m, subPath: pathname.slice(m.prefix.length) || '/' };
    }
    return undefined;
  };

  const health = async () => {
    const entries = await Promise.all(
      mounts.map(async (m) => [m.prefix, m.service.health ? await m.service.health().catch((e: Error) => ({ ok: false, detail: e.message })) : { ok: true }] as const),
    );
    return Object.fromEntries(entries);
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    try {
      if (handlePreflight(req, res)) return;
      if (url.pathname === '/health') {
        applyCors(req, res);
        const parts = await health();
        const ok = Object.values(parts).every((p) => p.ok);
        return sendJson(res, ok ? 200 : 503, { ok, parts });
      }
      const found = route(url.pathname);
      if (!found) {
        applyCors(req, res);
        return sendJson(res, 404, { message: 'no Route matched with those values' });
      }
      const { mount, subPath } = found;
      const open = mount.openPaths?.some((p) => p.test(subPath)) ?? false;
      if (mount.requiresApiKey !== false && !open) {
        const key = apiKey(req, url);
        if (!key) {
          applyCors(req, res);
          return sendJson(res, 401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
        }
        if (!(await validApiKey(key, ctx))) {
          applyCors(req, res);
          return sendJson(res, 401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
        }
      }
      await mount.service.handle(req, res, subPath, url);
    } catch (error) {
      ctx.log.part('gateway', `${req.method} ${url.pathname} failed: ${(error as Error).stack ?? error}`);
      applyCors(req, res);
      sendJson(res, 500, { message: 'internal error in the local stack gateway', error: (error as Error).message });
    }
  });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const found = route(url.pathname);
    if (!found?.mount.service.upgrade) {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    found.mount.service.upgrade(req, socket, head, found.subPath, url);
  });
  // Long-lived realtime sockets and slow uploads must not be cut by Node's defaults.
  server.requestTimeout = 0;
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(ctx.config.apiPort, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    health,
    /** Stops listening; the mounted services are their creator's to close (stack/supervisor.ts). */
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
