/**
 * /verify: POST with a typed code (`{email, token, type}`) or a token hash
 * answers a session; GET is the link in the e-mail and 303-redirects to the
 * app, with tokens in the fragment (implicit flow), `?code=` (PKCE) or
 * `#error=…` when the link is spent or expired.
 */
import { z } from 'zod';
import { inTransaction, json, redirect, type AuthRequest, type Db, type Reply } from '../context.ts';
import { AuthApiError, badRequest, parseWith, tooManyRequests } from '../errors.ts';
import type { MailKind } from '../mail-templates.ts';
import { AUTH_METHOD_OF, consumeToken, type TokenProof } from '../otp.ts';
import { issueAuthCode } from '../pkce.ts';
import { resolveRedirect, withFragment, withQuery } from '../redirects.ts';
import { emailField, verificationTypes } from '../schemas.ts';
import { assertMaySignIn, startSession, type SessionJson } from '../sessions.ts';
import { applyEmailChange, confirmEmail, findUserById, type UserRow } from '../users.ts';

const verifyBody = z.object({
  type: z.enum([...verificationTypes, 'sms', 'phone_change']),
  token: z.string().trim().min(1).max(255).optional(),
  token_hash: z.string().trim().min(1).max(255).optional(),
  email: emailField.optional(),
  phone: z.string().optional(),
});

const verifyLinkQuery = z.object({
  token: z.string().min(1).max(255),
  type: z.enum(verificationTypes),
});

/** What following a link or entering a code proves, applied to the user. */
async function applyVerification(db: Db, user: UserRow, kind: MailKind): Promise<UserRow> {
  if (kind === 'email_change') {
    if (!user.email_change) throw badRequest('validation_failed', 'No e-mail change is pending');
    await applyEmailChange(db, user);
  } else {
    // Receiving the mail proves the address, whatever the link was for.
    await confirmEmail(db, user);
  }
  const updated = await findUserById(db, user.id);
  assertMaySignIn(updated);
  return updated;
}

function proofOf(body: z.infer<typeof verifyBody>): TokenProof {
  if (body.token_hash) return { tokenHash: body.token_hash };
  if (body.token && body.email) return { email: body.email, otp: body.token };
  if (body.token) throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
  throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
}

export async function verifyPost(r: AuthRequest): Promise<Reply> {
  const body = parseWith(verifyBody, await r.body());
  if (body.type === 'sms' || body.type === 'phone_change') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const type = body.type;
  const proof = proofOf(body);
  if ('email' in proof && !r.ctx.rateLimiter.tryAttempt(proof.email, r.ip, r.settings.signInSignUpsPerAddress)) throw tooManyRequests();
  const session = await inTransaction(r.ctx.pool, async (db) => {
    const { user, kind } = await consumeToken(db, type, proof, r.settings.otpExpiry);
    const verified = await applyVerification(db, user, kind);
    return startSession(r, db, verified, AUTH_METHOD_OF[kind]);
  });
  return json(session);
}

type LinkOutcome = { kind: MailKind; session: SessionJson } | { kind: MailKind; code: string };

export async function verifyLink(r: AuthRequest): Promise<Reply> {
  const target = resolveRedirect(r);
  try {
    const query = parseWith(verifyLinkQuery, Object.fromEntries(r.url.searchParams));
    const outcome = await inTransaction<LinkOutcome>(r.ctx.pool, async (db) => {
      const { user, kind, viaPkce } = await consumeToken(db, query.type, { tokenHash: query.token }, r.settings.otpExpiry);
      const verified = await applyVerification(db, user, kind);
      if (viaPkce) {
        const code = await issueAuthCode(db, verified.id, AUTH_METHOD_OF[kind]);
        if (!code) throw badRequest('flow_state_not_found', 'invalid flow state, no valid flow state found');
        return { kind, code };
      }
      return { kind, session: await startSession(r, db, verified, AUTH_METHOD_OF[kind]) };
    });
    if ('code' in outcome) return redirect(withQuery(target, { code: outcome.code }));
    const s = outcome.session;
    return redirect(
      withFragment(target, {
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        token_type: 'bearer',
        type: outcome.kind,
      }),
    );
  } catch (error) {
    if (!(error instanceof AuthApiError)) throw error;
    return redirect(withFragment(target, { error: 'access_denied', error_code: error.code, error_description: error.message }));
  }
}
