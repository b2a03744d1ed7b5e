/**
 * Object operations other than uploads and signing, each run in Postgres as
 * the caller so RLS on storage.objects decides with Supabase's semantics:
 * download/info/exists/list = SELECT, remove = DELETE ... RETURNING (rows the
 * caller cannot see are silently not deleted), move = UPDATE, copy = SELECT +
 * INSERT. Bytes on disk change only after the row change committed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { sendJson } from '../gateway/http.ts';
import type { SupabaseClaims } from '../gateway/jwt.ts';
import { asCaller, findBucket, jsonBody, mustFindBucket, OBJECT_COLUMNS, type ObjectMetadata, type ObjectRow, type StorageContext } from './context.ts';
import { ERRORS } from './errors.ts';
import { neutralContentType } from './mime.ts';
import { sendObject } from './serve.ts';
import { mustFitBucket, writeObjectRow } from './upload.ts';
import { mustBeValidBucketName, mustBeValidKey } from './validate.ts';

export async function selectObject(ctx: StorageContext, claims: SupabaseClaims, bucketId: string, name: string): Promise<ObjectRow | undefined> {
  const { rows } = await asCaller(ctx, claims, (db) => db.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]));
  return rows[0];
}

/** Superuser read, for requests already authorised by a public bucket or a signed token. */
export async function selectObjectUnchecked(ctx: StorageContext, bucketId: string, name: string): Promise<ObjectRow | undefined> {
  const { rows } = await ctx.pool.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]);
  return rows[0];
}

/** GET/HEAD /object/{bucket}/{name} and /object/authenticated/...: the caller must be able to SELECT the row. */
export async function download(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, url: URL, claims: SupabaseClaims, bucketId: string, name: string): Promise<void> {
  await mustFindBucket(ctx, bucketId);
  const row = await selectObject(ctx, claims, bucketId, name);
  if (!row) throw ERRORS.noSuchKey();
  await sendObject(ctx, req, res, row, url);
}

/** GET/HEAD /object/public/{bucket}/{name}: no auth at all, only for buckets marked public. */
export async function downloadPublic(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, url: URL, bucketId: string, name: string): Promise<void> {
  const bucket = await findBucket(ctx, bucketId);
  if (!bucket?.public) throw ERRORS.noSuchBucket();
  const row = await selectObjectUnchecked(ctx, bucketId, name);
  if (!row) throw ERRORS.noSuchKey();
  await sendObject(ctx, req, res, row, url);
}

/** GET /object/info/...: Storage's snake_case object info (storage-js camelCases it). */
export async function info(ctx: StorageContext, res: ServerResponse, claims: SupabaseClaims | 'public', bucketId: string, name: string): Promise<void> {
  const bucket = await findBucket(ctx, bucketId);
  if (!bucket || (claims === 'public' && !bucket.public)) throw ERRORS.noSuchBucket();
  const row = claims === 'public' ? await selectObjectUnchecked(ctx, bucketId, name) : await selectObject(ctx, claims, bucketId, name);
  if (!row) throw ERRORS.noSuchKey();
  sendJson(res, 200, {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype === undefined ? null : neutralContentType(row.metadata.mimetype),
    cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: row.updated_at,
    created_at: row.created_at,
  });
}

const listSchema = z.object({
  prefix: z.string().default(''),
  limit: z.coerce.number().int().min(0).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().default(''),
  sortBy: z.object({ column: z.string().optional(), order: z.string().optional() }).optional(),
});

/** POST /object/list/{bucket}: one folder level through storage.search, folders first with id and metadata null. */
export async function list(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, claims: SupabaseClaims, bucketId: string): Promise<void> {
  const body = await jsonBody(req, listSchema);
  await mustFindBucket(ctx, bucketId);
  // As hosted Storage: a prefix always names a folder.
  const prefix = body.prefix.length > 0 && !body.prefix.endsWith('/') ? `${body.prefix}/` : body.prefix;
  const levels = prefix.split('/').length;
  const { rows } = await asCaller(ctx, claims, (db) =>
    db.query('select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)', [
      prefix,
      bucketId,
      body.limit,
      levels,
      body.offset,
      body.search,
      body.sortBy?.column ?? 'name',
      (body.sortBy?.order ?? 'asc').toLowerCase(),
    ]),
  );
  sendJson(res, 200, rows);
}

const removeSchema = z.object({ prefixes: z.array(z.string()).min(1).max(1000) });

