/**
 * The signed-in user's own endpoints: GET/PUT /user and POST /logout.
 */
import { z } from 'zod';
import { inTransaction, json, type AuthRequest, type Reply } from '../context.ts';
import { badRequest, parseWith, unprocessable } from '../errors.ts';
import { requireUser } from '../guards.ts';
import { issueToken } from '../otp.ts';
import { assertStrongPassword, hashPassword, passwordMatches } from '../passwords.ts';
import { codeChallengeFields, pkceChallenge } from '../pkce.ts';
import { resolveRedirect } from '../redirects.ts';
import { emailField, metadataField, passwordField } from '../schemas.ts';
import { endSessions } from '../sessions.ts';
import { findUserByEmail, findUserById, mergeMetadata, userJson } from '../users.ts';

const updateUserBody = z.object({
  email: emailField.optional(),
  password: passwordField.optional(),
  phone: z.string().optional(),
  data: metadataField.nullish(),
  nonce: z.string().optional(),
  current_password: z.string().optional(),
  ...codeChallengeFields,
});

const logoutQuery = z.object({ scope: z.enum(['global', 'local', 'others']).default('global') });

export async function getUser(r: AuthRequest): Promise<Reply> {
  const { user } = await requireUser(r);
  return json(await userJson(r.ctx.pool, user));
}

export async function updateUser(r: AuthRequest): Promise<Reply> {
  const caller = await requireUser(r);
  const body = parseWith(updateUserBody, await r.body());
  if (body.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (body.password !== undefined) assertStrongPassword(body.password, r.settings.minimumPasswordLength);
  const newHash = body.password !== undefined ? await hashPassword(body.password) : undefined;

  return inTransaction(r.ctx.pool, async (db) => {
    const user = (await findUserById(db, caller.user.id, true))!;
    if (body.password !== undefined) {
      if (await passwordMatches(body.password, user.encrypted_password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      await db.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [user.id, newHash]);
      // Whoever knew the old password loses their sessions; the caller keeps theirs.
      await endSessions(db, user.id, caller.sessionId, 'others');
    }
    if (body.data) {
      await db.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [user.id, mergeMetadata(user.raw_user_meta_data, body.data)]);
    }
    if (body.email && body.email !== user.email) {
      const owner = await findUserByEmail(db, body.email);
      if (owner && owner.id !== user.id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      // The new address must prove it is theirs before it replaces the old one.
      await db.query('update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1', [user.id, body.email]);
      const pending = (await findUserById(db, user.id))!;
      await issueToken(r, db, pending, 'email_change', { redirectTo: resolveRedirect(r), pkce: pkceChallenge(body), send: true });
    }
    return json(await userJson(db, (await findUserById(db, user.id))!));
  });
}

export async function logout(r: AuthRequest): Promise<Reply> {
  const caller = await requireUser(r);
  const { scope } = parseWith(logoutQuery, Object.fromEntries(r.url.searchParams));
  await endSessions(r.ctx.pool, caller.user.id, caller.sessionId, scope);
  return { kind: 'empty', status: 204 };
}
