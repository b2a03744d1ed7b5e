/**
 * Agents for coordinators (spec part 1 §7, part 2 §7): the dashboard's agent
 * cards with their counts (view agent_overview), one coordinator's agents,
 * the unassigned ones (available_agents()), an agent's listings and
 * activity, and assigning or releasing an agent (assign_agent(),
 * unassign_agent(), which also move the agent's listings).
 */
import { z } from '../../_shared/deps.ts';
import { unwrap } from '../db.ts';
import { fetchChildrenPage } from '../embedded-page.ts';
import { route } from '../router.ts';
import { callerAccount, teamInScope } from '../scope.ts';
import { camelize, idParam, pageQuery, pageRange, type PageQuery } from '../shapes.ts';
import { listingShape } from './listings.ts';

const OVERVIEW_COLUMNS = 'id, first_name, last_name, email, profile_image_url, assigned_tc_id, is_test_profile, created_at, listing_count, task_count, open_task_count';

const agentCardShape = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  assignedTcId: z.uuid().nullable(),
  isTestProfile: z.boolean().nullable(),
  createdAt: z.string(),
  listingCount: z.number().int(),
  taskCount: z.number().int(),
  openTaskCount: z.number().int(),
});

const availableAgentShape = agentCardShape.pick({ id: true, firstName: true, lastName: true, email: true, profileImageUrl: true, createdAt: true });

const LISTING_COLUMNS =
  'id, address, seller_name, seller_phone, seller_email, listing_price, status, property_image_url, photo_urls, agent_id, tc_id, created_at, updated_at, tasks(id)';

const agentListingShape = listingShape.extend({ openTaskCount: z.number().int() });

const activityShape = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  listingId: z.uuid().nullable(),
  action: z.string(),
  description: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

interface Sortable<Q> {
  order(column: string): Q;
  range(from: number, to: number): Q;
}

/** People lists sort by name, as the app's (id breaks ties so pages never overlap). */
function sortedPage<Q extends Sortable<Q>>(query: Q, page: PageQuery): Q {
  const [from, to] = pageRange(page);
  return query.order('first_name').order('last_name').order('id').range(from, to);
}

export const agentRoutes = [
  route<Record<string, never>, PageQuery>({
    method: 'GET',
    path: '/agents',
    tag: 'agents',
    summary: "Agent cards with listing and task counts: a coordinator's own agents (their test profile included), every agent for a super admin, an agent's team (paged, by name).",
    query: pageQuery,
    response: z.array(agentCardShape),
    async handler({ caller, query }) {
      const cards = caller.db.from('agent_overview').select(OVERVIEW_COLUMNS);
      // The team named as a filter (its index) instead of every agent walked through RLS;
      // an agent without a team sees their own card only, as RLS allows.
      const account = await callerAccount(caller);
      const team = teamInScope(account);
      const scoped = team === 'all' ? cards : team ? cards.eq('assigned_tc_id', team) : cards.eq('id', account.id);
      return camelize(unwrap(await sortedPage(scoped, query)));
    },
  }),
  route<{ tcId: string }, PageQuery>({
    method: 'GET',
    path: '/agents/by-tc/:tcId',
    tag: 'agents',
    summary: "One coordinator's agent cards (that coordinator or a super admin; 403 otherwise, 404 unknown coordinator), paged by name.",
    params: z.object({ tcId: z.uuid() }),
    query: pageQuery,
    response: z.array(agentCardShape),
    async handler({ caller, params, query }) {
      return camelize(unwrap(await sortedPage(caller.db.rpc('coordinator_agents', { tc_id: params.tcId }).select(OVERVIEW_COLUMNS), query)));
    },
  }),
  route<Record<string, never>, PageQuery>({
    method: 'GET',
    path: '/agents/unassigned',
    tag: 'agents',
    summary: 'Agents without a coordinator: name, e-mail and avatar only (coordinators and super admins; others 403), paged by name.',
    query: pageQuery,
    response: z.array(availableAgentShape),
    async handler({ caller, query }) {
      return camelize(unwrap(await sortedPage(caller.db.rpc('available_agents').select('id, first_name, last_name, email, profile_image_url, created_at'), query)));
    },
  }),
  route<{ agentId: string }, PageQuery>({
    method: 'GET',
    path: '/agents/:agentId/listings',
    tag: 'agents',
    summary: "An agent's listings, newest first, with their open-task count (paged); 404 when the caller may not see the agent.",
    params: z.object({ agentId: z.uuid() }),
    query: pageQuery,
    response: z.array(agentListingShape),
    async handler({ caller, params, query }) {
      const rows = (await fetchChildrenPage(caller.db, {
        parent: 'users',
        id: params.agentId,
        embed: 'listings!listings_agent_id_fkey',
        columns: LISTING_COLUMNS,
        page: query,
        notFound: 'Agent not found',
        where: [['tasks.status', 'neq', 'completed']],
        idDescending: false,
      })) as { tasks: unknown[] }[];
      return rows.map(({ tasks, ...listing }) => ({ ...camelize(listing), openTaskCount: tasks.length }));
    },
  }),
  route<{ agentId: string }, PageQuery>({
    method: 'GET',
    path: '/activity-log/user/:agentId',
    tag: 'agents',
    summary: 'What one account did, newest first (the account, its coordinator, a super admin; 404 otherwise), paged.',
    params: z.object({ agentId: z.uuid() }),
    query: pageQuery,
    response: z.array(activityShape),
    async handler({ caller, params, query }) {
      const page = { parent: 'users', id: params.agentId, embed: 'activity_log', columns: 'id, user_id, listing_id, action, description, metadata, created_at', page: query };
      return camelize(await fetchChildrenPage(caller.db, { ...page, notFound: 'User not found', idDescending: false }));
    },
  }),
  route<{ id: string }, Record<string, never>, { tcId?: string }>({
    method: 'POST',
    path: '/agents/:id/assign-tc',
    tag: 'agents',
    summary: "Assigns an agent to a coordinator (assign_agent): a coordinator takes an unassigned agent (tcId omitted or their own id), a super admin names any coordinator. The agent's listings follow.",
    params: idParam,
    body: { json: z.object({ tcId: z.uuid().optional() }).strict() },
    async handler({ caller, params, body }) {
      unwrap(await caller.db.rpc('assign_agent', body.tcId ? { agent_id: params.id, tc_id: body.tcId } : { agent_id: params.id }));
    },
  }),
  route<{ id: string }>({
    method: 'POST',
    path: '/agents/:id/unassign-tc',
    tag: 'agents',
    summary: 'Releases an agent from their coordinator (unassign_agent: that coordinator or a super admin). The body `{}` is accepted and not read.',
    params: idParam,
    async handler({ caller, params }) {
      unwrap(await caller.db.rpc('unassign_agent', { agent_id: params.id }));
    },
  }),
];
