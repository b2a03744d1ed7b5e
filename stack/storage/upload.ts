/**
 * Uploads (POST/PUT /object/..., PUT /object/upload/sign/...): stream the body
 * to a temporary file (size limit enforced while it arrives, mime type checked
 * before the first byte is written), write the row in the caller's
 * transaction so RLS decides, and only after commit rename the bytes into
 * place. Any failure deletes the temporary file: a refused, oversized,
 * wrong-type or interrupted upload leaves neither bytes nor a row.
 */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import type { SupabaseClaims } from '../gateway/jwt.ts';
import { asCaller, globalFileSizeLimit, type BucketRow, type ObjectMetadata, type StorageContext } from './context.ts';
import { ERRORS } from './errors.ts';
import { boundaryOf, MultipartParser, type PartSink } from './multipart.ts';
import { mustBeAllowedMediaType, neutralContentType, parseMediaType } from './mime.ts';
import { ownerColumns } from './validate.ts';

/** How much of a refused body we still read (to answer with a proper error instead of a reset connection). */
const DRAIN_LIMIT = 512 * 1024 * 1024;
const FIELD_LIMIT = 64 * 1024;

interface Received {
  size: number;
  eTag: string;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/**
 * Feeds every chunk to `onChunk`. After a failure it keeps reading (and
 * dropping) the rest, because answering before the client finished sending
 * makes fetch report a broken connection instead of our error.
 */
async function consume(req: IncomingMessage, onChunk: (chunk: Buffer) => Promise<void>, initialFailure?: unknown): Promise<void> {
  let failure = initialFailure;
  let dropped = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      if (failure === undefined) {
        try {
          await onChunk(chunk);
        } catch (error) {
          failure = error;
        }
      } else if ((dropped += chunk.length) > DRAIN_LIMIT) {
        break;
      }
    }
  } catch {
    // The client went away mid-body ("aborted"); nobody is left to answer.
    throw ERRORS.invalidRequest('upload interrupted');
  }
  if (failure !== undefined) throw failure;
  if (!req.complete) throw ERRORS.invalidRequest('upload interrupted');
}

