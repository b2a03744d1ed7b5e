/**
 * Small HTTP helpers shared by the gateway's services: CORS as hosted Supabase
 * answers it, JSON responses, bounded body reading.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { normalizeAddress } from '../config.ts';

export const CORS_ALLOW_HEADERS =
  'authorization, apikey, x-client-info, content-type, x-supabase-api-version, x-upsert, cache-control, x-metadata, x-region, prefer, accept-profile, content-profile, range, x-retry-count, x-supabase-client-platform, x-supabase-client-platform-version, x-supabase-client-runtime, x-supabase-client-runtime-version';
export const CORS_EXPOSE_HEADERS = 'content-range, x-total-count, link, x-supabase-api-version, x-relay-error, content-length, content-type, content-disposition, etag, last-modified';

/** Headers that describe one connection, never forwarded by a proxy (RFC 9110 §7.6.1), plus Host. */
export const HOP_BY_HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
}

/** Answers a CORS preflight; returns true when the request was one. */
export function handlePreflight(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'OPTIONS') return false;
  applyCors(req, res);
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? CORS_ALLOW_HEADERS);
  res.setHeader('Access-Control-Max-Age', '3600');
  res.writeHead(204).end();
  return true;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`body larger than ${limit} bytes`);
  }
}

/** Reads the whole body, refusing more than `limit` bytes. */
export function readBody(req: IncomingMessage, limit = 10 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLargeError(limit));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Parses a JSON body; an empty body is `{}`. Throws SyntaxError on bad JSON. */
export async function readJson(req: IncomingMessage, limit?: number): Promise<unknown> {
  const body = await readBody(req, limit);
  if (body.length === 0) return {};
  return JSON.parse(body.toString('utf8'));
}

/** The bearer token of a request, if any. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim();
}

/** The API key, from the `apikey` header or query parameter as Kong accepts it. */
export function apiKey(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.apikey;
  return (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey') ?? undefined;
}

/** The connection's peer, IPv4-mapped addresses as plain IPv4. */
export function peerAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ? normalizeAddress(req.socket.remoteAddress) : 'unknown';
}

/** The X-Forwarded-For hops, leftmost (claimed client) first; repeated headers count as one list. */
function forwardedHops(req: IncomingMessage): string[] {
  const raw = req.headers['x-forwarded-for'];
  const joined = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  return joined.split(',').map(normalizeAddress).filter((hop) => hop !== '');
}

/**
 * Who is on the other end, for rate limits: the socket's peer. Only when that
 * peer is a configured trusted proxy is X-Forwarded-For believed, and then
 * read from the right, past further trusted proxies: everything left of the
 * first untrusted hop was written by the client and proves nothing.
 */
export function clientAddress(req: IncomingMessage, trustedProxies: readonly string[]): string {
  const peer = peerAddress(req);
  if (!trustedProxies.includes(peer)) return peer;
  const hops = forwardedHops(req);
  for (let i = hops.length - 1; i >= 0; i--) if (!trustedProxies.includes(hops[i]!)) return hops[i]!;
  return hops[0] ?? peer;
}

/**
 * X-Forwarded-For to pass upstream: the chain we were given only when a
 * trusted proxy gave it, then the peer, so an upstream reading the header
 * from the right never finds a client-written address in a trusted position.
 */
export function forwardedFor(req: IncomingMessage, trustedProxies: readonly string[]): string {
  const peer = peerAddress(req);
  return trustedProxies.includes(peer) ? [...forwardedHops(req), peer].join(', ') : peer;
}
