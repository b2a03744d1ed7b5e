/**
 * Routing of /storage/v1/... to the handlers, in hosted Storage's precedence
 * (static segments like `list`, `sign`, `public`, `info` win over a bucket of
 * that name). Bucket and object name come percent-encoded and are decoded
 * after the route is matched, so an encoded "/" can never change the route.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiKey, sendJson } from '../gateway/http.ts';
import * as buckets from './buckets.ts';
import { callerClaims, mustFindBucket, verifyToken, type StorageContext } from './context.ts';
import { ERRORS, StorageError } from './errors.ts';
import * as objects from './objects.ts';
import * as signing from './signing.ts';
import { handleUpload } from './upload.ts';
import { mustBeValidBucketName, mustBeValidKey } from './validate.ts';

/** Served without an API key (the gateway checks only paths; methods are checked in `route`). */
export const STORAGE_OPEN_PATHS: RegExp[] = [/^\/object\/public\//, /^\/object\/sign\//, /^\/object\/upload\/sign\//, /^\/render\/image\/public\//, /^\/render\/image\/sign\//];

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw ERRORS.invalidKey(segment);
  }
}

/** `<bucket>/<name...>` from raw path segments. */
function target(rest: string[]): { bucket: string; name: string } {
  if (rest.length < 2 || rest[0] === '') throw ERRORS.invalidKey(rest.join('/'));
  const bucket = mustBeValidBucketName(decode(rest[0]!));
  return { bucket, name: mustBeValidKey(decode(rest.slice(1).join('/'))) };
}

/**
 * The open paths let every method through the gateway; only the token-
 * authorised ones (GET/HEAD of a signed or public URL, PUT of a signed upload)
 * should be. The others need an API key here, as Kong would demand.
 */
async function requireApiKey(ctx: StorageContext, req: IncomingMessage, url: URL): Promise<void> {
  const key = apiKey(req, url);
  if (!key) throw new StorageError(401, 'Unauthorized', 'Unauthorized', 'No API key found in request');
  const claims = await verifyToken(ctx, key).catch(() => undefined);
  if (claims?.role !== 'anon' && claims?.role !== 'service_role') throw new StorageError(401, 'Unauthorized', 'Unauthorized', 'Invalid API key');
}

export async function route(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, subPath: string, url: URL): Promise<void> {
  const method = req.method ?? 'GET';
  const read = method === 'GET' || method === 'HEAD';
  const seg = subPath.split('/').slice(1);
  const claims = () => callerClaims(ctx, req, url);

  if (seg[0] === 'bucket') {
    const id = seg[1] === undefined || seg[1] === '' ? undefined : decode(seg[1]);
    if (id === undefined && seg.length <= 2) {
      if (method === 'GET') return buckets.listBuckets(ctx, res, url, await claims());
      if (method === 'POST') return buckets.createBucket(ctx, req, res, await claims());
    } else if (id !== undefined && seg.length === 2) {
      if (method === 'GET') return buckets.getBucket(ctx, res, await claims(), id);
      if (method === 'PUT') return buckets.updateBucket(ctx, req, res, await claims(), id);
      if (method === 'DELETE') return buckets.deleteBucket(ctx, res, await claims(), id);
    } else if (id !== undefined && seg.length === 3 && seg[2] === 'empty' && method === 'POST') {
      return buckets.emptyBucket(ctx, res, await claims(), id);
    }
    throw ERRORS.notFound();
  }

  if (seg[0] === 'render' && seg[1] === 'image') {
    // No image transformation locally: serve the original, which keeps apps working (unresized).
    const [kind, ...rest] = seg.slice(2);
    if (!read) throw ERRORS.notFound();
    const t = target(rest);
    if (kind === 'public') return objects.downloadPublic(ctx, req, res, url, t.bucket, t.name);
    if (kind === 'sign') return signing.downloadSigned(ctx, req, res, url, t.bucket, t.name);
    if (kind === 'authenticated') return objects.download(ctx, req, res, url, await claims(), t.bucket, t.name);
    throw ERRORS.notFound();
  }

  if (seg[0] !== 'object') {
    if (subPath === '/status' || subPath === '/version') return sendJson(res, 200, { status: 'ok' });
    throw ERRORS.notFound();
  }
  const [first, ...rest] = seg.slice(1);

  switch (first) {
    case 'list':
      if (method === 'POST' && rest.length === 1) return objects.list(ctx, req, res, await claims(), mustBeValidBucketName(decode(rest[0]!)));
      break;
    case 'move':
      if (method === 'POST' && rest.length === 0) return objects.move(ctx, req, res, await claims());
      break;
    case 'copy':
      if (method === 'POST' && rest.length === 0) return objects.copy(ctx, req, res, await claims());
      break;
    case 'sign':
      if (read) {
        const t = target(rest);
        return signing.downloadSigned(ctx, req, res, url, t.bucket, t.name);
      }
      if (method === 'POST') {
        await requireApiKey(ctx, req, url);
        if (rest.length === 1) return signing.signMany(ctx, req, res, await claims(), mustBeValidBucketName(decode(rest[0]!)));
        const t = target(rest);
        return signing.signOne(ctx, req, res, await claims(), t.bucket, t.name);
      }
      break;
    case 'upload':
      if (rest[0] === 'sign') {
        const t = target(rest.slice(1));
        if (method === 'PUT') return signing.uploadSigned(ctx, req, res, url, t.bucket, t.name);
        if (method === 'POST') {
          await requireApiKey(ctx, req, url);
          return signing.signUpload(ctx, req, res, await claims(), t.bucket, t.name);
        }
      }
      break;
    case 'public':
      if (read) {
        const t = target(rest);
        return objects.downloadPublic(ctx, req, res, url, t.bucket, t.name);
      }
      break;
    case 'authenticated':
      if (read) {
        const t = target(rest);
        return objects.download(ctx, req, res, url, await claims(), t.bucket, t.name);
      }
      break;
    case 'info':
      if (method === 'GET') {
        if (rest[0] === 'public') {
          const t = target(rest.slice(1));
          return objects.info(ctx, res, 'public', t.bucket, t.name);
        }
        const t = target(rest[0] === 'authenticated' ? rest.slice(1) : rest);
        return objects.info(ctx, res, await claims(), t.bucket, t.name);
      }
      break;
  }

  // /object/{bucket}[/{name}]
  if (first === undefined || first === '') throw ERRORS.notFound();
  if (method === 'DELETE' && rest.length === 0) return objects.removeMany(ctx, req, res, await claims(), mustBeValidBucketName(decode(first)));
  const t = target([first, ...rest]);
  if (read) return objects.download(ctx, req, res, url, await claims(), t.bucket, t.name);
  if (method === 'DELETE') return objects.removeOne(ctx, res, await claims(), t.bucket, t.name);
  if (method === 'POST' || method === 'PUT') {
    const caller = await claims();
    const bucket = await mustFindBucket(ctx, t.bucket);
    // PUT (storage-js `update`) overwrites, as hosted Storage's update route does.
    const upsert = method === 'PUT' || req.headers['x-upsert'] === 'true';
    const result = await handleUpload(ctx, req, { bucket, name: t.name, upsert, claims: caller });
    return sendJson(res, 200, result);
  }
  throw ERRORS.notFound();
}
