/**
 * POST /token?grant_type=password|refresh_token|pkce: every way a client
 * turns a proof (password, refresh token, PKCE code + verifier) into a session.
 */
import { z } from 'zod';
import { inTransaction, json, type AuthRequest, type Reply } from '../context.ts';
import { badRequest, invalidCredentials, parseWith, tooManyRequests } from '../errors.ts';
import { passwordMatches } from '../passwords.ts';
import { redeemAuthCode } from '../pkce.ts';
import { emailField, passwordField } from '../schemas.ts';
import { assertMaySignIn, rotateRefreshToken, startSession, type AuthMethod } from '../sessions.ts';
import { findUserByEmail, findUserById, isConfirmed } from '../users.ts';

const passwordGrantBody = z.object({ email: emailField.optional(), phone: z.string().optional(), password: passwordField });
const refreshGrantBody = z.object({ refresh_token: z.string().min(1).max(255) });
const pkceGrantBody = z.object({
  auth_code: z.string().min(1).max(255),
  // RFC 7636 bounds; auth-js sends 112 characters.
  code_verifier: z.string().min(43, 'code verifier should be at least 43 characters').max(128),
});

export async function token(r: AuthRequest): Promise<Reply> {
  const grant = r.url.searchParams.get('grant_type');
  if (grant === 'password') return passwordGrant(r);
  if (grant === 'refresh_token') return refreshGrant(r);
  if (grant === 'pkce') return pkceGrant(r);
  throw badRequest('validation_failed', 'unsupported_grant_type');
}

async function passwordGrant(r: AuthRequest): Promise<Reply> {
  const body = parseWith(passwordGrantBody, await r.body());
  if (!body.email) throw badRequest('validation_failed', body.phone ? 'Phone logins are disabled' : 'missing email or phone');
  if (!r.ctx.rateLimiter.tryAttempt(body.email, r.ip, r.settings.signInSignUpsPerAddress)) throw tooManyRequests();
  const user = await findUserByEmail(r.ctx.pool, body.email);
  // Compared even for unknown users so that timing does not tell which addresses exist.
  const matches = await passwordMatches(body.password, user?.encrypted_password);
  if (!user || !matches) throw invalidCredentials();
  assertMaySignIn(user);
  if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');
  return json(await inTransaction(r.ctx.pool, (db) => startSession(r, db, user, 'password')));
}

async function refreshGrant(r: AuthRequest): Promise<Reply> {
  const body = parseWith(refreshGrantBody, await r.body());
  const session = await inTransaction(r.ctx.pool, async (db) => {
    try {
      return { ok: await rotateRefreshToken(r.ctx, db, body.refresh_token, r.settings.refreshTokenReuseInterval) };
    } catch (error) {
      // Reuse detection revokes the session's tokens; that must be committed even though the request fails.
      return { error };
    }
  });
  if ('error' in session) throw session.error;
  return json(session.ok);
}

async function pkceGrant(r: AuthRequest): Promise<Reply> {
  const body = parseWith(pkceGrantBody, await r.body());
  return json(
    await inTransaction(r.ctx.pool, async (db) => {
      const flow = await redeemAuthCode(db, body.auth_code, body.code_verifier);
      const user = await findUserById(db, flow.userId);
      assertMaySignIn(user);
      return startSession(r, db, user, flow.authenticationMethod as AuthMethod);
    }),
  );
}
