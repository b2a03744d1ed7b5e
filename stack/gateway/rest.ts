/**
 * `/rest/v1` → PostgREST, headers and status passed through unchanged (as
 * Kong does on hosted Supabase). A request without `Authorization` acts with
 * its API key, as Kong's request transformer does.
 */
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { applyCors, HOP_BY_HOP_HEADERS, sendJson } from './http.ts';
import type { GatewayService } from './types.ts';


/** Streams a request to an upstream HTTP server and its answer back. */
export function proxyTo(upstream: string, req: IncomingMessage, res: ServerResponse, pathAndQuery: string, extraHeaders: Record<string, string> = {}): Promise<void> {
  const target = new URL(pathAndQuery, upstream);
  const headers: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP_HEADERS.has(k) && v !== undefined) headers[k] = v;
  Object.assign(headers, extraHeaders);
  return new Promise((resolve) => {
    const upstreamReq = http.request(target, { method: req.method, headers }, (upstreamRes) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(upstreamRes.headers)) if (!HOP_BY_HOP_HEADERS.has(k) && v !== undefined && !k.startsWith('access-control-')) out[k] = v;
      res.writeHead(upstreamRes.statusCode ?? 502, out);
      upstreamRes.pipe(res);
      upstreamRes.on('end', resolve);
      upstreamRes.on('error', () => resolve());
    });
    upstreamReq.on('error', (e) => {
      sendJson(res, 502, { message: `upstream unavailable: ${e.message}` });
      resolve();
    });
    req.pipe(upstreamReq);
  });
}

export function createRestService(restUrl: string): GatewayService {
  return {
    async handle(req, res, subPath, url) {
      applyCors(req, res);
      const extra: Record<string, string> = {};
      if (!req.headers.authorization) {
        const key = req.headers.apikey ?? url.searchParams.get('apikey');
        if (typeof key === 'string') extra.authorization = `Bearer ${key}`;
      }
      await proxyTo(restUrl, req, res, `${subPath}${url.search}`, extra);
    },
    async health() {
      try {
        const r = await fetch(`${restUrl}/`, { method: 'HEAD' });
        return { ok: r.status < 500 };
      } catch (e) {
        return { ok: false, detail: (e as Error).message };
      }
    },
  };
}
