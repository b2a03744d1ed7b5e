/**
 * Sessions (auth.sessions), rotating refresh tokens (auth.refresh_tokens) and
 * the access tokens minted for them. The access token names its session in
 * `session_id`, which is how sign-out revokes tokens that are still unexpired.
 */
import crypto from 'node:crypto';
import { signJwt, type SupabaseClaims } from '../gateway/jwt.ts';
import type { AuthContext, AuthRequest, Db } from './context.ts';
import { badRequest, invalidCredentials } from './errors.ts';
import { findUserById, isBanned, recordSignIn, userJson, type UserRow } from './users.ts';

/** How the user proved who they are, for the `amr` claim (kept per session in auth.mfa_amr_claims). */
export type AuthMethod = 'password' | 'otp' | 'magiclink' | 'recovery' | 'invite' | 'email/signup' | 'email_change';

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  session_id: string;
}

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

const newRefreshToken = () => crypto.randomBytes(24).toString('base64url');

async function insertRefreshToken(db: Db, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

async function sessionAmr(db: Db, sessionId: string): Promise<{ method: string; timestamp: number }[]> {
  const { rows } = await db.query<{ authentication_method: string; updated_at: Date }>(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc',
    [sessionId],
  );
  return rows.map((r) => ({ method: r.authentication_method, timestamp: Math.floor(r.updated_at.getTime() / 1000) }));
}

export async function accessTokenFor(ctx: AuthContext, user: UserRow, sessionId: string, amr: SupabaseClaims['amr']): Promise<{ token: string; expiresAt: number }> {
  const expiresIn = ctx.config.jwtExpirySeconds;
  const claims: SupabaseClaims = {
    iss: `${ctx.config.apiUrl}/auth/v1`,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  const token = await signJwt(claims, ctx.config.jwtSecret, expiresIn);
  return { token, expiresAt: Math.floor(Date.now() / 1000) + expiresIn };
}

async function sessionJson(ctx: AuthContext, db: Db, userId: string, sessionId: string, refreshToken: string): Promise<SessionJson> {
  const user = (await findUserById(db, userId))!;
  const { token, expiresAt } = await accessTokenFor(ctx, user, sessionId, await sessionAmr(db, sessionId));
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpirySeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await userJson(db, user),
  };
}

/** Starts a session for a user who just proved who they are, and records the sign-in. */
export async function startSession(r: AuthRequest, db: Db, user: UserRow, method: AuthMethod): Promise<SessionJson> {
  const sessionId = crypto.randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip, refreshed_at)
     values ($1, $2, now(), now(), 'aal1', $3, $4, now() at time zone 'utc')`,
    [sessionId, user.id, r.userAgent || null, validIp(r.ip)],
  );
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id) values ($1, now(), now(), $2, gen_random_uuid())`,
    [sessionId, method],
  );
  await recordSignIn(db, user.id);
  const refreshToken = await insertRefreshToken(db, user.id, sessionId, null);
  return sessionJson(r.ctx, db, user.id, sessionId, refreshToken);
}

const validIp = (ip: string) => (/^[0-9a-f.:]+$/i.test(ip) ? ip.replace(/^::ffff:/, '') : null);

export const refreshTokenNotFound = () => badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * Refresh-token rotation as GoTrue does it: a live token is revoked and
 * replaced by a child. A revoked token presented again within the reuse
 * interval (concurrent tabs racing) gets the session's current token back;
 * later, it is treated as stolen and every token of the session is revoked.
 * Must run inside a transaction (rows are locked).
 */
export async function rotateRefreshToken(ctx: AuthContext, db: Db, presented: string, reuseIntervalSeconds: number): Promise<SessionJson> {
  const { rows } = await db.query<RefreshTokenRow>('select * from auth.refresh_tokens where token = $1 for update', [presented]);
  const token = rows[0];
  if (!token?.session_id) throw refreshTokenNotFound();
  const session = await db.query('select id from auth.sessions where id = $1 for update', [token.session_id]);
  if (session.rowCount === 0) throw refreshTokenNotFound();
  const user = await findUserById(db, token.user_id);
  if (!user) throw refreshTokenNotFound();
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');

  let next: string;
  if (token.revoked) {
    const withinReuseInterval = Date.now() - token.updated_at.getTime() < reuseIntervalSeconds * 1000;
    const active = await db.query<{ token: string }>(
      'select token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
      [token.session_id],
    );
    if (!withinReuseInterval || !active.rows[0]) {
      await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false', [token.session_id]);
      throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    next = active.rows[0].token;
  } else {
    await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [token.id]);
    next = await insertRefreshToken(db, user.id, token.session_id, token.token);
  }
  await db.query(`update auth.sessions set updated_at = now(), refreshed_at = now() at time zone 'utc' where id = $1`, [token.session_id]);
  return sessionJson(ctx, db, user.id, token.session_id, next);
}

export async function sessionExists(db: Db, sessionId: string): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return (rowCount ?? 0) > 0;
}

export type SignOutScope = 'global' | 'local' | 'others';

export async function endSessions(db: Db, userId: string, currentSessionId: string | undefined, scope: SignOutScope): Promise<void> {
  if (scope === 'global' || !currentSessionId) await db.query('delete from auth.sessions where user_id = $1', [userId]);
  else if (scope === 'local') await db.query('delete from auth.sessions where id = $1 and user_id = $2', [currentSessionId, userId]);
  else await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, currentSessionId]);
}

/** Sign-in refusals shared by every grant: banned users never get a session. */
export function assertMaySignIn(user: UserRow | undefined): asserts user is UserRow {
  if (!user) throw invalidCredentials();
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
}