function parseUserMetadata(json: string | undefined): Record<string, unknown> | null {
  if (json === undefined || json === '') return null;
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw ERRORS.invalidRequest('metadata must be a JSON object');
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The most bytes an object in this bucket may have: its own limit, within config.toml's global one. */
export function bucketSizeLimit(ctx: StorageContext, bucket: BucketRow): number {
  const global = globalFileSizeLimit(ctx.config);
  return bucket.file_size_limit ? Math.min(bucket.file_size_limit, global) : global;
}

/**
 * The type an upload is stored with, after the bucket's rules: exactly one
 * well-formed media type the bucket allows, with text/html neutralised.
 */
function acceptedType(contentType: string, bucket: BucketRow): string {
  mustBeAllowedMediaType(contentType, bucket.allowed_mime_types);
  return neutralContentType(contentType);
}

/** Move and copy put an existing object into a bucket: it must meet that bucket's type and size rules as an upload would. */
export function mustFitBucket(ctx: StorageContext, bucket: BucketRow, metadata: Pick<ObjectMetadata, 'mimetype' | 'size'>): void {
  acceptedType(metadata.mimetype, bucket);
  if (metadata.size > bucketSizeLimit(ctx, bucket)) throw ERRORS.entityTooLarge();
}

async function receive(ctx: StorageContext, req: IncomingMessage, bucket: BucketRow, temp: string): Promise<Received> {
  const limit = bucketSizeLimit(ctx, bucket);
  const contentType = header(req, 'content-type');
  let writer: Awaited<ReturnType<StorageContext['disk']['writer']>> | undefined;
  try {
    if (parseMediaType(contentType)?.essence === 'multipart/form-data') {
      const boundary = boundaryOf(contentType!);
      if (!boundary) throw ERRORS.invalidRequest('multipart body without a boundary');
      const fields = new Map<string, string>();
      let file: { mimetype: string; size: number; eTag: string } | undefined;
      let fileSeen = false;
      const parser = new MultipartParser(boundary, async (part): Promise<PartSink> => {
        // storage-js names the file part "" (filename "blob"); any part with a filename counts, the first one wins.
        if (part.filename !== undefined || part.name === '') {
          if (fileSeen) return { write: async () => undefined, end: async () => undefined };
          fileSeen = true;
          // A part without a Content-Type is text/plain (RFC 7578); one with an empty or malformed one is refused.
          const mimetype = acceptedType(part.contentType ?? 'text/plain', bucket);
          const w = (writer = await ctx.disk.writer(temp, limit));
          return { write: (chunk) => w.write(chunk), end: async () => void (file = { mimetype, ...(await w.finish()) }) };
        }
        const chunks: Buffer[] = [];
        let size = 0;
        return {
          write: async (chunk) => {
            if ((size += chunk.length) > FIELD_LIMIT) throw ERRORS.invalidRequest(`form field ${part.name} too large`);
            chunks.push(chunk);
          },
          end: async () => void fields.set(part.name, Buffer.concat(chunks).toString('utf8')),
        };
      });
      await consume(req, (chunk) => parser.push(chunk));
      parser.end();
      if (!file) throw ERRORS.noContent();
      const cacheSeconds = Number.parseInt(fields.get('cacheControl') ?? '', 10);
      return {
        ...file,
        cacheControl: Number.isFinite(cacheSeconds) ? `max-age=${cacheSeconds}` : 'no-cache',
        userMetadata: parseUserMetadata(fields.get('metadata')),
      };
    }

    // A raw body: Buffer, ArrayBuffer, string or stream from storage-js. No
    // header at all means bytes, as on hosted Storage; an empty one is malformed.
    let mimetype = 'application/octet-stream';
    let early: unknown;
    try {
      mimetype = acceptedType(contentType ?? mimetype, bucket);
      if (Number(header(req, 'content-length') ?? 0) > limit) throw ERRORS.entityTooLarge();
    } catch (error) {
      early = error;
    }
    const w = early ? undefined : (writer = await ctx.disk.writer(temp, limit));
    await consume(req, (chunk) => w!.write(chunk), early);
    const written = await w!.finish();
    const xMetadata = header(req, 'x-metadata');
    return {
      mimetype,
      ...written,
      cacheControl: header(req, 'cache-control') ?? 'no-cache',
      userMetadata: parseUserMetadata(xMetadata === undefined ? undefined : Buffer.from(xMetadata, 'base64').toString('utf8')),
    };
  } finally {
    await writer?.close();
  }
}

export function metadataOf(received: Pick<Received, 'size' | 'eTag' | 'mimetype' | 'cacheControl'>): ObjectMetadata {
  return {
    eTag: received.eTag,
    size: received.size,
    mimetype: received.mimetype,
    cacheControl: received.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: received.size,
    httpStatusCode: 200,
  };
}

export interface ObjectWrite {
  bucketId: string;
  name: string;
  metadata: ObjectMetadata;
  userMetadata: Record<string, unknown> | null;
  owner: string | undefined;
}

/**
 * The row write of an upload, as the caller: a plain INSERT (needs an insert
 * policy only, hence no RETURNING, which would also need a select policy), or
 * with upsert INSERT ... ON CONFLICT DO UPDATE, which Postgres allows only
 * when insert, select and update policies all pass, as Supabase documents.
 * Returns the row's id (an overwrite keeps the existing id).
 */
export async function writeObjectRow(db: pg.PoolClient, w: ObjectWrite, upsert: boolean): Promise<string> {
  const id = crypto.randomUUID();
  const { owner, ownerId } = ownerColumns(w.owner);
  const values = [id, w.bucketId, w.name, owner, ownerId, JSON.stringify(w.metadata), crypto.randomUUID(), w.userMetadata === null ? null : JSON.stringify(w.userMetadata)];
  const insert = 'insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version, user_metadata) values ($1, $2, $3, $4, $5, $6, $7, $8)';
  if (!upsert) {
    await db.query(insert, values);
    return id;
  }
  const { rows } = await db.query<{ id: string }>(
    `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
       version = excluded.version, user_metadata = excluded.user_metadata, last_accessed_at = now() returning id`,
    values,
  );
  return rows[0]!.id;
}

/** Checks, without writing anything, that the caller's policies would let this upload through (for signed upload URLs). */
export async function testUploadPermission(db: pg.PoolClient, bucketId: string, name: string, owner: string | undefined, upsert: boolean): Promise<void> {
  await db.query('savepoint storage_permission_check');
  await writeObjectRow(db, { bucketId, name, owner, userMetadata: null, metadata: metadataOf({ size: 0, eTag: '""', mimetype: 'application/octet-stream', cacheControl: 'no-cache' }) }, upsert);
  await db.query('rollback to savepoint storage_permission_check');
}

export interface UploadRequest {
  bucket: BucketRow;
  name: string;
  upsert: boolean;
  /** Claims the row is written with (the caller's, or service_role + the signer's sub for signed upload URLs). */
  claims: SupabaseClaims;
}

export async function handleUpload(ctx: StorageContext, req: IncomingMessage, up: UploadRequest): Promise<{ Id: string; Key: string }> {
  const temp = await ctx.disk.tempFile(up.bucket.id);
  let placed = false;
  try {
    const received = await receive(ctx, req, up.bucket, temp);
    const write: ObjectWrite = { bucketId: up.bucket.id, name: up.name, metadata: metadataOf(received), userMetadata: received.userMetadata, owner: up.claims.sub };
    const id = await ctx.locks.with([`${up.bucket.id}/${up.name}`], async () => {
      const objectId = await asCaller(ctx, up.claims, (db) => writeObjectRow(db, write, up.upsert));
      // Only now, after commit: a rolled-back row never gets bytes.
      await ctx.disk.place(temp, up.bucket.id, objectId);
      placed = true;
      return objectId;
    });
    return { Id: id, Key: `${up.bucket.id}/${up.name}` };
  } finally {
    if (!placed) await ctx.disk.discard(temp);
  }
}
