/**
 * Coordinator team chat (spec part 2 §2 'TC Team Chat', §7, §9): channels
 * with their member counts, creating one ('Channel for {name} discussions'
 * unless described; the database makes the creator its admin), its members
 * with their coordinator embedded, inviting a coordinator, the coordinator
 * list, and the feed of the general channel or a created one. Owner columns
 * (`created_by_id`, `sender_id`) are set by the database to the caller's
 * active account; a `senderId` in a payload is ignored.
 */
import { z } from '../../_shared/deps.ts';
import { found, unwrap } from '../db.ts';
import { route } from '../router.ts';
import { camelize, embeddedPage, idParam, NEWEST_FIRST, pageQuery, pageRange, PERSON, personShape, type PageQuery } from '../shapes.ts';

const CHANNEL_COLUMNS = 'id, name, description, is_private, created_by_id, created_at, updated_at';
const channelShape = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  isPrivate: z.boolean(),
  createdById: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const MEMBER_COLUMNS = `id, channel_id, tc_id, role, joined_at, tc:users!tc_channel_members_tc_id_fkey(${PERSON})`;
const memberShape = z.object({ id: z.uuid(), channelId: z.uuid(), tcId: z.uuid(), role: z.enum(['member', 'admin']), joinedAt: z.string(), tc: personShape.nullable() });

const MESSAGE_COLUMNS = `id, channel_id, sender_id, content, message_type, is_pinned, is_thread_reply, parent_message_id, created_at, updated_at, edited_at, sender:users!tc_team_messages_sender_id_fkey(${PERSON})`;
const messageShape = z.object({
  id: z.uuid(),
  channelId: z.uuid().nullable(),
  senderId: z.uuid().nullable(),
  content: z.string(),
  messageType: z.string(),
  isPinned: z.boolean(),
  isThreadReply: z.boolean(),
  parentMessageId: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  editedAt: z.string().nullable(),
  sender: personShape.nullable(),
});

/** `channelId`: a created channel's id; absent, null or 'general' is the general channel. */
const channelRef = z
  .union([z.uuid(), z.literal('general'), z.null()])
  .optional()
  .transform((value) => (value === 'general' || value === undefined ? null : value));

const newChannel = z.object({
  name: z.string().trim().min(1, 'name is required').max(100, 'name: at most 100 characters'),
  description: z.string().trim().max(1000).nullable().optional(),
  isPrivate: z.boolean().default(false),
});

const invite = z.object({ tcId: z.uuid({ error: 'tcId: select a coordinator' }), role: z.enum(['member', 'admin']).default('member') });

const newMessage = z.object({
  content: z.string().trim().min(1, 'content is required').max(10_000),
  channelId: channelRef,
  /** Accepted for old clients and ignored: the database stamps the caller's account. */
  senderId: z.uuid().optional(),
  parentMessageId: z.uuid().nullable().optional(),
});

type FeedQuery = PageQuery & { channelId: string | null };

