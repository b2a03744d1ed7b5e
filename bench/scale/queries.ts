/**
 * Every list and count the app and the /api surface read, written as they
 * send them (same table, columns, embeddings, filters, order and page; the
 * app's modules that import through '@/' cannot be loaded outside Vite, the
 * search filters of src/lib/person-search.ts are used as they are). Each runs as its real
 * user and, for the baseline, as service role with the same `sub`, so
 * functions that ask who is calling answer the same while RLS is bypassed.
 * Where the /api function sends the same request as a screen, it is listed
 * once, under the screen.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { personSearchFilters } from '../../src/lib/person-search.ts';

export type Actor = 'agent' | 'coordinator' | 'admin';

export interface ScaleContext {
  agentId: string;
  coordinatorId: string;
  adminId: string;
  listingId: string;
  channelId: string;
  /** The coordinator's agents (for baselines of calls that rely on RLS alone). */
  coordinatorAgentIds: string[];
}

export interface Answer {
  data: unknown;
  error: unknown;
  count?: number | null;
}

export interface ScaleQuery {
  name: string;
  actor: Actor;
  run(db: SupabaseClient, ctx: ScaleContext): PromiseLike<Answer>;
  /**
   * The baseline, when the call names no filter (old /api clients) and RLS
   * alone narrows it: the same rows selected by explicit filters as service role.
   */
  service?(db: SupabaseClient, ctx: ScaleContext): PromiseLike<Answer>;
}

const PERSON = 'id, first_name, last_name, email, role, profile_image_url';
/** The admin picker's search for one agent's e-mail, as the app writes it (agent 7 exists at both sizes). */
const [PICKER_SEARCH] = personSearchFilters('bench-agent-7@bench.test');
const TASK_COLUMNS =
  'id, listing_id, title, description, priority, status, agent_response, is_read_by_agent, responded_at, due_date, completed_at, last_reminded_at, created_at, assigned_to_id, created_by_id, assigned_to:users!tasks_assigned_to_id_fkey(first_name, last_name, profile_image_url)';
const DOCUMENT_COLUMNS =
  'id, listing_id, team_tc_id, is_general, file_name, file_url, file_type, file_size, uploaded_by, created_at, uploaded_by_user:users!documents_uploaded_by_fkey(first_name, last_name, email)';
const FEED_MESSAGE_COLUMNS =
  'id, listing_id, team_tc_id, sender_id, content, is_voice, voice_url, duration, created_at, sender:users!messages_sender_id_fkey(first_name, last_name, email, profile_image_url)';
const CHAT_COLUMNS = `id, channel_id, sender_id, content, message_type, is_pinned, is_thread_reply, parent_message_id, created_at, updated_at, edited_at, sender:users!tc_team_messages_sender_id_fkey(${PERSON})`;
const NOTIFICATION_COLUMNS = 'id, user_id, type, title, content, is_read, action_url, created_at';
const ADMIN_LISTING_COLUMNS = 'id, address, seller_name, listing_price, status, created_at, agent_id, tc_id, agent:users!agent_id(first_name, last_name)';
const API_LISTING_COLUMNS = 'id, address, seller_name, seller_phone, seller_email, listing_price, status, property_image_url, photo_urls, agent_id, tc_id, created_at, updated_at';
const API_CHANNEL_COLUMNS = 'id, name, description, is_private, created_by_id, created_at, updated_at';
/** The agent picker (New Listing, insights filter): names of one page of agents. */
const PICKER_COLUMNS = 'id, first_name, last_name, email';
const OVERVIEW_COLUMNS = 'id, first_name, last_name, email, profile_image_url, assigned_tc_id, is_test_profile, listing_count, task_count, open_task_count';
const NOTE_COLUMNS = 'id, listing_id, user_id, content, is_voice, is_email, voice_url, duration, created_at, updated_at, user:users!notes_user_id_fkey(first_name, last_name, role, profile_image_url)';
/** The listing's History tab (src/features/listing-history/api/get-listing-events.ts). */
const HISTORY_COLUMNS = 'id, kind, from_value, to_value, reason, detail, at, actor_id, actor:users!listing_events_actor_id_fkey(first_name, last_name)';
const ADMIN_PAGE = 25;
/** The deadline lists' row, as src/features/contracts/api/deadline-list-columns.ts asks for it: the deadline, its contract's zone, the listing's address and agent. */
const DEADLINE_COLUMNS =
  'id, contract_id, listing_id, key, label, due_at, computed_due_at, due_at_override, is_custom, status, listing_agent_id, contract:contracts(time_zone, form, listing:listings(address, agent:users!listings_agent_id_fkey(first_name, last_name)))';
