/**
 * Files of the `/api` surface: multipart uploads go to Storage AS THE CALLER
 * (so the buckets' policies decide, as for the app), with the app's bucket
 * rules checked first for a clear 400 (type) or 413 (size) — the same rules as
 * src/lib/storage-buckets.ts and the upload features (types, sizes, paths
 * `listings/<listing_id>/…`, `teams/<coordinator_id>/…`, `<account_id>/…`).
 * A row that cannot be written after an upload removes the object again.
 */
import { z } from '../_shared/deps.ts';
import { HttpError } from '../_shared/http.ts';
import type { Caller } from './session.ts';

const MB = 1024 * 1024;

/** Extension → media type of the document buckets (the app's DOCUMENT_MIME_TYPES). */
const DOCUMENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

/** Image and audio types by extension, for clients that send no type. */
const MEDIA_TYPES: Record<string, string> = {
  ...DOCUMENT_TYPES,
  webp: 'image/webp',
  wav: 'audio/wav',
  webm: 'audio/webm',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
};

/** One bucket's upload rule: which types it stores and how large a file may be. */
export interface BucketRule {
  bucket: string;
  maxBytes: number;
  /** Shown in the refusal. */
  accepted: string;
  /** The content type to store the file with, or null when the bucket refuses it. */
  contentType(file: File): string | null;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Documents are typed by their extension (the spec's accepted list), never by what the client claims. */
function documentRule(bucket: string, extensions: string[]): BucketRule {
  return {
    bucket,
    maxBytes: 25 * MB,
    accepted: extensions.map((e) => `.${e}`).join(', '),
    contentType: (file) => (extensions.includes(extensionOf(file.name)) ? DOCUMENT_TYPES[extensionOf(file.name)] : null),
  };
}

/** Media buckets take exactly one type of the family (a list such as `image/png, text/html` is no type). */
function mediaRule(bucket: string, maxBytes: number, accepted: string, allowed: (type: string) => boolean): BucketRule {
  return {
    bucket,
    maxBytes,
    accepted,
    contentType(file) {
      const declared = file.type.split(';')[0].trim().toLowerCase();
      const type = /^[a-z]+\/[a-z0-9.+-]+$/.test(declared) && declared !== 'application/octet-stream' ? declared : (MEDIA_TYPES[extensionOf(file.name)] ?? '');
      return type && allowed(type) ? type : null;
    },
  };
}

export const BUCKET_RULES = {
  listingDocuments: documentRule('listing-documents', ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'gif', 'txt', 'xlsx', 'xls']),
  teamDocuments: documentRule('team-documents', ['pdf', 'doc', 'docx', 'txt', 'jpg', 'jpeg', 'png']),
  listingPhotos: mediaRule('listing-photos', 10 * MB, 'images', (t) => t.startsWith('image/')),
  voiceRecordings: mediaRule('voice-recordings', 10 * MB, 'audio', (t) => t.startsWith('audio/')),
  avatars: mediaRule('avatars', 5 * MB, 'JPEG, PNG or WebP images', (t) => ['image/jpeg', 'image/png', 'image/webp'].includes(t)),
} satisfies Record<string, BucketRule>;

function formatSize(bytes: number): string {
  return bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** The content type to store `file` with, or the refusal: 400 for an empty file or a type the bucket refuses, 413 when too large. */
export function acceptFile(field: string, file: File, rule: BucketRule): string {
  if (file.size === 0) throw new HttpError(400, 'invalid_input', `Invalid body: ${field}: "${file.name}" is empty`);
  const type = rule.contentType(file);
  if (!type) throw new HttpError(400, 'invalid_input', `Invalid body: ${field}: "${file.name}" is not an accepted file type. Accepted: ${rule.accepted}`);
  if (file.size > rule.maxBytes) {
    throw new HttpError(413, 'payload_too_large', `${field}: "${file.name}" (${formatSize(file.size)}) is larger than the ${formatSize(rule.maxBytes)} limit`);
  }
  return type;
}

/** A multipart field holding one file. */
export const fileField = (field: string) => z.instanceof(File, { message: `${field} must be a file` });

/** A multipart field holding one or more files (always answered as a list). */
export const filesField = (field: string) =>
  z.union([fileField(field).transform((f) => [f]), z.array(fileField(field)).min(1).max(20)]);

/** A unique object name under `prefix` that keeps the original file name readable (the app's objectPathFor). */
export function objectPathFor(prefix: string, fileName: string): string {
  const safe = fileName.replace(/[^\w.-]+/g, '_').slice(-120) || 'file';
  return `${prefix}/${crypto.randomUUID()}-${safe}`;
}

interface StorageFailure {
  message: string;
  statusCode?: string;
  status?: number;
}

/** Storage's refusal as the caller should see it (hosted Storage answers most errors 400 with the real code in statusCode). */
function storageFailure(error: StorageFailure): HttpError | Error {
  const status = Number(error.statusCode ?? error.status);
  if (status === 403 || /row-level security/i.test(error.message)) return new HttpError(403, 'forbidden', 'You may not store files here');
  if (status === 413) return new HttpError(413, 'payload_too_large', error.message);
  if (status === 415) return new HttpError(400, 'invalid_input', error.message);
  if (status === 404) return new HttpError(404, 'not_found', 'Not found');
  if (status === 409) return new HttpError(409, 'conflict', error.message);
  return new Error(`storage call failed (${status}): ${error.message}`);
}

export interface Upload {
  bucket: string;
  path: string;
  file: File;
  contentType: string;
}

/** Stores the file as the caller (the bucket's policies decide). */
export async function uploadAsCaller(caller: Caller, upload: Upload): Promise<void> {
  // The bytes, not the File: storage-js would send a File as a multipart part typed by the client, not as the type checked here.
  const bytes = new Uint8Array(await upload.file.arrayBuffer());
  const { error } = await caller.db.storage.from(upload.bucket).upload(upload.path, bytes, { contentType: upload.contentType, upsert: false });
  if (error) throw storageFailure(error as StorageFailure);
}

/** Best-effort removal (undoing an upload, or a deleted row's file); a leftover costs space, not privacy. */
export async function removeObjects(caller: Caller, bucket: string, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  const { error } = await caller.db.storage.from(bucket).remove(paths);
  if (error) console.warn(`could not remove ${paths.join(', ')} from ${bucket}: ${error.message}`);
}

/** Uploads the files, then writes what records them; when that fails the uploads are removed again. */
export async function uploadThenRecord<T>(caller: Caller, uploads: Upload[], record: () => Promise<T>): Promise<T> {
  const done: Upload[] = [];
  try {
    for (const upload of uploads) {
      await uploadAsCaller(caller, upload);
      done.push(upload);
    }
    return await record();
  } catch (error) {
    for (const bucket of new Set(done.map((u) => u.bucket))) {
      await removeObjects(caller, bucket, done.filter((u) => u.bucket === bucket).map((u) => u.path));
    }
    throw error;
  }
}
