/**
 * POST /signup. With `[auth.email] enable_confirmations = false` the user is
 * confirmed at once and gets a session; otherwise a bare user comes back and
 * a confirmation e-mail goes out.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { inTransaction, json, type AuthRequest, type Reply } from '../context.ts';
import { badRequest, parseWith, tooManyRequests, unprocessable } from '../errors.ts';
import { issueToken } from '../otp.ts';
import { assertStrongPassword, hashPassword } from '../passwords.ts';
import { codeChallengeFields, pkceChallenge } from '../pkce.ts';
import { resolveRedirect } from '../redirects.ts';
import { emailField, metadataField, passwordField } from '../schemas.ts';
import { startSession } from '../sessions.ts';
import { findUserById, findUserByEmail, insertUser, isConfirmed, userJson } from '../users.ts';

const signUpBody = z.object({
  email: emailField.optional(),
  phone: z.string().optional(),
  password: passwordField.optional(),
  data: metadataField.nullish(),
  ...codeChallengeFields,
});

export async function signUp(r: AuthRequest): Promise<Reply> {
  // Like GoTrue (internal/api/signup.go), a disabled sign-up is refused before the body is read.
  if (!r.settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const body = parseWith(signUpBody, await r.body());
  if (!body.email && body.phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (!body.email) throw badRequest('validation_failed', 'To signup, please provide your email');
  if (!body.password) throw unprocessable('validation_failed', 'Signup requires a valid password');
  if (!r.ctx.rateLimiter.tryAttempt(body.email, r.ip, r.settings.signInSignUpsPerAddress)) throw tooManyRequests();
  assertStrongPassword(body.password, r.settings.minimumPasswordLength);
  const { email, password } = body;
  const autoconfirm = !r.settings.enableConfirmations;
  const pkce = pkceChallenge(body);
  const encryptedPassword = await hashPassword(password);

  return inTransaction(r.ctx.pool, async (db) => {
    let user = await findUserByEmail(db, email, true);
    if (user && (autoconfirm || isConfirmed(user))) {
      if (autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
      // With confirmations on, GoTrue answers a registered address with a look-alike user and
      // sends nothing, so sign-up cannot be used to find out who has an account.
      return json(obfuscatedUser(email, body.data ?? {}));
    }
    if (user) {
      // Unconfirmed: the person may be retrying with a new password; the latest one counts.
      await db.query('update auth.users set encrypted_password = $2, raw_user_meta_data = coalesce(raw_user_meta_data, $3::jsonb) || $3::jsonb, updated_at = now() where id = $1', [
        user.id,
        encryptedPassword,
        body.data ?? {},
      ]);
    } else {
      user = await insertUser(db, { email, encryptedPassword, confirmed: autoconfirm, userMetadata: body.data ?? {}, copyIdentityToMetadata: true });
    }
    if (autoconfirm) return json(await startSession(r, db, user, 'password'));
    await issueToken(r, db, user, 'signup', { redirectTo: resolveRedirect(r), pkce, send: true });
    return json(await userJson(db, (await findUserById(db, user.id))!));
  });
}

function obfuscatedUser(email: string, metadata: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: metadata,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