/** The Deadlines screen shows overdue, today and the next 14 days: everything due before now + 15 days (deadlinesHorizon()). */
const DEADLINE_HORIZON = new Date(Date.now() + 15 * 86_400_000).toISOString();
/** A page of 25 and one more to tell whether another follows (DEADLINES_PAGE). */
const DEADLINE_PAGE = 25 + 1;

const listingCards = (db: SupabaseClient, agentId: string, limit: number, status?: string) => {
  let query = db
    .from('listings')
    .select('id, address, seller_name, listing_price, status, agent_id, tc_id, created_at, unread_tasks:tasks(count)')
    .eq('agent_id', agentId)
    .eq('unread_tasks.assigned_to_id', agentId)
    .is('unread_tasks.is_read_by_agent', false);
  if (status) query = query.eq('status', status);
  return query.order('created_at', { ascending: false }).order('id').range(0, limit - 1);
};

const notificationsPage = (db: SupabaseClient, userId: string, unread = false) => {
  let query = db.from('notifications').select(NOTIFICATION_COLUMNS).eq('user_id', userId);
  if (unread) query = query.is('is_read', false);
  return query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(20);
};

/**
 * The Deadlines screen's first page as getDeadlinePage() sends it (Part C):
 * open deadlines of active contracts due before the horizon, overdue first,
 * a coordinator's named by listing_tc_id = me (RLS still decides), a super
 * admin's all; optionally one agent's or one kind.
 */
const deadlinesPage = (db: SupabaseClient, filters: { coordinatorId?: string; agentId?: string; kind?: string } = {}) => {
  let query = db.from('contract_deadlines').select(DEADLINE_COLUMNS).eq('status', 'open').eq('contract_status', 'active').lt('due_at', DEADLINE_HORIZON);
  if (filters.coordinatorId) query = query.eq('listing_tc_id', filters.coordinatorId);
  if (filters.agentId) query = query.eq('listing_agent_id', filters.agentId);
  if (filters.kind) query = query.eq('key', filters.kind);
  return query.order('due_at').order('id').limit(DEADLINE_PAGE);
};

const unreadNotifications = (db: SupabaseClient, userId: string) =>
  db.from('notifications').select('id', { count: 'exact', head: true }).eq('user_id', userId).is('is_read', false);

