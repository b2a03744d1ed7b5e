/**
 * One-time tokens for e-mail links and codes, stored as GoTrue stores them:
 * the column for the purpose (confirmation_token, recovery_token,
 * email_change_token_new) holds sha224(email + 6-digit code), which is also
 * the `token` of the link. So a code typed by the user and a link followed
 * from the mail are checked against the same value, and the database never
 * holds the code itself.
 */
import crypto from 'node:crypto';
import type { AuthRequest, Db } from './context.ts';
import { otpExpired } from './errors.ts';
import { authMail, verificationLink, type MailKind } from './mail-templates.ts';
import { createFlowState, type PkceChallenge } from './pkce.ts';
import type { AuthMethod } from './sessions.ts';
import { normalizeEmail, type UserRow } from './users.ts';

/** Types /verify accepts; `email` is the typed-code variant that covers both sign-up and magic link codes. */
export type VerificationType = MailKind | 'email';

interface TokenColumn {
  token: 'confirmation_token' | 'recovery_token' | 'email_change_token_new';
  sentAt: 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at';
}

const CONFIRMATION: TokenColumn = { token: 'confirmation_token', sentAt: 'confirmation_sent_at' };
const RECOVERY: TokenColumn = { token: 'recovery_token', sentAt: 'recovery_sent_at' };
const EMAIL_CHANGE: TokenColumn = { token: 'email_change_token_new', sentAt: 'email_change_sent_at' };

/** Magic links share the recovery column, as in GoTrue. */
const COLUMN_OF: Record<MailKind, TokenColumn> = { signup: CONFIRMATION, invite: CONFIRMATION, magiclink: RECOVERY, recovery: RECOVERY, email_change: EMAIL_CHANGE };

/** The amr method and PKCE flow label of a verified link. */
export const AUTH_METHOD_OF: Record<MailKind, AuthMethod> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'otp',
  recovery: 'recovery',
  email_change: 'email_change',
};

export const tokenHash = (email: string, otp: string) => crypto.createHash('sha224').update(normalizeEmail(email) + otp).digest('hex');

const PKCE_PREFIX = 'pkce_';

export interface IssuedToken {
  otp: string;
  hashedToken: string;
  /** The link's token: the hash, prefixed `pkce_` when a PKCE flow waits for it. */
  linkToken: string;
  link: string;
  redirectTo: string;
}

/**
 * Creates a fresh token for `kind` (replacing the previous one), and e-mails
 * it unless `send` is false (admin generate_link hands it back instead).
 * For email_change, the address is the new one, set by the caller beforehand.
 */
export async function issueToken(
  r: AuthRequest,
  db: Db,
  user: UserRow,
  kind: MailKind,
  options: { redirectTo: string; pkce?: PkceChallenge; send: boolean },
): Promise<IssuedToken> {
  const address = kind === 'email_change' ? user.email_change! : user.email!;
  const otp = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const hashedToken = tokenHash(address, otp);
  const column = COLUMN_OF[kind];
  await db.query(
    `update auth.users set ${column.token} = $2, ${column.sentAt} = now(), updated_at = now() ${kind === 'invite' ? ', invited_at = now()' : ''} where id = $1`,
    [user.id, hashedToken],
  );
  if (options.pkce) await createFlowState(db, user.id, options.pkce, AUTH_METHOD_OF[kind]);
  const linkToken = options.pkce ? `${PKCE_PREFIX}${hashedToken}` : hashedToken;
  const link = verificationLink(r.ctx.config.apiUrl, linkToken, kind, options.redirectTo);
  if (options.send) await r.ctx.mail.send(authMail(kind, address, link, otp, kind === 'email_change' ? address : undefined));
  return { otp, hashedToken, linkToken, link, redirectTo: options.redirectTo };
}

export type TokenProof = { tokenHash: string } | { email: string; otp: string };

/**
 * Finds the user a token belongs to and spends the token (it works once).
 * Unknown, spent and expired tokens all answer otp_expired, as GoTrue does,
 * so a guess learns nothing.
 */
export async function consumeToken(
  db: Db,
  type: VerificationType,
  proof: TokenProof,
  expirySeconds: number,
): Promise<{ user: UserRow; kind: MailKind; viaPkce: boolean }> {
  const viaPkce = 'tokenHash' in proof && proof.tokenHash.startsWith(PKCE_PREFIX);
  const hash = 'tokenHash' in proof ? proof.tokenHash.slice(viaPkce ? PKCE_PREFIX.length : 0) : tokenHash(proof.email, proof.otp);
  // Spent tokens are stored as '', which must never match anything.
  if (!/^[0-9a-f]{56}$/.test(hash)) throw otpExpired();
  // A typed `email` code may be either a sign-up confirmation or a magic link.
  const candidates: [MailKind, TokenColumn][] = type === 'email' ? [['signup', CONFIRMATION], ['magiclink', RECOVERY]] : [[type, COLUMN_OF[type]]];
  for (const [kind, column] of candidates) {
    const { rows } = await db.query<UserRow & { sent_at: Date | null }>(
      `select *, ${column.sentAt} as sent_at from auth.users where ${column.token} = $1 and deleted_at is null for update`,
      [hash],
    );
    const user = rows[0];
    if (!user) continue;
    if (!user.sent_at || Date.now() - user.sent_at.getTime() > expirySeconds * 1000) throw otpExpired();
    await db.query(`update auth.users set ${column.token} = '' where id = $1`, [user.id]);
    return { user, kind, viaPkce };
  }
  throw otpExpired();
}
