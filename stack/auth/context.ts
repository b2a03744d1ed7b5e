/**
 * What every auth handler works with: the stack's context, the project's
 * [auth] settings (re-read per request so an edited config.toml applies
 * without a restart), the request's body, query and caller.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import type { Mailer } from '../gateway/types.ts';
import { readJson, BodyTooLargeError, clientAddress } from '../gateway/http.ts';
import { readProjectConfig, type ProjectConfig } from '../project-config.ts';
import { badRequest } from './errors.ts';
import type { SignInRateLimiter } from './rate-limit.ts';

export type Db = pg.Pool | pg.PoolClient;

export interface AuthContext {
  config: StackConfig;
  pool: pg.Pool;
  log: Logger;
  mail: Mailer;
  rateLimiter: SignInRateLimiter;
}

export interface AuthRequest {
  ctx: AuthContext;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Path after /auth/v1, decoded. */
  path: string;
  settings: ProjectConfig['auth'];
  ip: string;
  userAgent: string;
  /** The JSON body; `{}` when empty. */
  body(): Promise<unknown>;
}

/** What a handler answers: JSON, a redirect (e-mail links, /authorize) or no content (/logout). */
export type Reply =
  | { kind: 'json'; status?: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'redirect'; location: string }
  | { kind: 'empty'; status: number };

export const json = (body: unknown, status = 200, headers?: Record<string, string>): Reply => ({ kind: 'json', status, body, headers });
export const redirect = (location: string): Reply => ({ kind: 'redirect', location });

export function buildRequest(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, path: string, url: URL): AuthRequest {
  let bodyPromise: Promise<unknown> | undefined;
  return {
    ctx,
    req,
    res,
    url,
    path,
    settings: readProjectConfig(ctx.config).auth,
    ip: clientAddress(req, ctx.config.trustedProxies),
    userAgent: String(req.headers['user-agent'] ?? ''),
    body() {
      bodyPromise ??= readJson(req, 1024 * 1024).catch((error: unknown) => {
        if (error instanceof BodyTooLargeError) throw badRequest('request_too_large', 'Request body too large');
        throw badRequest('validation_failed', 'Could not parse request body as JSON');
      });
      return bodyPromise;
    },
  };
}

export { inTransaction } from '../gateway/db.ts';
