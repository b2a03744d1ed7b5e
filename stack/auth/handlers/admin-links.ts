/**
 * Admin endpoints that make e-mail links: POST /invite (sends the invite)
 * and POST /admin/generate_link (hands the link and code back without
 * sending anything, for apps that send their own mail).
 */
import { z } from 'zod';
import { inTransaction, json, type AuthRequest, type Db, type Reply } from '../context.ts';
import { badRequest, parseWith, unprocessable, userNotFound } from '../errors.ts';
import { requireAdmin } from '../guards.ts';
import type { MailKind } from '../mail-templates.ts';
import { issueToken } from '../otp.ts';
import { assertStrongPassword, hashPassword } from '../passwords.ts';
import { resolveRedirect } from '../redirects.ts';
import { emailField, metadataField, passwordField } from '../schemas.ts';
import { findUserByEmail, findUserById, insertUser, isConfirmed, userJson, type UserRow } from '../users.ts';

const inviteBody = z.object({ email: emailField, data: metadataField.nullish() });

const generateLinkBody = z.object({
  type: z.enum(['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new']),
  email: emailField,
  password: passwordField.optional(),
  new_email: emailField.optional(),
  data: metadataField.nullish(),
  // auth-js spreads its options into the body, so redirectTo arrives camelCased too.
  redirect_to: z.string().optional(),
  redirectTo: z.string().optional(),
});

const emailExists = () => unprocessable('email_exists', 'A user with this email address has already been registered');

/** The user an invite or sign-up link is for: new, or existing but not yet confirmed. */
async function unconfirmedUser(db: Db, email: string, create: { encryptedPassword: string | null; data: Record<string, unknown>; invited: boolean }): Promise<UserRow> {
  const existing = await findUserByEmail(db, email, true);
  if (existing && isConfirmed(existing)) throw emailExists();
  if (existing) {
    if (create.encryptedPassword) await db.query('update auth.users set encrypted_password = $2 where id = $1', [existing.id, create.encryptedPassword]);
    return existing;
  }
  return insertUser(db, { email, encryptedPassword: create.encryptedPassword, confirmed: false, userMetadata: create.data, invited: create.invited });
}

export async function invite(r: AuthRequest): Promise<Reply> {
  await requireAdmin(r);
  const body = parseWith(inviteBody, await r.body());
  return inTransaction(r.ctx.pool, async (db) => {
    const user = await unconfirmedUser(db, body.email, { encryptedPassword: null, data: body.data ?? {}, invited: true });
    await issueToken(r, db, user, 'invite', { redirectTo: resolveRedirect(r), send: true });
    return json(await userJson(db, (await findUserById(db, user.id))!));
  });
}

export async function generateLink(r: AuthRequest): Promise<Reply> {
  await requireAdmin(r);
  const body = parseWith(generateLinkBody, await r.body());
  const redirectTo = resolveRedirect(r, r.url.searchParams.get('redirect_to') ?? body.redirect_to ?? body.redirectTo);
  let encryptedPassword: string | null = null;
  if (body.type === 'signup') {
    if (!body.password) throw unprocessable('validation_failed', 'Signup requires a valid password');
    assertStrongPassword(body.password, r.settings.minimumPasswordLength);
    encryptedPassword = await hashPassword(body.password);
  }
  return inTransaction(r.ctx.pool, async (db) => {
    let user: UserRow;
    let kind: MailKind;
    if (body.type === 'signup' || body.type === 'invite') {
      kind = body.type;
      user = await unconfirmedUser(db, body.email, { encryptedPassword, data: body.data ?? {}, invited: body.type === 'invite' });
    } else if (body.type === 'magiclink') {
      // Like signInWithOtp's default, a magic link for a new address creates the (unconfirmed) user.
      kind = 'magiclink';
      user =
        (await findUserByEmail(db, body.email, true)) ??
        (await insertUser(db, { email: body.email, encryptedPassword: null, confirmed: false, userMetadata: body.data ?? {} }));
    } else {
      const existing = await findUserByEmail(db, body.email, true);
      if (!existing) throw userNotFound();
      user = existing;
      kind = body.type === 'recovery' ? 'recovery' : 'email_change';
      if (kind === 'email_change') {
        if (!body.new_email) throw badRequest('validation_failed', 'The new email address must be provided');
        if (await findUserByEmail(db, body.new_email)) throw emailExists();
        await db.query('update auth.users set email_change = $2 where id = $1', [user.id, body.new_email]);
        user = (await findUserById(db, user.id))!;
      }
    }
    const issued = await issueToken(r, db, user, kind, { redirectTo, send: false });
    const fresh = (await findUserById(db, user.id))!;
    return json({
      ...(await userJson(db, fresh)),
      action_link: issued.link,
      email_otp: issued.otp,
      hashed_token: issued.hashedToken,
      redirect_to: issued.redirectTo,
      verification_type: kind,
    });
  });
}
