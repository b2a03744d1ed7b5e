/**
 * Bucket management (/bucket...). Everything runs as the caller, so in
 * practice it is for the service role; other roles get what their policies
 * on storage.buckets allow (none by default, as on hosted Supabase).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { sendJson } from '../gateway/http.ts';
import type { SupabaseClaims } from '../gateway/jwt.ts';
import { asCaller, BUCKET_COLUMNS, jsonBody, type BucketRow, type StorageContext } from './context.ts';
import { ERRORS } from './errors.ts';
import { mustBeValidBucketName, ownerColumns, parseFileSize } from './validate.ts';

const sizeLimit = z.union([z.number(), z.string()]).nullish();
const mimeTypes = z.array(z.string()).nullish();

const createSchema = z.object({
  id: z.string().optional(),
  name: z.string(),
  public: z.boolean().nullish(),
  file_size_limit: sizeLimit,
  allowed_mime_types: mimeTypes,
  type: z.string().nullish(),
});

const updateSchema = z.object({
  public: z.boolean().nullish(),
  file_size_limit: sizeLimit,
  allowed_mime_types: mimeTypes,
});

/** Hosted Storage's check of allowed_mime_types entries (`image/png`, `image/*`). */
const MIME_ENTRY = /^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+|\*)(;\s*charset=[a-zA-Z0-9-]+)?$|^\*$/;

function mimeList(value: string[] | null | undefined): string[] | null {
  if (!value || value.length === 0) return null;
  for (const entry of value) if (!MIME_ENTRY.test(entry)) throw ERRORS.invalidMimeType(entry);
  return value;
}

function sizeOrNull(value: number | string | null | undefined): number | null {
  return value === null || value === undefined || value === '' ? null : parseFileSize(value) || null;
}

/** GET /bucket?limit&offset&search&sortColumn&sortOrder. */
export async function listBuckets(ctx: StorageContext, res: ServerResponse, url: URL, claims: SupabaseClaims): Promise<void> {
  const q = url.searchParams;
  const column = ['id', 'name', 'created_at', 'updated_at'].includes(q.get('sortColumn') ?? '') ? q.get('sortColumn')! : 'name';
  const order = q.get('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const limit = Number.parseInt(q.get('limit') ?? '', 10);
  const offset = Number.parseInt(q.get('offset') ?? '', 10);
  const search = q.get('search') ?? '';
  const { rows } = await asCaller(ctx, claims, (db) =>
    db.query<BucketRow>(
      // column and order come from the allow-lists above, never from the request verbatim.
      `select ${BUCKET_COLUMNS} from storage.buckets where ($1 = '' or name ilike '%' || $1 || '%')
       order by ${column} ${order} limit $2 offset $3`,
      [search, Number.isFinite(limit) && limit >= 0 ? limit : null, Number.isFinite(offset) && offset >= 0 ? offset : 0],
    ),
  );
  sendJson(res, 200, rows);
}

/** GET /bucket/{id}. */
export async function getBucket(ctx: StorageContext, res: ServerResponse, claims: SupabaseClaims, id: string): Promise<void> {
  const { rows } = await asCaller(ctx, claims, (db) => db.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]));
  if (!rows[0]) throw ERRORS.noSuchBucket();
  sendJson(res, 200, rows[0]);
}

/** POST /bucket → `{name}`. An INSERT without RETURNING, so an insert policy alone suffices. */
export async function createBucket(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, claims: SupabaseClaims): Promise<void> {
  const body = await jsonBody(req, createSchema);
  const name = mustBeValidBucketName(body.name);
  const id = mustBeValidBucketName(body.id ?? body.name);
  const { owner, ownerId } = ownerColumns(claims.sub);
  await asCaller(ctx, claims, (db) =>
    db.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
       values ($1, $2, $3, $4, $5, $6, $7, coalesce($8, 'STANDARD')::storage.buckettype)`,
      [id, name, owner, ownerId, body.public ?? false, sizeOrNull(body.file_size_limit), mimeList(body.allowed_mime_types), body.type ?? null],
    ),
  );
  sendJson(res, 200, { name });
}

/** PUT /bucket/{id}: sets the fields present in the body (null clears a limit). */
export async function updateBucket(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, claims: SupabaseClaims, id: string): Promise<void> {
  const body = await jsonBody(req, updateSchema);
  const sets: string[] = ['updated_at = now()'];
  const values: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (body.public !== undefined && body.public !== null) set('public', body.public);
  if (body.file_size_limit !== undefined) set('file_size_limit', sizeOrNull(body.file_size_limit));
  if (body.allowed_mime_types !== undefined) set('allowed_mime_types', mimeList(body.allowed_mime_types));
  const { rowCount } = await asCaller(ctx, claims, (db) => db.query(`update storage.buckets set ${sets.join(', ')} where id = $1`, values));
  if (!rowCount) throw ERRORS.noSuchBucket();
  sendJson(res, 200, { message: 'Successfully updated' });
}

/** POST /bucket/{id}/empty: deletes the objects the caller may delete, then their bytes. */
export async function emptyBucket(ctx: StorageContext, res: ServerResponse, claims: SupabaseClaims, id: string): Promise<void> {
  const ids = await asCaller(ctx, claims, async (db) => {
    const bucket = await db.query('select 1 from storage.buckets where id = $1', [id]);
    if (!bucket.rowCount) throw ERRORS.noSuchBucket();
    const { rows } = await db.query<{ id: string }>('delete from storage.objects where bucket_id = $1 returning id', [id]);
    return rows.map((r) => r.id);
  });
  await ctx.disk.remove(id, ids);
  sendJson(res, 200, { message: 'Successfully emptied' });
}

/** DELETE /bucket/{id}: refused (409) while objects remain, through the objects → buckets foreign key. */
export async function deleteBucket(ctx: StorageContext, res: ServerResponse, claims: SupabaseClaims, id: string): Promise<void> {
  const { rowCount } = await asCaller(ctx, claims, (db) => db.query('delete from storage.buckets where id = $1', [id]));
  if (!rowCount) throw ERRORS.noSuchBucket();
  await ctx.disk.removeBucket(id);
  sendJson(res, 200, { message: 'Successfully deleted' });
}
