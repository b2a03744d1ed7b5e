/**
 * `/rest/v1` → PostgREST, headers and status passed through unchanged (as
 * Kong does on hosted Supabase). A request without `Authorization` acts with
 * its API key, as Kong's request transformer does.
 *
 * The root (`/rest/v1/`, PostgREST's OpenAPI description of every table and
 * function the role may reach) is served to the service role only: hosted
 * Supabase answers 403 to anon/publishable keys and user tokens there, and
 * Supabase's self-hosted gateways do the same since supabase/supabase#45462.
 * An agent's token used to read `/rpc/update_admin_settings` and the rest of
 * the schema's map here. Tables and RPCs under `/rest/v1/<name>` are
 * unchanged.
 */
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { applyCors, HOP_BY_HOP_HEADERS, sendJson } from './http.ts';
import { verifyJwt } from './jwt.ts';
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

/** The role a request acts as (its bearer token, else its API key), when the token verifies; PostgREST answers the others itself. */
async function verifiedRole(authorization: string | undefined, jwtSecret: string): Promise<string | undefined> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) return undefined;
  try {
    return (await verifyJwt(token, jwtSecret)).role;
  } catch {
    return undefined;
  }
}

export function createRestService(restUrl: string, jwtSecret: string): GatewayService {
  return {
    async handle(req, res, subPath, url) {
      applyCors(req, res);
      const extra: Record<string, string> = {};
      if (!req.headers.authorization) {
        const key = req.headers.apikey ?? url.searchParams.get('apikey');
        if (typeof key === 'string') extra.authorization = `Bearer ${key}`;
      }
      if (subPath === '/') {
        const role = await verifiedRole(extra.authorization ?? req.headers.authorization, jwtSecret);
        // A token that does not verify goes on to PostgREST, which answers 401 as for any path.
        if (role !== undefined && role !== 'service_role') {
          return sendJson(res, 403, {
            message: 'The REST API root (its OpenAPI description) is served only with the service role (secret) key.',
            hint: 'Read tables and functions at /rest/v1/<name>; use the service role key on a server to read the schema.',
          });
        }
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
