/**
 * Endpoints that e-mail a link and code: POST /otp (magic link, creating the
 * user if asked), POST /recover (password reset) and POST /resend. They all
 * answer `{}` (auth-js needs a JSON body) and, for /recover and /resend, say
 * nothing about whether the address is registered.
 */
import { z } from 'zod';
import { inTransaction, json, type AuthRequest, type Reply } from '../context.ts';
import { badRequest, parseWith, tooManyRequests, unprocessable } from '../errors.ts';
import { issueToken } from '../otp.ts';
import { codeChallengeFields, pkceChallenge } from '../pkce.ts';
import { resolveRedirect } from '../redirects.ts';
import { emailField, metadataField } from '../schemas.ts';
import { findUserByEmail, insertUser, isConfirmed } from '../users.ts';

const otpBody = z.object({
  email: emailField.optional(),
  phone: z.string().optional(),
  data: metadataField.nullish(),
  create_user: z.boolean().default(true),
  ...codeChallengeFields,
});

const recoverBody = z.object({ email: emailField, ...codeChallengeFields });

const resendBody = z.object({
  email: emailField,
  type: z.enum(['signup', 'email_change']),
  options: z.object({ emailRedirectTo: z.string().optional() }).optional(),
});

export async function sendOtp(r: AuthRequest): Promise<Reply> {
  const body = parseWith(otpBody, await r.body());
  if (!body.email && body.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const email = body.email;
  if (!email) throw badRequest('validation_failed', 'An email address or phone number is required');
  if (!r.ctx.rateLimiter.tryAttempt(email, r.ip, r.settings.signInSignUpsPerAddress)) throw tooManyRequests();
  const pkce = pkceChallenge(body);
  await inTransaction(r.ctx.pool, async (db) => {
    let user = await findUserByEmail(db, email, true);
    if (!user) {
      if (!body.create_user) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
      if (!r.settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
      user = await insertUser(db, { email, encryptedPassword: null, confirmed: false, userMetadata: body.data ?? {}, copyIdentityToMetadata: true });
    }
    // An unconfirmed address gets a sign-up confirmation when the project requires one; the link signs in either way.
    const kind = !isConfirmed(user) && r.settings.enableConfirmations ? 'signup' : 'magiclink';
    await issueToken(r, db, user, kind, { redirectTo: resolveRedirect(r), pkce, send: true });
  });
  return json({});
}

export async function recover(r: AuthRequest): Promise<Reply> {
  const body = parseWith(recoverBody, await r.body());
  if (!r.ctx.rateLimiter.tryAttempt(body.email, r.ip, r.settings.signInSignUpsPerAddress)) throw tooManyRequests();
  await inTransaction(r.ctx.pool, async (db) => {
    const user = await findUserByEmail(db, body.email, true);
    if (user) await issueToken(r, db, user, 'recovery', { redirectTo: resolveRedirect(r), pkce: pkceChallenge(body), send: true });
  });
  return json({});
}

export async function resend(r: AuthRequest): Promise<Reply> {
  const body = parseWith(resendBody, await r.body());
  if (!r.ctx.rateLimiter.tryAttempt(body.email, r.ip, r.settings.signInSignUpsPerAddress)) throw tooManyRequests();
  const redirectTo = resolveRedirect(r, r.url.searchParams.get('redirect_to') ?? body.options?.emailRedirectTo);
  await inTransaction(r.ctx.pool, async (db) => {
    if (body.type === 'signup') {
      const user = await findUserByEmail(db, body.email, true);
      if (user && !isConfirmed(user)) await issueToken(r, db, user, 'signup', { redirectTo, send: true });
      return;
    }
    const user = await findUserByEmail(db, body.email, true);
    if (user?.email_change) await issueToken(r, db, user, 'email_change', { redirectTo, send: true });
  });
  return json({});
}