export const SCALE_QUERIES: ScaleQuery[] = [
  // --- the agent's screens
  { name: 'agent: listing stats', actor: 'agent', run: (db, c) => db.rpc('listing_stats', { agent_id: c.agentId }) },
  { name: 'agent: recent listings (5) + unread tasks', actor: 'agent', run: (db, c) => listingCards(db, c.agentId, 5) },
  { name: 'agent: all listings page 20', actor: 'agent', run: (db, c) => listingCards(db, c.agentId, 20) },
  { name: 'agent: listings by status', actor: 'agent', run: (db, c) => listingCards(db, c.agentId, 20, 'live') },
  { name: 'agent: my listings (24 + 1)', actor: 'agent', run: (db, c) => db.from('listings').select('*').eq('agent_id', c.agentId).order('created_at', { ascending: false }).order('id').range(0, 24) },
  { name: 'agent: my tasks (25 + 1)', actor: 'agent', run: (db, c) => db.from('tasks').select(TASK_COLUMNS).eq('assigned_to_id', c.agentId).order('created_at', { ascending: false }).order('id').range(0, 25) },
  { name: 'agent: unread task count', actor: 'agent', run: (db, c) => db.from('tasks').select('id', { count: 'exact', head: true }).eq('assigned_to_id', c.agentId).is('is_read_by_agent', false) },
  { name: 'agent: notifications page', actor: 'agent', run: (db, c) => notificationsPage(db, c.agentId) },
  { name: 'agent: unread notifications page', actor: 'agent', run: (db, c) => notificationsPage(db, c.agentId, true) },
  { name: 'agent: unread notification count', actor: 'agent', run: (db, c) => unreadNotifications(db, c.agentId) },
  { name: 'agent: activity (20 + 1)', actor: 'agent', run: (db, c) => db.from('activity_log').select('id, action, description, listing_id, created_at').eq('user_id', c.agentId).order('created_at', { ascending: false }).order('id').range(0, 20) },
  { name: 'agent: team messages page', actor: 'agent', run: (db, c) => db.from('messages').select(FEED_MESSAGE_COLUMNS).eq('team_tc_id', c.coordinatorId).eq('is_general', true).order('created_at', { ascending: false }).order('id', { ascending: false }).limit(30) },
  { name: 'agent: team documents page + count', actor: 'agent', run: (db, c) => db.from('documents').select(DOCUMENT_COLUMNS, { count: 'exact' }).eq('is_general', true).eq('team_tc_id', c.coordinatorId).order('created_at', { ascending: false }).order('id').range(0, 19) },
  // --- one listing (agent's view; the coordinator's reads the same rows)
  { name: 'listing: detail', actor: 'agent', run: (db, c) => db.from('listings').select('*').eq('id', c.listingId).maybeSingle() },
  { name: 'listing: notes', actor: 'agent', run: (db, c) => db.from('notes').select(NOTE_COLUMNS).eq('listing_id', c.listingId).order('created_at', { ascending: false }) },
  { name: 'listing: messages page', actor: 'agent', run: (db, c) => db.from('messages').select(FEED_MESSAGE_COLUMNS).eq('listing_id', c.listingId).order('created_at', { ascending: false }).order('id', { ascending: false }).limit(30) },
  { name: 'listing: tasks', actor: 'coordinator', run: (db, c) => db.from('tasks').select(TASK_COLUMNS).eq('listing_id', c.listingId).order('created_at', { ascending: false }) },
  { name: 'listing: documents', actor: 'coordinator', run: (db, c) => db.from('documents').select(DOCUMENT_COLUMNS).eq('listing_id', c.listingId).order('created_at', { ascending: false }) },
  {
    name: 'listing: history page',
    actor: 'agent',
    run: (db, c) =>
      db.from('listing_events').select(HISTORY_COLUMNS).eq('listing_id', c.listingId).order('at', { ascending: false }).order('id', { ascending: false }).limit(20),
  },
  { name: 'listing: coordinator responses', actor: 'agent', run: (db, c) => db.from('tc_responses').select('id, listing_id, response_type, content, is_read, created_at, tc:users!tc_responses_tc_id_fkey(first_name, last_name, profile_image_url)').eq('listing_id', c.listingId).order('created_at', { ascending: false }).limit(50) },
  { name: 'listing: e-mail review inbox', actor: 'coordinator', run: (db, c) => db.from('inbound_emails').select('id, sender, sender_name, subject, attachments, received_at', { count: 'exact' }).eq('listing_id', c.listingId).eq('status', 'pending_review').order('received_at', { ascending: false }).limit(20) },
  // --- the coordinator's screens
  { name: 'coordinator: agent cards', actor: 'coordinator', run: (db, c) => db.from('agent_overview').select(OVERVIEW_COLUMNS).eq('assigned_tc_id', c.coordinatorId).order('first_name').order('last_name').order('id') },
  { name: 'coordinator: assigned agents page + count', actor: 'coordinator', run: (db, c) => db.from('agent_overview').select('id, first_name, last_name, email, profile_image_url, is_test_profile', { count: 'exact' }).eq('assigned_tc_id', c.coordinatorId).order('first_name').order('last_name').order('id').range(0, 19) },
  { name: "coordinator: an agent's listings + open tasks", actor: 'coordinator', run: (db, c) => db.from('listings').select('id, address, status, listing_price, seller_name, created_at, tasks(id)', { count: 'exact' }).eq('agent_id', c.agentId).neq('tasks.status', 'completed').order('created_at', { ascending: false }).order('id').range(0, 19) },
  { name: "coordinator: an agent's tasks", actor: 'coordinator', run: (db, c) => db.from('tasks').select(TASK_COLUMNS).eq('assigned_to_id', c.agentId).order('created_at', { ascending: false }).order('id').range(0, 25) },
  { name: 'coordinator: agent picker (first page)', actor: 'coordinator', run: (db, c) => db.from('agent_overview').select(PICKER_COLUMNS).eq('assigned_tc_id', c.coordinatorId).order('first_name').order('last_name').order('id').limit(21) },
  { name: "coordinator: an agent's listing stats", actor: 'coordinator', run: (db, c) => db.rpc('listing_stats', { agent_id: c.agentId }) },
  { name: 'coordinator: team messages page', actor: 'coordinator', run: (db, c) => db.from('messages').select(FEED_MESSAGE_COLUMNS).eq('team_tc_id', c.coordinatorId).eq('is_general', true).order('created_at', { ascending: false }).order('id', { ascending: false }).limit(30) },
  { name: 'coordinator: notifications page', actor: 'coordinator', run: (db, c) => notificationsPage(db, c.coordinatorId) },
  { name: 'coordinator: unread notification count', actor: 'coordinator', run: (db, c) => unreadNotifications(db, c.coordinatorId) },
  { name: 'deadlines: coordinator screen page', actor: 'coordinator', run: (db, c) => deadlinesPage(db, { coordinatorId: c.coordinatorId }) },
  { name: 'deadlines: coordinator screen, one agent', actor: 'coordinator', run: (db, c) => deadlinesPage(db, { coordinatorId: c.coordinatorId, agentId: c.agentId }) },
  { name: 'deadlines: coordinator screen, one kind', actor: 'coordinator', run: (db, c) => deadlinesPage(db, { coordinatorId: c.coordinatorId, kind: 'option_period_end' }) },
  {
    name: "deadlines: agent's next deadlines (5)",
    actor: 'agent',
    run: (db, c) => db.from('contract_deadlines').select(DEADLINE_COLUMNS).eq('listing_agent_id', c.agentId).eq('status', 'open').eq('contract_status', 'active').order('due_at').order('id').limit(5),
  },
  { name: 'coordinator: workflow statistics', actor: 'coordinator', run: (db) => db.rpc('workflow_stats', {}).single() },
  { name: 'chat: my channels', actor: 'coordinator', run: (db, c) => db.from('tc_channels').select('id, name, description, is_private, created_by_id, member_count:tc_channel_members(count), mine:tc_channel_members!inner(role, tc_id)').eq('mine.tc_id', c.coordinatorId).order('name') },
  { name: 'chat: general page', actor: 'coordinator', run: (db) => db.from('tc_team_messages').select(CHAT_COLUMNS).is('channel_id', null).is('parent_message_id', null).order('created_at', { ascending: false }).order('id', { ascending: false }).limit(30) },
  { name: 'chat: channel page', actor: 'coordinator', run: (db, c) => db.from('tc_team_messages').select(CHAT_COLUMNS).eq('channel_id', c.channelId).is('parent_message_id', null).order('created_at', { ascending: false }).order('id', { ascending: false }).limit(30) },
  { name: 'chat: pinned', actor: 'coordinator', run: (db) => db.from('tc_team_messages').select(CHAT_COLUMNS).is('is_pinned', true).is('channel_id', null).order('created_at', { ascending: false }).limit(50) },
  { name: 'chat: unread counts', actor: 'coordinator', run: (db) => db.rpc('channel_unread_counts') },
  { name: 'chat: coordinators', actor: 'coordinator', run: (db) => db.from('users').select('id, first_name, last_name, email').eq('role', 'tc').order('first_name').order('last_name').limit(200) },
  // --- the super admin's screens
  { name: 'admin: stats', actor: 'admin', run: (db) => db.rpc('admin_stats') },
  { name: 'deadlines: super admin screen page', actor: 'admin', run: (db) => deadlinesPage(db) },
  { name: 'admin: agent picker (first page)', actor: 'admin', run: (db) => db.from('agent_overview').select(PICKER_COLUMNS).order('first_name').order('last_name').order('id').limit(21) },
  {
    name: 'admin: agent picker search',
    actor: 'admin',
    // Every word in a first name, last name or e-mail (src/lib/person-search.ts). The term is one
    // agent's whole e-mail, so the page is the same one row at both sizes (a name such as "agent12"
    // found 0 agents at 1,000 listings and 11 at 100,000): the growth factor is the search's own.
    run: (db) => db.from('agent_overview').select(PICKER_COLUMNS).or(PICKER_SEARCH).order('first_name').order('last_name').order('id').limit(21),
  },
  { name: 'admin: users page + count', actor: 'admin', run: (db) => db.from('users').select('id, first_name, last_name, email, profile_image_url, role, original_role, created_at, coordinator:assigned_tc_id(first_name, last_name)', { count: 'exact' }).order('created_at', { ascending: false }).order('id').range(0, ADMIN_PAGE - 1) },
  {
    name: 'admin: listings page + total',
    actor: 'admin',
    // Page and admin_stats() in parallel, as the listings tab asks for them.
    run: async (db) => {
      const [page, stats] = await Promise.all([db.from('listings').select(ADMIN_LISTING_COLUMNS).order('created_at', { ascending: false }).order('id').range(0, ADMIN_PAGE - 1), db.rpc('admin_stats')]);
      return { data: page.data, error: page.error ?? stats.error, count: (stats.data as { total_listings: number }[] | null)?.[0]?.total_listings };
    },
  },
  { name: 'admin: listing search + count', actor: 'admin', run: (db) => db.rpc('admin_search_listings', { search: '4711 bench' }, { count: 'exact' }).select(ADMIN_LISTING_COLUMNS).order('created_at', { ascending: false }).order('id').range(0, ADMIN_PAGE - 1) },
  { name: 'admin: invitations page + count', actor: 'admin', run: (db) => db.from('invitations').select('id, email, role, used, used_at, expires_at, created_at', { count: 'exact' }).order('created_at', { ascending: false }).order('id').range(0, ADMIN_PAGE - 1) },
  // 12 cards: a page both sizes fill (the 1k brokerage has 16 agents), so the growth compares equal pages.
  { name: 'admin: all agent cards', actor: 'admin', run: (db) => db.from('agent_overview').select(OVERVIEW_COLUMNS).order('first_name').order('last_name').order('id').limit(12) },
  { name: 'admin: available agents + count', actor: 'admin', run: (db) => db.rpc('available_agents', {}, { count: 'exact' }).select('id, first_name, last_name, email, profile_image_url').order('first_name').order('last_name').order('id').range(0, 19) },
  // --- /api calls that send a request no screen sends (default page: 100)
  // The function names the agent's own filter (routes/listing-collection.ts).
  { name: 'api: GET /listings (agent)', actor: 'agent', run: (db, c) => db.from('listings').select(API_LISTING_COLUMNS).eq('agent_id', c.agentId).order('created_at', { ascending: false }).order('id').range(0, 99) },
  {
    name: 'api: GET /listings (coordinator)',
    actor: 'coordinator',
    // The function pages a coordinator's listings through coordinated_listings() (routes/listing-collection.ts).
    run: (db) => db.rpc('coordinated_listings', { page_limit: 100, page_offset: 0, status: null }).select(API_LISTING_COLUMNS),
  },
  { name: 'api: GET /listings/stats (coordinator)', actor: 'coordinator', run: (db) => db.rpc('listing_stats', { agent_id: null }) },
  { name: 'api: GET /listings/:id/notes', actor: 'agent', run: (db, c) => db.from('listings').select(`id, notes(${NOTE_COLUMNS})`).eq('id', c.listingId).order('created_at', { referencedTable: 'notes', ascending: false }).order('id', { referencedTable: 'notes' }).range(0, 99, { referencedTable: 'notes' }).maybeSingle() },
  { name: 'api: GET /notifications', actor: 'agent', run: (db) => db.rpc('my_account').select(`id, notifications(${NOTIFICATION_COLUMNS})`).order('created_at', { referencedTable: 'notifications', ascending: false }).order('id', { referencedTable: 'notifications', ascending: false }).range(0, 99, { referencedTable: 'notifications' }).maybeSingle() },
  { name: 'api: GET /notifications/unread-count', actor: 'agent', run: (db) => db.rpc('my_account').select('id, unread:notifications(count)').is('unread.is_read', false).maybeSingle() },
  // Without teamId the function names the caller's team (files.ts teamInScope).
  {
    name: 'api: GET /messages/general',
    actor: 'agent',
    run: (db, c) => db.from('messages').select(FEED_MESSAGE_COLUMNS).eq('is_general', true).eq('team_tc_id', c.coordinatorId).order('created_at', { ascending: false }).order('id', { ascending: false }).range(0, 99),
  },
  {
    name: 'api: GET /documents/general',
    actor: 'agent',
    run: (db, c) => db.from('documents').select(DOCUMENT_COLUMNS).eq('is_general', true).eq('team_tc_id', c.coordinatorId).order('created_at', { ascending: false }).order('id').range(0, 99),
  },
  {
    name: 'api: GET /agents (coordinator)',
    actor: 'coordinator',
    // The function names the caller's team (api/scope.ts teamInScope).
    run: (db, c) => db.from('agent_overview').select(OVERVIEW_COLUMNS).eq('assigned_tc_id', c.coordinatorId).order('first_name').order('last_name').order('id').range(0, 99),
  },
  {
    name: 'api: GET /tc-channels',
    actor: 'coordinator',
    run: (db) => db.from('tc_channels').select(`${API_CHANNEL_COLUMNS}, member_count:tc_channel_members(count)`).order('name').order('id').range(0, 99),
    service: (db, c) =>
      db.from('tc_channels').select(`${API_CHANNEL_COLUMNS}, member_count:tc_channel_members(count)`).or(`created_by_id.eq.${c.coordinatorId},id.in.(${c.channelId})`).order('name').order('id').range(0, 99),
  },
  { name: 'api: GET /admin/users', actor: 'admin', run: (db) => db.rpc('admin_users', { search: '', page_limit: 100, page_offset: 0 }).select('id, first_name, last_name, email, role, created_at') },
  { name: 'api: GET /admin/listings', actor: 'admin', run: (db) => db.rpc('admin_listings', { search: '', page_limit: 100, page_offset: 0 }).select('id, address, status, created_at, agent_id') },
];
