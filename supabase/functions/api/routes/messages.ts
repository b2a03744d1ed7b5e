/**
 * Messages (spec part 1 §7, part 2 §7): a listing's thread and the team's
 * general feed ('Team Messages'), newest first with the sender, paged by
 * `limit`/`offset` (offset 0 is the newest page; a client polling for new
 * messages re-reads offset 0). The sender is always the caller's active
 * account and the team is the sender's (both derived by the database).
 */
import { z } from '../../_shared/deps.ts';
import { unwrap } from '../db.ts';
import { fetchChildrenPage } from '../embedded-page.ts';
import { callerAccount, teamInScope } from '../scope.ts';
import { route } from '../router.ts';
import { camelize, idParam, pageQuery, pageRange, PERSON, personShape, voiceObjectPath, type PageQuery } from '../shapes.ts';

const MESSAGE_COLUMNS = `id, listing_id, team_tc_id, sender_id, content, is_voice, voice_url, duration, is_read, created_at, sender:users!messages_sender_id_fkey(${PERSON})`;

export const messageShape = z.object({
  id: z.uuid(),
  listingId: z.uuid().nullable(),
  teamTcId: z.uuid().nullable(),
  senderId: z.uuid().nullable(),
  content: z.string(),
  isVoice: z.boolean(),
  voiceUrl: z.string().nullable(),
  duration: z.number().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
  sender: personShape.nullable(),
});

const messageText = z.string().trim().min(1, 'Message content is required').max(10_000);

/**
 * `{content}`, or a voice message `{content, isVoice, voiceUrl, duration}` (voiceUrl as POST /api/voice-messages
 * answers it): one schema, so a 400 names the field.
 */
const generalMessage = z
  .object({
    content: z.string().max(10_000),
    isVoice: z.boolean().optional(),
    voiceUrl: z.string().min(1).max(2048).optional(),
    duration: z.number().int().min(0).max(3600).optional(),
    teamId: z.uuid().optional().describe("A super admin names the team (a coordinator's id); others post to their own team."),
  })
  .strict()
  .superRefine((message, ctx) => {
    if (message.isVoice) {
      if (message.voiceUrl === undefined) ctx.addIssue({ code: 'custom', path: ['voiceUrl'], message: 'A voice message needs voiceUrl' });
      if (message.duration === undefined) ctx.addIssue({ code: 'custom', path: ['duration'], message: 'A voice message needs duration' });
    } else if (message.voiceUrl !== undefined || message.duration !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['isVoice'], message: 'Send isVoice: true with voiceUrl and duration' });
    } else if (message.content.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'Message content is required' });
    }
  });

const teamQuery = pageQuery.extend({
  teamId: z.uuid().optional().describe("Whose team (a coordinator's id); default the caller's team. Super admins name one to read a single team."),
});

export const messageRoutes = [
  route<{ id: string }, PageQuery>({
    method: 'GET',
    path: '/listings/:id/messages',
    tag: 'messages',
    summary: "A listing's messages with their sender, newest first (paged; re-read offset 0 to poll).",
    params: idParam,
    query: pageQuery,
    response: z.array(messageShape),
    async handler({ caller, params, query }) {
      return camelize(await fetchChildrenPage(caller.db, { parent: 'listings', id: params.id, embed: 'messages', columns: MESSAGE_COLUMNS, page: query, notFound: 'Listing not found' }));
    },
  }),
  route<{ id: string }, Record<string, never>, { content: string }>({
    method: 'POST',
    path: '/listings/:id/messages',
    tag: 'messages',
    summary: 'Sends a message on a listing (people on the listing); the other side is notified.',
    params: idParam,
    body: { json: z.object({ content: messageText }).strict() },
    status: 201,
    response: messageShape,
    async handler({ caller, params, body }) {
      return camelize(unwrap(await caller.db.from('messages').insert({ listing_id: params.id, content: body.content }).select(MESSAGE_COLUMNS).single()));
    },
  }),
  route<Record<string, never>, z.infer<typeof teamQuery>>({
    method: 'GET',
    path: '/messages/general',
    tag: 'messages',
    summary: "The team's general messages with their sender, newest first (paged): the caller's team (RLS), or `teamId`.",
    query: teamQuery,
    response: z.array(messageShape),
    async handler({ caller, query }) {
      const [from, to] = pageRange(query);
      const team = query.teamId ?? teamInScope(await callerAccount(caller));
      if (team === null) return [];
      let feed = caller.db.from('messages').select(MESSAGE_COLUMNS).eq('is_general', true);
      if (team !== 'all') feed = feed.eq('team_tc_id', team);
      return camelize(unwrap(await feed.order('created_at', { ascending: false }).order('id', { ascending: false }).range(from, to)));
    },
  }),
  route<Record<string, never>, Record<string, never>, z.infer<typeof generalMessage>>({
    method: 'POST',
    path: '/messages/general',
    tag: 'messages',
    summary:
      "Posts to the caller's team feed: `{content}` or a voice message `{content, isVoice, voiceUrl, duration}`. The team is the sender's (403 without one); super admins name it with `teamId`.",
    body: { json: generalMessage },
    status: 201,
    response: messageShape,
    async handler({ caller, body }) {
      const row: Record<string, unknown> = { is_general: true, content: body.isVoice ? body.content : body.content.trim() };
      if (body.teamId) row.team_tc_id = body.teamId;
      if (body.isVoice) Object.assign(row, { is_voice: true, voice_url: voiceObjectPath(body.voiceUrl!), duration: body.duration });
      return camelize(unwrap(await caller.db.from('messages').insert(row).select(MESSAGE_COLUMNS).single()));
    },
  }),
];