export const teamChatRoutes = [
  route<Record<string, never>, PageQuery>({
    method: 'GET',
    path: '/tc-channels',
    tag: 'team-chat',
    summary: 'The created channels the caller may see (a member, its creator; a super admin: all), by name, with their member count (paged).',
    query: pageQuery,
    response: z.array(channelShape.extend({ memberCount: z.number().int() })),
    async handler({ caller, query }) {
      const rows = unwrap(
        await caller.db
          .from('tc_channels')
          .select(`${CHANNEL_COLUMNS}, member_count:tc_channel_members(count)`)
          .order('name')
          .order('id')
          .range(...pageRange(query)),
      ) as { member_count: { count: number }[] }[];
      return rows.map(({ member_count, ...channel }) => ({ ...camelize(channel), memberCount: member_count[0]?.count ?? 0 }));
    },
  }),
  route<Record<string, never>, Record<string, never>, z.infer<typeof newChannel>>({
    method: 'POST',
    path: '/tc-channels',
    tag: 'team-chat',
    summary: "Creates a channel (coordinators); description defaults to 'Channel for {name} discussions'. The caller becomes its admin.",
    body: { json: newChannel },
    status: 201,
    response: channelShape,
    async handler({ caller, body }) {
      const description = body.description || `Channel for ${body.name} discussions`;
      return camelize(unwrap(await caller.db.from('tc_channels').insert({ name: body.name, description, is_private: body.isPrivate }).select(CHANNEL_COLUMNS).single()));
    },
  }),
  route<{ id: string }, PageQuery>({
    method: 'GET',
    path: '/tc-channels/:id/members',
    tag: 'team-chat',
    summary: "A channel's members with their role and coordinator (`tc`), admins first (paged); 404 for a channel the caller is not in.",
    params: idParam,
    query: pageQuery,
    response: z.array(memberShape),
    async handler({ caller, params, query }) {
      const members = caller.db.from('tc_channels').select(`id, members:tc_channel_members(${MEMBER_COLUMNS})`).eq('id', params.id);
      const ordered = [['role', 'asc'], ['joined_at', 'asc'], ['id', 'asc']] as const;
      const channel = found(await embeddedPage(members, 'members', ordered, query).maybeSingle(), 'Channel not found');
      return camelize((channel as { members: unknown[] }).members);
    },
  }),
  route<{ id: string }, Record<string, never>, z.infer<typeof invite>>({
    method: 'POST',
    path: '/tc-channels/:id/invite',
    tag: 'team-chat',
    summary: "Adds a coordinator to a channel as member or admin (the channel's creator and admins, a super admin). 409 when already a member.",
    params: idParam,
    body: { json: invite },
    status: 201,
    response: memberShape,
    async handler({ caller, params, body }) {
      return camelize(unwrap(await caller.db.from('tc_channel_members').insert({ channel_id: params.id, tc_id: body.tcId, role: body.role }).select(MEMBER_COLUMNS).single()));
    },
  }),
  route<Record<string, never>, PageQuery>({
    method: 'GET',
    path: '/users/tcs',
    tag: 'team-chat',
    summary: 'The coordinators (to invite to a channel), by name (paged).',
    query: pageQuery,
    response: z.array(personShape),
    async handler({ caller, query }) {
      return camelize(unwrap(await caller.db.from('users').select(PERSON).eq('role', 'tc').order('first_name').order('last_name').order('id').range(...pageRange(query))));
    },
  }),
  route<Record<string, never>, FeedQuery>({
    method: 'GET',
    path: '/tc-team-messages',
    tag: 'team-chat',
    summary: 'A channel\'s top-level messages with their sender, newest first (paged): `channelId` of a created channel, or none for general. 404 for a channel the caller is not in.',
    query: pageQuery.extend({ channelId: channelRef.describe("A created channel's id; absent or 'general': the general channel.") }),
    response: z.array(messageShape),
    async handler({ caller, query }) {
      if (query.channelId === null) {
        const [from, to] = pageRange(query);
        return camelize(
          unwrap(
            await caller.db
              .from('tc_team_messages')
              .select(MESSAGE_COLUMNS)
              .is('channel_id', null)
              .is('parent_message_id', null)
              .order('created_at', { ascending: false })
              .order('id', { ascending: false })
              .range(from, to),
          ),
        );
      }
      // One request: the channel (404 when hidden) with one page of its feed embedded.
      const feed = caller.db.from('tc_channels').select(`id, messages:tc_team_messages(${MESSAGE_COLUMNS})`).eq('id', query.channelId).is('messages.parent_message_id', null);
      const channel = found(await embeddedPage(feed, 'messages', NEWEST_FIRST, query).maybeSingle(), 'Channel not found');
      return camelize((channel as { messages: unknown[] }).messages);
    },
  }),
  route<Record<string, never>, Record<string, never>, z.infer<typeof newMessage>>({
    method: 'POST',
    path: '/tc-team-messages',
    tag: 'team-chat',
    summary: 'Posts to the general channel (no `channelId`) or a channel the caller is in, as the caller (a sent `senderId` is ignored; coordinators and super admins).',
    body: { json: newMessage },
    status: 201,
    response: messageShape,
    async handler({ caller, body }) {
      const parent = body.parentMessageId ?? null;
      const row = { channel_id: body.channelId, content: body.content, parent_message_id: parent, is_thread_reply: parent !== null };
      return camelize(unwrap(await caller.db.from('tc_team_messages').insert(row).select(MESSAGE_COLUMNS).single()));
    },
  }),
];
