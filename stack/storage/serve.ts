/**
 * Sending an object's bytes: the headers hosted Storage sends (type, length,
 * ETag, Last-Modified, Cache-Control), conditional GET, a single byte Range
 * (206 / 416), and `?download[=name]` as an attachment.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ObjectRow, StorageContext } from './context.ts';
import { ERRORS } from './errors.ts';
import { neutralContentType } from './mime.ts';

function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Multiple ranges or another unit: serve the whole object, as HTTP allows.
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export async function sendObject(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, row: ObjectRow, url: URL): Promise<void> {
  const file = ctx.disk.objectPath(row.bucket_id, row.id);
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    // A row without bytes (e.g. inserted with SQL) is, to the client, a missing object.
    throw ERRORS.noSuchKey();
  }
  const meta = row.metadata;
  const size = stat.size;
  const headers: Record<string, string> = {
    // Never text/html, never an unparsed value: objects are user content served from the API's origin.
    'Content-Type': neutralContentType(meta?.mimetype),
    'Cache-Control': meta?.cacheControl ?? 'no-cache',
    'Accept-Ranges': 'bytes',
    'Last-Modified': new Date(row.updated_at ?? stat.mtime).toUTCString(),
  };
  if (meta?.eTag) headers.ETag = meta.eTag;
  if (url.searchParams.has('download')) {
    const given = url.searchParams.get('download');
    headers['Content-Disposition'] = attachment(given || row.name.split('/').pop() || row.name);
  }

  if (meta?.eTag && req.headers['if-none-match'] === meta.eTag) {
    res.writeHead(304, headers).end();
    return;
  }

  const range = parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'Content-Range': `bytes */${size}`, 'Content-Type': 'application/json' });
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(ERRORS.invalidRange().body()));
    return;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const length = size === 0 ? 0 : end - start + 1;
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
  headers['Content-Length'] = String(length);
  res.writeHead(range ? 206 : 200, headers);
  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    const stream = fs.createReadStream(file, { start, end });
    stream.on('error', () => {
      res.destroy();
      resolve();
    });
    res.on('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  });
}
