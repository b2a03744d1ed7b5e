/**
 * Realtime service of the local stack: the websocket at /realtime/v1/websocket
 * (Phoenix protocol as realtime-js speaks it: broadcast, presence, Postgres
 * Changes under RLS, private channels) and the REST broadcast endpoints.
 *
 * Layout: protocol.ts (frames), socket.ts (one connection), channels.ts
 * (membership), presence.ts, broadcast.ts (fan-out + REST), capture.ts
 * (logical replication), postgres-changes.ts (matching + delivery), rls.ts
 * (row visibility), filters.ts, values.ts, auth.ts (tokens, private channels).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { apiKey, applyCors, sendJson } from '../gateway/http.ts';
import type { GatewayService, ServiceContext } from '../gateway/types.ts';
import { AuthError, identify } from './auth.ts';
import { fanOut, handleBroadcastRest } from './broadcast.ts';
import { ChangeCapture } from './capture.ts';
import { Registry } from './channels.ts';
import { PostgresChangesEngine } from './postgres-changes.ts';
import { PresenceHub } from './presence.ts';
import { Connection } from './socket.ts';
import { roleUrl, SUPERUSER } from '../postgres.ts';

/**
 * The websocket takes its apikey as a query parameter and is checked here
 * (upgrades never pass the gateway's key check).
 */
export const REALTIME_OPEN_PATHS: RegExp[] = [/^\/websocket\/?$/];

/** realtime.messages rows older than this are deleted, as hosted Realtime drops old partitions. */
const MESSAGE_RETENTION = '3 days';

function rejectUpgrade(socket: Duplex, status: number, text: string, body: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

export async function createRealtimeService(ctx: ServiceContext): Promise<GatewayService> {
  const { config, pool, log } = ctx;
  const registry = new Registry();
  const presence = new PresenceHub(registry);
  const engine = new PostgresChangesEngine(registry, pool, log, (key, msg) => fanOut(registry, key, msg));
  // Replication connection as the superuser, as hosted Realtime connects (supabase_admin).
  const capture = new ChangeCapture(pool, roleUrl(config, SUPERUSER), log, (changes) => engine.process(changes));
  await capture.start();

  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });
  const connections = new Set<Connection>();
  const deps = { registry, presence, pool, jwtSecret: config.jwtSecret, log };

  const cleanup = setInterval(() => {
    pool.query(`delete from realtime.messages where inserted_at < now() - $1::interval`, [MESSAGE_RETENTION]).catch(() => undefined);
  }, 60 * 60 * 1000);
  cleanup.unref();

  return {
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, subPath: string, url: URL) {
      if (!REALTIME_OPEN_PATHS[0].test(subPath)) return rejectUpgrade(socket, 404, 'Not Found', '{"message":"no Route matched with those values"}');
      const key = apiKey(req, url);
      if (!key) return rejectUpgrade(socket, 401, 'Unauthorized', '{"message":"No API key found in request"}');
      const vsn = url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0';
      identify(key, config.jwtSecret)
        .then((identity) => {
          // As Kong does for the REST paths: the apikey must be the anon or service key.
          if (identity.role !== 'anon' && identity.role !== 'service_role') throw new AuthError('Invalid API key');
          wss.handleUpgrade(req, socket, head, (ws) => {
            const conn = new Connection(ws, vsn, identity, deps);
            connections.add(conn);
            ws.on('close', () => connections.delete(conn));
          });
        })
        .catch((error: Error) => {
          const message = error instanceof AuthError ? 'Invalid API key' : 'internal error';
          rejectUpgrade(socket, error instanceof AuthError ? 401 : 500, error instanceof AuthError ? 'Unauthorized' : 'Internal Server Error', JSON.stringify({ message }));
        });
    },

    async handle(req, res, subPath, url) {
      if (await handleBroadcastRest({ registry, pool, jwtSecret: config.jwtSecret }, req, res, subPath, url)) return;
      applyCors(req, res);
      if (REALTIME_OPEN_PATHS[0].test(subPath)) return sendJson(res, 426, { message: 'websocket upgrade required' }, { Upgrade: 'websocket' });
      sendJson(res, 404, { message: 'no Route matched with those values' });
    },

    async health() {
      return capture.running
        ? { ok: true, detail: `${connections.size} connections, ${registry.size} channel joins` }
        : { ok: false, detail: `change capture is not streaming${capture.lastError ? `: ${capture.lastError}` : ''}` };
    },

    async close() {
      clearInterval(cleanup);
      for (const conn of connections) conn.close();
      wss.close();
      await capture.stop();
    },
  };
}
