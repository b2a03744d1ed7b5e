/**
 * The local stack's GoTrue-compatible auth service at /auth/v1: routes the
 * endpoints auth-js and @supabase/auth-ui-react call, answers errors in
 * GoTrue's shape with the API-version header, and redirects e-mail links.
 */
import { applyCors, sendJson } from '../gateway/http.ts';
import type { GatewayService, ServiceContext } from '../gateway/types.ts';
import { readProjectConfig } from '../project-config.ts';
import { buildRequest, type AuthContext, type AuthRequest, type Reply } from './context.ts';
import { API_VERSION_HEADER, AuthApiError } from './errors.ts';
import { generateLink, invite } from './handlers/admin-links.ts';
import { createUser, deleteUserById, getUserById, listUsers, updateUserById } from './handlers/admin-users.ts';
import { recover, resend, sendOtp } from './handlers/email-links.ts';
import { authorize, callback, health, jwks, settings } from './handlers/public.ts';
import { signUp } from './handlers/sign-up.ts';
import { token } from './handlers/token.ts';
import { getUser, logout, updateUser } from './handlers/user.ts';
import { verifyLink, verifyPost } from './handlers/verify.ts';
import { SignInRateLimiter } from './rate-limit.ts';

/** Paths served without an API key, as Kong's open auth routes are on hosted Supabase (e-mail links and browser redirects carry no key). */
export const AUTH_OPEN_PATHS: RegExp[] = [/^\/verify\/?$/, /^\/callback\/?$/, /^\/authorize\/?$/, /^\/health\/?$/, /^\/settings\/?$/, /^\/\.well-known\/jwks\.json$/];

type Handler = (r: AuthRequest) => Promise<Reply>;

const ROUTES: Record<string, Partial<Record<string, Handler>>> = {
  '/signup': { POST: signUp },
  '/token': { POST: token },
  '/user': { GET: getUser, PUT: updateUser },
  '/logout': { POST: logout },
  '/otp': { POST: sendOtp },
  '/magiclink': { POST: sendOtp },
  '/recover': { POST: recover },
  '/resend': { POST: resend },
  '/verify': { GET: verifyLink, POST: verifyPost },
  '/invite': { POST: invite },
  '/admin/users': { GET: listUsers, POST: createUser },
  '/admin/users/:id': { GET: getUserById, PUT: updateUserById, DELETE: deleteUserById },
  '/admin/generate_link': { POST: generateLink },
  '/settings': { GET: settings },
  '/health': { GET: health },
  '/authorize': { GET: authorize },
  '/callback': { GET: callback, POST: callback },
  '/.well-known/jwks.json': { GET: jwks },
};

function routeKey(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return /^\/admin\/users\/[^/]+$/.test(trimmed) ? '/admin/users/:id' : trimmed;
}

function send(res: Parameters<GatewayService['handle']>[1], reply: Reply): void {
  if (reply.kind === 'redirect') {
    res.writeHead(303, { Location: reply.location, ...API_VERSION_HEADER }).end();
  } else if (reply.kind === 'empty') {
    res.writeHead(reply.status, API_VERSION_HEADER).end();
  } else {
    sendJson(res, reply.status ?? 200, reply.body, { ...API_VERSION_HEADER, ...reply.headers });
  }
}

export async function createAuthService(serviceCtx: ServiceContext): Promise<GatewayService> {
  const { config } = serviceCtx;
  const ctx: AuthContext = {
    config,
    pool: serviceCtx.pool,
    log: serviceCtx.log,
    mail: serviceCtx.mail,
    // Per account: the stack's own limit (tests and dev can set it). Per address: config.toml's sign_in_sign_ups, read per request.
    rateLimiter: new SignInRateLimiter(() => config.signInRateLimit),
  };
  // Fail at start-up, not on the first sign-in, if config.toml's [auth] section is invalid.
  readProjectConfig(config);

  return {
    async handle(req, res, subPath, url) {
      applyCors(req, res);
      let path: string;
      try {
        path = decodeURIComponent(subPath);
      } catch {
        path = subPath;
      }
      const methods = ROUTES[routeKey(path)];
      const handler = methods?.[req.method ?? 'GET'];
      if (!handler) {
        const status = methods ? 405 : 404;
        const error = new AuthApiError(status, status === 405 ? 'method_not_allowed' : 'not_found', status === 405 ? 'Method not allowed' : 'Not found');
        return sendJson(res, status, error.toJSON(), API_VERSION_HEADER);
      }
      try {
        send(res, await handler(buildRequest(ctx, req, res, path, url)));
      } catch (error) {
        if (error instanceof AuthApiError) return sendJson(res, error.status, error.toJSON(), API_VERSION_HEADER);
        ctx.log.part('auth', `${req.method} ${path} failed: ${(error as Error).stack ?? error}`);
        sendJson(res, 500, { code: 'unexpected_failure', error_code: 'unexpected_failure', msg: 'Unexpected failure, please check the auth log' }, API_VERSION_HEADER);
      }
    },
    async health() {
      try {
        await ctx.pool.query('select 1 from auth.users limit 1');
        return { ok: true };
      } catch (error) {
        return { ok: false, detail: (error as Error).message };
      }
    },
  };
}
