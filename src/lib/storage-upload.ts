import { env } from '@/config/env';
import { ApiError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

/**
 * Uploads one file to Storage as the signed-in user, reporting progress.
 * storage-js uploads through fetch, which has no upload progress, so this
 * speaks the same endpoint (POST /storage/v1/object/<bucket>/<path>) with
 * XMLHttpRequest. The bucket's own type and size limits still decide; its
 * refusal comes back as an ApiError with the server's message.
 */
export async function uploadWithProgress(options: {
  bucket: string;
  path: string;
  file: Blob;
  contentType?: string;
  onProgress?: (percent: number) => void;
}): Promise<void> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new ApiError(401, 'Unauthorized');
  const encodedPath = options.path.split('/').map(encodeURIComponent).join('/');
  const url = `${env.VITE_SUPABASE_URL}/storage/v1/object/${options.bucket}/${encodedPath}`;

  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('apikey', env.VITE_SUPABASE_ANON_KEY);
    xhr.setRequestHeader('Content-Type', options.contentType || options.file.type || 'application/octet-stream');
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(100);
        resolve();
        return;
      }
      reject(new ApiError(xhr.status, storageErrorMessage(xhr.responseText)));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error while uploading'));
    xhr.send(options.file);
  });
}

/** Storage answers `{ statusCode, error, message }`; the message is what a person can act on. */
function storageErrorMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
    if (typeof parsed.error === 'string') return parsed.error;
  } catch {
    // Not JSON: use the text.
  }
  return body;
}

/**
 * Uploads a file, then writes the row that records it. When the row cannot be
 * written the file is removed again, so a failure leaves neither half behind.
 */
export async function uploadThenRecord<T>(upload: Parameters<typeof uploadWithProgress>[0], record: () => Promise<T>): Promise<T> {
  await uploadWithProgress(upload);
  try {
    return await record();
  } catch (error) {
    await removeObjects(upload.bucket, [upload.path]);
    throw error;
  }
}

/** A unique object name that keeps the original file name readable. */
export function objectPathFor(prefix: string, fileName: string): string {
  const safe = fileName.replace(/[^\w.-]+/g, '_').slice(-120) || 'file';
  return `${prefix}/${crypto.randomUUID()}-${safe}`;
}

/** Best-effort removal used to undo an upload whose database row could not be written. */
export async function removeObjects(bucket: string, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  await supabase.storage.from(bucket).remove(paths);
}
