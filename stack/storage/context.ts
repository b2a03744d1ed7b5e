/**
 * What every storage handler shares: the pool, the disk, who the caller is
 * (verified JWT claims) and running SQL as that caller, so that RLS policies
 * on storage.objects and storage.buckets decide as on hosted Supabase.
 */
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { z } from 'zod';
import type { StackConfig } from '../config.ts';
import { readProjectConfig } from '../project-config.ts';
import { withClaims } from '../gateway/db.ts';
import { apiKey, bearerToken, readJson } from '../gateway/http.ts';
import { JwtError, verifyJwt, type SupabaseClaims } from '../gateway/jwt.ts';
import type { Logger } from '../log.ts';
import type { Disk, KeyLocks } from './disk.ts';
import { ERRORS, StorageError } from './errors.ts';


export interface StorageContext {
  config: StackConfig;
  pool: pg.Pool;
  log: Logger;
  disk: Disk;
  locks: KeyLocks;
}

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  type: string;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

export const BUCKET_COLUMNS = 'id, name, owner, public, type, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at';

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

export const OBJECT_COLUMNS = 'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

/**
 * The caller's claims: the bearer token, or the API key when there is none
 * (as Kong forwards it on hosted Supabase). A token that does not verify is
 * refused rather than downgraded to anon.
 */
export async function callerClaims(ctx: StorageContext, req: IncomingMessage, url: URL): Promise<SupabaseClaims> {
  const token = bearerToken(req) ?? apiKey(req, url);
  if (!token) throw ERRORS.missingAuth();
  return verifyToken(ctx, token);
}

export async function verifyToken(ctx: StorageContext, token: string): Promise<SupabaseClaims> {
  try {
    return await verifyJwt(token, ctx.config.jwtSecret);
  } catch (error) {
    if (error instanceof JwtError) throw ERRORS.invalidJwt(error.expired ? 'jwt expired' : 'invalid signature');
    throw error;
  }
}

/**
 * Runs `work` in one transaction as the caller's role and claims (service_role
 * bypasses RLS). Like hosted Storage, every such transaction sets
 * storage.allow_delete_query, which storage.protect_delete() requires of
 * deletes from storage.objects and storage.buckets.
 */
export function asCaller<T>(ctx: StorageContext, claims: SupabaseClaims, work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
  return withClaims(ctx.pool, claims, work, { 'storage.allow_delete_query': 'true' });
}

/**
 * Bucket settings for object operations are read as supabase_storage_admin, as
 * hosted Storage does: apps rarely have select policies on storage.buckets,
 * and an object's own policies decide access to it.
 */
export async function findBucket(ctx: StorageContext, id: string): Promise<BucketRow | undefined> {
  const { rows } = await ctx.pool.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
  return rows[0];
}

export async function mustFindBucket(ctx: StorageContext, id: string): Promise<BucketRow> {
  const bucket = await findBucket(ctx, id);
  if (!bucket) throw ERRORS.noSuchBucket();
  return bucket;
}

/** The global upload limit from config.toml (`[storage] file_size_limit`), read per upload so edits apply at once. */
export function globalFileSizeLimit(config: StackConfig): number {
  return readProjectConfig(config).storageFileSizeLimit;
}

/** Reads and validates a JSON body; a body that does not parse or match is a 400 in Storage's shape. */
export async function jsonBody<S extends z.ZodType>(req: IncomingMessage, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await readJson(req, 1024 * 1024);
  } catch {
    throw ERRORS.invalidRequest('body must be valid JSON');
  }
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw ERRORS.invalidRequest(`body/${issue?.path.join('/') ?? ''} ${issue?.message ?? 'is invalid'}`);
  }
  return parsed.data;
}

export function isStorageError(error: unknown): error is StorageError {
  return error instanceof StorageError;
}
