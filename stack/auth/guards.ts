/**
 * Who is calling: the user behind a Bearer access token (whose session must
 * still exist, so signed-out tokens stop working here before they expire),
 * or the service role for the admin API.
 */
import { bearerToken } from '../gateway/http.ts';
import { JwtError, verifyJwt, type SupabaseClaims } from '../gateway/jwt.ts';
import type { AuthRequest } from './context.ts';
import { forbidden, unauthorized } from './errors.ts';
import { sessionExists } from './sessions.ts';
import { findUserById, type UserRow } from './users.ts';

/** Roles GoTrue lets into the admin API. */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

async function verifiedClaims(r: AuthRequest): Promise<SupabaseClaims> {
  const token = bearerToken(r.req);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return await verifyJwt(token, r.ctx.config.jwtSecret);
  } catch (error) {
    const detail = error instanceof JwtError && error.expired ? 'token has invalid claims: token is expired' : 'signature is invalid';
    throw unauthorized('bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
  }
}

export interface Caller {
  user: UserRow;
  claims: SupabaseClaims;
  sessionId?: string;
}

export async function requireUser(r: AuthRequest): Promise<Caller> {
  const claims = await verifiedClaims(r);
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const user = /^[0-9a-f-]{36}$/i.test(claims.sub) ? await findUserById(r.ctx.pool, claims.sub) : undefined;
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' && claims.session_id ? claims.session_id : undefined;
  if (sessionId && !(/^[0-9a-f-]{36}$/i.test(sessionId) && (await sessionExists(r.ctx.pool, sessionId)))) {
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, claims, sessionId };
}

export async function requireAdmin(r: AuthRequest): Promise<SupabaseClaims> {
  const claims = await verifiedClaims(r);
  if (!claims.role || !ADMIN_ROLES.has(claims.role)) throw forbidden('not_admin', 'User not allowed');
  return claims;
}
