/**
 * Storage API errors in Supabase Storage's shape. storage-js turns any non-2xx
 * answer into a StorageApiError (message ← body.message, statusCode ←
 * body.statusCode), so the body mirrors hosted Storage's `render()`:
 * `{statusCode:"404", code, error:"not_found", message:"Object not found"}`.
 * Unlike hosted Storage (which answers most errors with HTTP 400), the HTTP
 * status here equals `statusCode`, which storage-js handles the same way
 * (`exists()` treats both 400 and 404 as "does not exist").
 */
import type { ServerResponse } from 'node:http';
import { sendJson } from '../gateway/http.ts';

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  body() {
    return { statusCode: String(this.status), code: this.code, error: this.error, message: this.message };
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  bucketNotEmpty: () => new StorageError(409, 'ResourceNotEmpty', 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  duplicate: () => new StorageError(409, 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists'),
  keyExists: () => new StorageError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  accessDenied: (message = 'new row violates row-level security policy') => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: (message = 'The url do not match the signature') => new StorageError(400, 'InvalidSignature', 'InvalidSignature', message),
  missingAuth: () => new StorageError(400, 'InvalidRequest', 'Unauthorized', "headers must have required property 'authorization'"),
  entityTooLarge: () => new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMimeType: (mime: string) => new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mime} is not supported`),
  invalidContentType: () => new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', 'Invalid Content-Type header'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  invalidFileSizeLimit: () => new StorageError(400, 'InvalidRequest', 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
  invalidRange: () => new StorageError(416, 'InvalidRange', 'invalid_range', 'invalid range provided'),
  noContent: () => new StorageError(400, 'InvalidRequest', 'InvalidRequest', 'No content provided'),
  notFound: () => new StorageError(404, 'NotFound', 'not_found', 'Route not found'),
};

interface PgLikeError {
  code?: string;
  message?: string;
  constraint?: string;
}

/** Maps what Postgres said (RLS, constraints) to the error hosted Storage gives for it. */
export function fromDatabase(error: unknown): StorageError | undefined {
  const e = error as PgLikeError;
  switch (e?.code) {
    case '42501': // insufficient_privilege: an RLS check failed
      return ERRORS.accessDenied(e.message?.startsWith('new row violates row-level security policy') ? 'new row violates row-level security policy' : e.message);
    case '23505': // unique_violation
      return e.constraint === 'bname' || e.constraint === 'buckets_pkey' ? ERRORS.duplicate() : ERRORS.keyExists();
    case '23503': // foreign_key_violation: objects still reference the bucket
      return ERRORS.bucketNotEmpty();
    case '23514': // check_violation
    case '22P02': // invalid_text_representation (e.g. an unknown bucket type)
      return ERRORS.invalidRequest(e.message ?? 'invalid input');
    default:
      return undefined;
  }
}

export function sendError(res: ServerResponse, error: StorageError): void {
  sendJson(res, error.status, error.body());
}