/** DELETE /object/{bucket} `{prefixes}`: deletes what the caller's policies let it delete and returns those rows. */
export async function removeMany(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, claims: SupabaseClaims, bucketId: string): Promise<void> {
  const { prefixes } = await jsonBody(req, removeSchema);
  await mustFindBucket(ctx, bucketId);
  const deleted = await removeRows(ctx, claims, bucketId, prefixes);
  sendJson(res, 200, deleted);
}

/** DELETE /object/{bucket}/{name}. */
export async function removeOne(ctx: StorageContext, res: ServerResponse, claims: SupabaseClaims, bucketId: string, name: string): Promise<void> {
  await mustFindBucket(ctx, bucketId);
  const deleted = await removeRows(ctx, claims, bucketId, [name]);
  if (deleted.length === 0) throw ERRORS.noSuchKey();
  sendJson(res, 200, { message: 'Successfully deleted' });
}

async function removeRows(ctx: StorageContext, claims: SupabaseClaims, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  return ctx.locks.with(
    names.map((n) => `${bucketId}/${n}`),
    async () => {
      const { rows } = await asCaller(ctx, claims, (db) =>
        db.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`, [bucketId, names]),
      );
      // The rows are gone (committed); now the bytes.
      await ctx.disk.remove(bucketId, rows.map((r) => r.id));
      return rows;
    },
  );
}

const moveSchema = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().nullish(),
});

async function moveTargets(ctx: StorageContext, req: IncomingMessage) {
  const body = await jsonBody(req, moveSchema);
  const from = { bucket: mustBeValidBucketName(body.bucketId), key: mustBeValidKey(body.sourceKey) };
  const to = { bucket: mustBeValidBucketName(body.destinationBucket || body.bucketId), key: mustBeValidKey(body.destinationKey) };
  await mustFindBucket(ctx, from.bucket);
  // The object lands in the destination bucket, so that bucket's type and size rules decide.
  const destination = await mustFindBucket(ctx, to.bucket);
  return { from, to, destination };
}

/** An object's type and size as a bucket rule sees them (a row written by SQL may have no metadata). */
const ruleView = (metadata: ObjectMetadata | null) => ({ mimetype: metadata?.mimetype ?? 'application/octet-stream', size: metadata?.size ?? 0 });

/** POST /object/move: an UPDATE of the row as the caller (select + update policies); the file follows only across buckets. */
export async function move(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, claims: SupabaseClaims): Promise<void> {
  const { from, to, destination } = await moveTargets(ctx, req);
  await ctx.locks.with([`${from.bucket}/${from.key}`, `${to.bucket}/${to.key}`], async () => {
    const id = await asCaller(ctx, claims, async (db) => {
      const { rows } = await db.query<{ id: string; metadata: ObjectMetadata | null }>(
        'update storage.objects set bucket_id = $3, name = $4, last_accessed_at = now() where bucket_id = $1 and name = $2 returning id, metadata',
        [from.bucket, from.key, to.bucket, to.key],
      );
      if (rows.length === 0) throw ERRORS.noSuchKey();
      // Thrown inside the transaction: a refused move leaves the row where it was.
      mustFitBucket(ctx, destination, ruleView(rows[0]!.metadata));
      return rows[0]!.id;
    });
    await ctx.disk.moveBetweenBuckets(id, from.bucket, to.bucket);
  });
  sendJson(res, 200, { message: 'Successfully moved' });
}

/** POST /object/copy: SELECT the source and INSERT the copy as the caller (owned by the caller); bytes copied to a temp file, placed after commit. */
export async function copy(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, claims: SupabaseClaims): Promise<void> {
  const { from, to, destination } = await moveTargets(ctx, req);
  let temp: string | undefined;
  let placed = false;
  try {
    const id = await ctx.locks.with([`${to.bucket}/${to.key}`], async () => {
      const newId = await asCaller(ctx, claims, async (db) => {
        const { rows } = await db.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [from.bucket, from.key]);
        const source = rows[0];
        if (!source?.metadata) throw ERRORS.noSuchKey();
        mustFitBucket(ctx, destination, ruleView(source.metadata));
        temp = await ctx.disk.copyToTemp(from.bucket, source.id, to.bucket).catch(() => {
          throw ERRORS.noSuchKey();
        });
        const metadata = { ...source.metadata, mimetype: neutralContentType(source.metadata.mimetype), lastModified: new Date().toISOString() };
        return writeObjectRow(db, { bucketId: to.bucket, name: to.key, metadata, userMetadata: source.user_metadata, owner: claims.sub }, false);
      });
      await ctx.disk.place(temp!, to.bucket, newId);
      placed = true;
      return newId;
    });
    sendJson(res, 200, { Id: id, Key: `${to.bucket}/${to.key}` });
  } finally {
    if (!placed) await ctx.disk.discard(temp);
  }
}
