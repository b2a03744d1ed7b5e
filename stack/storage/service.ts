/**
 * Storage service of the local stack: Supabase Storage's HTTP API under
 * /storage/v1 as storage-js uses it, with rows in the `storage` schema
 * (stack/bootstrap/20-storage.sql) written as the caller so RLS decides, and
 * bytes on local disk under config.storageDir.
 *
 * Files: routes.ts (paths), buckets.ts, objects.ts, upload.ts (+ multipart.ts),
 * signing.ts, serve.ts (downloads), disk.ts, context.ts (claims, SQL as the
 * caller), validate.ts (names, sizes, mime types), errors.ts (Storage's error shape).
 */
import type { IncomingMessage } from 'node:http';
import { applyCors, BodyTooLargeError } from '../gateway/http.ts';
import type { GatewayService, ServiceContext } from '../gateway/types.ts';
import type { StorageContext } from './context.ts';
import { Disk, KeyLocks } from './disk.ts';
import { ERRORS, fromDatabase, sendError, StorageError } from './errors.ts';
import { route, STORAGE_OPEN_PATHS } from './routes.ts';

export { STORAGE_OPEN_PATHS };

/** How much of an unread request body we read before answering an error (see drain). */
const DRAIN_LIMIT = 512 * 1024 * 1024;

/**
 * Reads and drops what is left of a request body before an error answer:
 * fetch (undici) reports a connection reset, not our JSON error, when the
 * server answers while it is still sending.
 */
function drain(req: IncomingMessage): Promise<void> {
  if (req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    req.on('data', (chunk: Buffer) => {
      if ((seen += chunk.length) > DRAIN_LIMIT) req.destroy();
    });
    req.once('end', () => resolve());
    req.once('close', () => resolve());
    req.once('error', () => resolve());
    req.resume();
  });
}

export async function createStorageService(service: ServiceContext): Promise<GatewayService> {
  const disk = new Disk(service.config.storageDir, !service.config.ephemeral);
  disk.sweepTemp();
  const ctx: StorageContext = { config: service.config, pool: service.pool, log: service.log, disk, locks: new KeyLocks() };

  return {
    async handle(req, res, subPath, url) {
      applyCors(req, res);
      // Every storage answer, object bytes above all: the browser takes the Content-Type as given, never sniffs HTML out of an upload.
      res.setHeader('X-Content-Type-Options', 'nosniff');
      try {
        await route(ctx, req, res, subPath, url);
      } catch (error) {
        let known = error instanceof StorageError ? error : fromDatabase(error);
        if (!known && error instanceof BodyTooLargeError) known = ERRORS.invalidRequest('request body too large');
        if (!known) {
          service.log.part('storage', `${req.method} ${subPath} failed: ${(error as Error).stack ?? String(error)}`);
          known = new StorageError(500, 'InternalError', 'internal', 'Internal server error');
        }
        await drain(req);
        if (res.headersSent) {
          res.destroy();
          return;
        }
        sendError(res, known);
      }
    },
    async health() {
      try {
        await service.pool.query('select 1 from storage.buckets limit 1');
        return { ok: true };
      } catch (e) {
        return { ok: false, detail: (e as Error).message };
      }
    },
  };
}
