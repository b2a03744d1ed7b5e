/**
 * Joining and choosing an account (spec part 2 §2 'Onboarding', 'Account
 * selection', §4, §7): the invitation behind an onboarding link (public: only
 * what the screen shows), completing onboarding, forced account creation, the
 * caller's own accounts and switching between them — each one database
 * function or query, which decide who may do what.
 */
import { createClient, z } from '../../_shared/deps.ts';
import { HttpError } from '../../_shared/http.ts';
import { found, unwrap } from '../db.ts';
import { route } from '../router.ts';
import { camelize } from '../shapes.ts';

const ACCOUNT_COLUMNS = 'id, first_name, last_name, email, role, created_at';
const accountShape = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.enum(['agent', 'tc', 'super_admin']),
  createdAt: z.string(),
});

const onboardingInvitationShape = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(['tc', 'agent']),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isUsed: z.boolean(),
  used: z.boolean(),
  expired: z.boolean(),
});

const personName = (field: string) => z.string().trim().min(1, `${field} is required`).max(100, `${field}: at most 100 characters`);
const completion = z.object({ invitationId: z.uuid({ error: 'invitationId must be the id from the invitation link' }), firstName: personName('firstName'), lastName: personName('lastName') });

/** A client without a session: get_invitation() is open to anyone holding the id (the link), whoever calls. */
function anonymousClient() {
  const url = Deno.env.get('SUPABASE_URL');
  const anonKey = Deno.env.get('SUPABASE_ANON_KEY');
  if (!url || !anonKey) throw new Error('SUPABASE_URL / SUPABASE_ANON_KEY are not set');
  return createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
}

export const onboardingRoutes = [
  route<{ invitationId: string }>({
    method: 'GET',
    path: '/onboarding/invitation/:invitationId',
    tag: 'onboarding',
    auth: 'none',
    summary: 'The invitation of an onboarding link (public; only e-mail, role, names, used, expired). 404 for an unknown id.',
    params: z.object({ invitationId: z.uuid() }),
    response: onboardingInvitationShape,
    async handler({ params }) {
      const row = found(await anonymousClient().rpc('get_invitation', { invitation_id: params.invitationId }).maybeSingle(), 'Invitation not found');
      return { ...camelize(row as Record<string, unknown>), isUsed: (row as { used: boolean }).used };
    },
  }),
  route<Record<string, never>, Record<string, never>, z.infer<typeof completion>>({
    method: 'POST',
    path: '/onboarding/complete',
    tag: 'onboarding',
    summary:
      "Completes onboarding for the signed-in invitee (the invited e-mail): the account of the invited role with the names, the invitation used, the account made active. 404 unknown or another e-mail's invitation, 409 used, 410 expired.",
    body: { json: completion },
    response: z.object({ accountReady: z.boolean(), accountId: z.uuid(), role: z.enum(['tc', 'agent']) }),
    async handler({ caller, body }) {
      const answer = unwrap(await caller.db.rpc('complete_onboarding', { invitation_id: body.invitationId, first_name: body.firstName, last_name: body.lastName }));
      return camelize(answer as Record<string, unknown>);
    },
  }),
  route({
    method: 'POST',
    path: '/force-account-creation',
    tag: 'onboarding',
    summary: "The caller's active account, created first when the sign-in has none (agent, or a pending invitation's role only with proof of its mail); answers its role.",
    body: { json: z.object({}) },
    response: z.object({ role: z.enum(['agent', 'tc', 'super_admin']), accountId: z.uuid() }),
    async handler({ caller }) {
      const account = found(await caller.db.rpc('ensure_account').select('id, role').maybeSingle(), 'No account could be created');
      const { id, role } = account as { id: string; role: string };
      return { role, accountId: id };
    },
  }),
  route<{ email: string }>({
    method: 'GET',
    path: '/account-selection/:email',
    tag: 'onboarding',
    summary: "The accounts of the caller's own sign-in, oldest first; another e-mail is 403 (nobody lists someone else's accounts).",
    params: z.object({ email: z.email() }),
    response: z.array(accountShape),
    async handler({ caller, params }) {
      if (params.email.toLowerCase() !== (caller.user.email ?? '').toLowerCase()) {
        throw new HttpError(403, 'forbidden', 'You can only list the accounts of your own sign-in');
      }
      return camelize(unwrap(await caller.db.from('users').select(ACCOUNT_COLUMNS).eq('auth_user_id', caller.user.id).order('created_at').order('id')));
    },
  }),
  route<Record<string, never>, Record<string, never>, { userId: string }>({
    method: 'POST',
    path: '/switch-account',
    tag: 'onboarding',
    summary: "Makes one of the caller's own accounts the active one for every later call (404 unknown account, 403 another sign-in's); answers it.",
    body: { json: z.object({ userId: z.uuid({ error: 'userId must be an account id' }) }) },
    response: accountShape,
    async handler({ caller, body }) {
      return camelize(unwrap(await caller.db.rpc('switch_account', { account_id: body.userId }).select(ACCOUNT_COLUMNS).single()));
    },
  }),
];
