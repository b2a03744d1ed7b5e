/**
 * Sign-in state: the caller's account (GET /api/auth/user), the session
 * cookie of same-origin browser calls, which the app sets after sign-in and
 * token refresh and clears at sign-out (POST / DELETE /api/auth/session), and
 * the browser routes /api/login and /api/logout (spec part 1 §2, §7) for hosts
 * that rewrite every `/api/*` path to this function (docs/api.md).
 *
 * Those two redirect to a fixed path, not a URL: the browser resolves it
 * against the address it asked for, which is the app's origin when the host
 * rewrites `/api/*` there. No parameter reaches the Location header, so they
 * can never send anyone to another site.
 */
import { z } from '../../_shared/deps.ts';
import { HttpError } from '../../_shared/http.ts';
import { verifyAccessToken } from '../../_shared/token.ts';
import { unwrap } from '../db.ts';
import { route } from '../router.ts';
import { clearedSessionCookie, endSession, sessionCookie } from '../session.ts';
import { camelize } from '../shapes.ts';

const roles = z.enum(['agent', 'tc', 'super_admin']);

export const userShape = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  role: roles,
  originalRole: roles.nullable(),
  assignedTcId: z.uuid().nullable(),
  profileImageUrl: z.string().nullable(),
  mlsSystem: z.string().nullable(),
  mlsUsername: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  brokerage: z.string().nullable(),
  brokerageAddress: z.string().nullable(),
  createdAt: z.string(),
  canSwitchRole: z.boolean(),
});

export const authRoutes = [
  route<Record<string, never>, { invitation?: string }>({
    method: 'GET',
    path: '/auth/user',
    tag: 'auth',
    summary: "The caller's active account (spec part 2 §3 User). `invitation` is accepted for old clients; accounts are created by POST /api/onboarding/complete.",
    query: z.object({ invitation: z.uuid().optional().describe('Invitation id (accepted, not needed).') }),
    response: userShape,
    async handler({ caller }) {
      const account = unwrap(await caller.db.rpc('current_account'));
      if (!account) throw new HttpError(404, 'not_found', 'This sign-in has no account yet');
      return camelize(account as Record<string, unknown>);
    },
  }),
  route<Record<string, never>, Record<string, never>, { accessToken: string }>({
    method: 'POST',
    path: '/auth/session',
    tag: 'auth',
    auth: 'none',
    summary: 'Sets the HttpOnly session cookie of same-origin browser calls from a valid access token (the app calls it after sign-in and each token refresh).',
    body: { json: z.object({ accessToken: z.string().min(20).max(8192) }) },
    async handler({ req, body }) {
      if (!(await verifyAccessToken(body.accessToken))) throw new HttpError(401, 'unauthorized', 'Unauthorized');
      return new Response(null, { status: 204, headers: { 'Set-Cookie': sessionCookie(req, body.accessToken), 'Cache-Control': 'no-store' } });
    },
  }),
  route({
    method: 'DELETE',
    path: '/auth/session',
    tag: 'auth',
    auth: 'none',
    summary: 'Clears the session cookie (the app calls it at sign-out).',
    async handler({ req }) {
      return new Response(null, { status: 204, headers: { 'Set-Cookie': clearedSessionCookie(req), 'Cache-Control': 'no-store' } });
    },
  }),
  route({
    method: 'GET',
    path: '/login',
    tag: 'auth',
    auth: 'none',
    status: 302,
    redirect: "The app's sign-in page, `/login` on the same origin.",
    summary: "Browser navigation to /api/login (part 1 §2): redirects (302) to the app's sign-in page, `/login` on the same origin. No session needed.",
    async handler() {
      return redirectTo('/login', 302);
    },
  }),
  ...(['GET', 'POST'] as const).map((method) =>
    route({
      method,
      path: '/logout',
      tag: 'auth',
      auth: 'none',
      status: method === 'GET' ? 302 : 303,
      redirect: 'The landing page, `/` on the same origin.',
      summary: `${method === 'GET' ? 'Browser navigation to /api/logout (part 1 §2)' : 'Sign-out by form or script'}: ends the session the request carries (Supabase Auth revokes it), clears the session cookie and the app's stored session (Clear-Site-Data: "storage"), then redirects (${method === 'GET' ? 302 : 303}) to the landing page, \`/\`. Also without a session.`,
      async handler({ req }) {
        await endSession(req);
        return redirectTo('/', method === 'GET' ? 302 : 303, { 'Set-Cookie': clearedSessionCookie(req), 'Clear-Site-Data': '"storage"' });
      },
    }),
  ),
];

/** A redirect to a fixed path of the app's origin, never cached (it depends on the session). */
function redirectTo(path: '/' | '/login', status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { Location: path, 'Cache-Control': 'no-store', ...headers } });
}
