/**
 * The admin console (spec part 2 §2 'Admin page', §7): accounts, listings and
 * invitations in pages with the console's search, the System Stats counts,
 * sending and deleting invitations, deleting accounts. Super admins only: the
 * database functions answer 403 'Super admin access required' to anyone else
 * (admin_users(), admin_listings(), admin_invitations(), admin_stats(),
 * delete_user(); the invitations function checks the same).
 */
import { z } from '../../_shared/deps.ts';
import { callFunctionJson } from '../function-call.ts';
import { found, unwrap } from '../db.ts';
import { route } from '../router.ts';
import { camelize, idParam, pageQuery, type PageQuery } from '../shapes.ts';

/** The console's search box: every word must appear in one of the shown columns. */
const adminQuery = pageQuery.extend({ search: z.string().max(200).default('').describe('Words to find (every word must match).') });
type AdminQuery = PageQuery & { search: string };

const pageArgs = (query: AdminQuery) => ({ search: query.search, page_limit: query.limit, page_offset: query.offset });

const nameShape = z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable();

const USER_COLUMNS = 'id, first_name, last_name, email, profile_image_url, role, original_role, assigned_tc_id, created_at, coordinator:assigned_tc_id(first_name, last_name)';
const adminUserShape = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  role: z.string(),
  originalRole: z.string().nullable(),
  assignedTcId: z.uuid().nullable(),
  createdAt: z.string(),
  coordinator: nameShape,
});

const LISTING_COLUMNS = 'id, address, seller_name, listing_price, status, created_at, agent_id, tc_id, agent:users!agent_id(first_name, last_name)';
const adminListingShape = z.object({
  id: z.uuid(),
  address: z.string(),
  sellerName: z.string().nullable(),
  listingPrice: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  agentId: z.uuid().nullable(),
  tcId: z.uuid().nullable(),
  agent: nameShape,
});

const INVITATION_COLUMNS = 'id, email, role, used, used_at, expires_at, created_at';
export const invitationShape = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(['tc', 'agent']),
  /** Spec part 2 §3 Invitation: `isUsed`; `used` is the column's own name. */
  isUsed: z.boolean(),
  used: z.boolean(),
  usedAt: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});

/** An invitations row in the spec shape (`isUsed` next to `used`). */
function presentInvitation(row: { used: boolean }) {
  return { ...camelize(row), isUsed: row.used };
}

const newInvitation = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email({ error: 'Enter a valid e-mail address' })),
  role: z.enum(['tc', 'agent'], { error: "role must be 'tc' or 'agent'" }),
});

export const adminRoutes = [
  route<Record<string, never>, AdminQuery>({
    method: 'GET',
    path: '/admin/users',
    tag: 'admin',
    summary: 'Super admin: every account, newest first, with its coordinator (paged; `search` by name or e-mail).',
    query: adminQuery,
    response: z.array(adminUserShape),
    async handler({ caller, query }) {
      return camelize(unwrap(await caller.db.rpc('admin_users', pageArgs(query)).select(USER_COLUMNS)));
    },
  }),
  route<Record<string, never>, AdminQuery>({
    method: 'GET',
    path: '/admin/listings',
    tag: 'admin',
    summary: "Super admin: every listing, newest first, with its agent's name (paged; `search` by address or seller).",
    query: adminQuery,
    response: z.array(adminListingShape),
    async handler({ caller, query }) {
      return camelize(unwrap(await caller.db.rpc('admin_listings', pageArgs(query)).select(LISTING_COLUMNS)));
    },
  }),
  route<Record<string, never>, AdminQuery>({
    method: 'GET',
    path: '/admin/invitations',
    tag: 'admin',
    summary: 'Super admin: every invitation, newest first (paged; `search` by e-mail).',
    query: adminQuery,
    response: z.array(invitationShape),
    async handler({ caller, query }) {
      const rows = unwrap(await caller.db.rpc('admin_invitations', pageArgs(query)).select(INVITATION_COLUMNS));
      return (rows as { used: boolean }[]).map(presentInvitation);
    },
  }),
  route({
    method: 'GET',
    path: '/admin/stats',
    tag: 'admin',
    summary: 'Super admin: the System Stats counts (totalUsers, activeListings = live listings, totalAgents, totalTcs, closedListings) and the tab totals.',
    response: z.object({
      totalUsers: z.number(),
      totalListings: z.number(),
      activeListings: z.number(),
      totalAgents: z.number(),
      totalTcs: z.number(),
      totalInvitations: z.number(),
      closedListings: z.number(),
    }),
    async handler({ caller }) {
      const stats = found(await caller.db.rpc('admin_stats').maybeSingle(), 'No statistics');
      return camelize(stats as Record<string, unknown>);
    },
  }),
  route<Record<string, never>, Record<string, never>, z.infer<typeof newInvitation>>({
    method: 'POST',
    path: '/admin/invitations',
    tag: 'admin',
    summary: 'Super admin: invites an e-mail as `tc` or `agent` and mails the onboarding link (through the invitations function). 409 when one is already pending.',
    body: { json: newInvitation },
    status: 201,
    response: invitationShape,
    async handler({ caller, body }) {
      const answer = await callFunctionJson<{ invitation: Record<string, unknown> & { is_used: boolean } }>(caller, 'invitations', {
        body: { action: 'send', email: body.email, role: body.role },
      });
      const { is_used: used, ...invitation } = answer.invitation;
      return { ...camelize(invitation), isUsed: used, used, usedAt: null };
    },
  }),
  route<{ id: string }>({
    method: 'DELETE',
    path: '/admin/invitations/:id',
    tag: 'admin',
    summary: 'Super admin: deletes an invitation; its link stops working.',
    params: idParam,
    async handler({ caller, params }) {
      found(await caller.db.from('invitations').delete().eq('id', params.id).select('id').maybeSingle(), 'Invitation not found');
    },
  }),
  route<{ id: string }>({
    method: 'DELETE',
    path: '/admin/users/:id',
    tag: 'admin',
    summary: "Super admin: deletes an account (and its sign-in when it was the last); shared work stays with no owner. 409 for the caller's own active account.",
    params: idParam,
    async handler({ caller, params }) {
      unwrap(await caller.db.rpc('delete_user', { account_id: params.id }));
    },
  }),
];
