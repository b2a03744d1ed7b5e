/**
 * Invitations by e-mail, for super admins only.
 *
 *   { action: 'send', email, role: 'tc' | 'agent' }  -> 200 { invitation }
 *   { action: 'resend', invitationId }                -> 200 { invitation }
 *
 * The row is written with the caller's own token, so the table's RLS (super
 * admins only, invited_by = the caller's account) decides as well; the mail
 * goes through Supabase Auth (locally the mail viewer, hosted the project's
 * SMTP) and leads to /onboarding?invitation={id}:
 *   - a new address gets Auth's invite (auth.admin.inviteUserByEmail) with the
 *     invitation id in its metadata; the link signs the invitee in;
 *   - an address that already has a sign-in gets a sign-in link to the same
 *     page, where onboarding adds an account with the invited role.
 * Errors are 4xx `{ message, error: { code, message } }`.
 */
import type { SupabaseClient } from '../_shared/deps.ts';
import { z } from '../_shared/deps.ts';
import { HttpError, handler, json } from '../_shared/http.ts';
import { createAdminClient, createUserClient, requireUser } from '../_shared/supabase.ts';
import { parseJsonBody } from '../_shared/validate.ts';

const bodySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('send'),
    email: z.string().trim().toLowerCase().pipe(z.email({ error: 'enter a valid e-mail address' })),
    role: z.enum(['tc', 'agent'], { error: "must be 'tc' or 'agent'" }),
  }),
  z.object({ action: z.literal('resend'), invitationId: z.uuid({ error: 'must be a uuid' }) }),
]);

const COLUMNS = 'id, email, role, used, expires_at, created_at';

interface InvitationRow {
  id: string;
  email: string;
  role: string;
  used: boolean;
  expires_at: string;
  created_at: string;
}

/** The interface's shape: `is_used` is the admin screen's name for `used`. */
function present(row: InvitationRow) {
  return { id: row.id, email: row.email, role: row.role, is_used: row.used, expires_at: row.expires_at, created_at: row.created_at };
}

/** Where the mailed link leads: the app that made the call (allowed by Auth's redirect list), else Auth's site URL. */
function onboardingUrl(req: Request, invitationId: string): string | undefined {
  const origin = req.headers.get('Origin') ?? Deno.env.get('SITE_URL');
  return origin ? `${origin.replace(/\/$/, '')}/onboarding?invitation=${invitationId}` : undefined;
}

async function requireSuperAdmin(db: SupabaseClient): Promise<void> {
  const { data, error } = await db.rpc('is_super_admin');
  if (error) throw new Error(`is_super_admin failed: ${error.message}`);
  if (data !== true) throw new HttpError(403, 'forbidden', 'Super admin access required');
}

/** Sends the invitation mail through Auth: an invite for a new address, a sign-in link for a known one. */
async function mailInvitation(req: Request, invitation: InvitationRow): Promise<void> {
  const admin = createAdminClient();
  const redirectTo = onboardingUrl(req, invitation.id);
  const invited = await admin.auth.admin.inviteUserByEmail(invitation.email, {
    redirectTo,
    data: { invitation_id: invitation.id },
  });
  if (!invited.error) return;
  if (invited.error.code !== 'email_exists') throw new Error(`invite mail failed: ${invited.error.message}`);
  const link = await admin.auth.signInWithOtp({ email: invitation.email, options: { shouldCreateUser: false, emailRedirectTo: redirectTo } });
  if (link.error) {
    const status = link.error.status === 429 ? 429 : 502;
    throw new HttpError(status, 'mail_failed', `The invitation was saved but its e-mail could not be sent: ${link.error.message}`);
  }
}

async function send(req: Request, db: SupabaseClient, email: string, role: string) {
  const pending = await db
    .from('invitations')
    .select('id')
    .ilike('email', email.replace(/[\\%_]/g, '\\$&'))
    .eq('role', role)
    .eq('used', false)
    .gt('expires_at', new Date().toISOString())
    .limit(1);
  if (pending.error) throw new Error(pending.error.message);
  if (pending.data.length > 0) throw new HttpError(409, 'conflict', 'An invitation for this e-mail and role is already pending');

  // invited_by is set by the database to the caller's active account.
  const inserted = await db
    .from('invitations')
    .insert({ email, role })
    .select(COLUMNS)
    .single<InvitationRow>();
  if (inserted.error) throw new Error(inserted.error.message);
  await mailInvitation(req, inserted.data);
  return json({ invitation: present(inserted.data) });
}

async function resend(req: Request, db: SupabaseClient, invitationId: string) {
  const found = await db.from('invitations').select(COLUMNS).eq('id', invitationId).maybeSingle<InvitationRow>();
  if (found.error) throw new Error(found.error.message);
  if (!found.data) throw new HttpError(404, 'not_found', 'Invitation not found');
  if (found.data.used) throw new HttpError(409, 'conflict', 'This invitation has already been used');
  // A resent invitation gets a fresh lifetime as long as the one it was created with.
  const lifetimeMs = Date.parse(found.data.expires_at) - Date.parse(found.data.created_at);
  const updated = await db
    .from('invitations')
    .update({ expires_at: new Date(Date.now() + lifetimeMs).toISOString() })
    .eq('id', invitationId)
    .select(COLUMNS)
    .single<InvitationRow>();
  if (updated.error) throw new Error(updated.error.message);
  await mailInvitation(req, updated.data);
  return json({ invitation: present(updated.data) });
}

Deno.serve(
  handler(async (req) => {
    if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST');
    await requireUser(req);
    const db = createUserClient(req);
    await requireSuperAdmin(db);
    const body = await parseJsonBody(req, bodySchema);
    return body.action === 'send' ? send(req, db, body.email, body.role) : resend(req, db, body.invitationId);
  }),
);
