/**
 * Signed URLs. A token is an HS256 JWT signed with the stack's JWT secret
 * whose `url` claim is `<bucket>/<name>` and whose `exp` bounds its life, as
 * hosted Storage issues them. Download tokens are granted only to a caller who
 * can SELECT the object; upload tokens (`owner`, `upsert`) only to a caller
 * whose policies would let the upload through. Each kind is refused where the
 * other is expected.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { sendJson } from '../gateway/http.ts';
import { signJwt, type SupabaseClaims } from '../gateway/jwt.ts';
import { asCaller, jsonBody, mustFindBucket, verifyToken, type StorageContext } from './context.ts';
import { ERRORS } from './errors.ts';
import { selectObject, selectObjectUnchecked } from './objects.ts';
import { sendObject } from './serve.ts';
import { handleUpload, testUploadPermission } from './upload.ts';
import { mustBeValidKey } from './validate.ts';

/** Signed upload URLs live two hours, as on hosted Supabase. */
const UPLOAD_URL_SECONDS = 2 * 60 * 60;

const signSchema = z.object({ expiresIn: z.coerce.number().int().min(1), transform: z.record(z.string(), z.unknown()).optional() });
const signManySchema = z.object({ expiresIn: z.coerce.number().int().min(1), paths: z.array(z.string()).min(1).max(1000) });

/** Not percent-encoded: storage-js runs encodeURI over base URL + this path. */
const signedPath = (bucketId: string, name: string, token: string) => `/object/sign/${bucketId}/${name}?token=${token}`;

/** POST /object/sign/{bucket}/{name} `{expiresIn}` → `{signedURL}`. */
export async function signOne(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, claims: SupabaseClaims, bucketId: string, name: string): Promise<void> {
  const body = await jsonBody(req, signSchema);
  await mustFindBucket(ctx, bucketId);
  if (!(await selectObject(ctx, claims, bucketId, name))) throw ERRORS.noSuchKey();
  const token = await signJwt({ url: `${bucketId}/${name}`, ...(body.transform ? { transformations: body.transform } : {}) }, ctx.config.jwtSecret, body.expiresIn);
  sendJson(res, 200, { signedURL: signedPath(bucketId, name, token) });
}

/** POST /object/sign/{bucket} `{expiresIn, paths}` → one entry per path, with an error for paths the caller cannot read. */
export async function signMany(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, claims: SupabaseClaims, bucketId: string): Promise<void> {
  const body = await jsonBody(req, signManySchema);
  await mustFindBucket(ctx, bucketId);
  const { rows } = await asCaller(ctx, claims, (db) =>
    db.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucketId, body.paths]),
  );
  const visible = new Set(rows.map((r) => r.name));
  const out = await Promise.all(
    body.paths.map(async (path) => {
      if (!visible.has(path)) return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
      const token = await signJwt({ url: `${bucketId}/${path}` }, ctx.config.jwtSecret, body.expiresIn);
      return { error: null, path, signedURL: signedPath(bucketId, path, token) };
    }),
  );
  sendJson(res, 200, out);
}

/** Verifies a signed-URL token for exactly this bucket and name. */
async function tokenFor(ctx: StorageContext, url: URL, bucketId: string, name: string): Promise<SupabaseClaims> {
  const token = url.searchParams.get('token');
  if (!token) throw ERRORS.invalidSignature('Missing token');
  const payload = await verifyToken(ctx, token);
  if (payload.url !== `${bucketId}/${name}`) throw ERRORS.invalidSignature();
  return payload;
}

/** GET/HEAD /object/sign/{bucket}/{name}?token=: served without API key; the token is the authorisation. */
export async function downloadSigned(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, url: URL, bucketId: string, name: string): Promise<void> {
  const payload = await tokenFor(ctx, url, bucketId, name);
  if (payload.upsert !== undefined) throw ERRORS.invalidSignature('an upload token cannot download');
  const row = await selectObjectUnchecked(ctx, bucketId, name);
  if (!row) throw ERRORS.noSuchKey();
  await sendObject(ctx, req, res, row, url);
}

/** POST /object/upload/sign/{bucket}/{name} (x-upsert honoured here: the token carries it) → relative `{url, token}`. */
export async function signUpload(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, claims: SupabaseClaims, bucketId: string, name: string): Promise<void> {
  await mustFindBucket(ctx, bucketId);
  mustBeValidKey(name);
  const upsert = req.headers['x-upsert'] === 'true';
  await asCaller(ctx, claims, (db) => testUploadPermission(db, bucketId, name, claims.sub, upsert));
  const token = await signJwt({ owner: claims.sub, url: `${bucketId}/${name}`, upsert }, ctx.config.jwtSecret, UPLOAD_URL_SECONDS);
  sendJson(res, 200, { url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token });
}

/**
 * PUT /object/upload/sign/{bucket}/{name}?token=: the token holder uploads on
 * the signer's behalf (owner = signer), past RLS, which the signer passed
 * when the token was issued. Overwriting needs a token issued with upsert;
 * the PUT's own x-upsert has no effect, as storage-js documents.
 */
export async function uploadSigned(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, url: URL, bucketId: string, name: string): Promise<void> {
  const payload = await tokenFor(ctx, url, bucketId, name);
  if (typeof payload.upsert !== 'boolean') throw ERRORS.invalidSignature('a download token cannot upload');
  const bucket = await mustFindBucket(ctx, bucketId);
  const owner = typeof payload.owner === 'string' ? payload.owner : undefined;
  const result = await handleUpload(ctx, req, { bucket, name, upsert: payload.upsert, claims: { role: 'service_role', sub: owner } });
  sendJson(res, 200, result);
}
