/**
 * The caller's notifications (spec part 2 §2 'Notifications', §7): their own
 * inbox, newest first and paged, the unread count, marking one read and
 * deleting one. The inbox is the active account's (a super admin may read
 * every inbox, so it is named by my_account(), never by a payload), each call
 * one request.
 */
import { z } from '../../_shared/deps.ts';
import { found } from '../db.ts';
import { route } from '../router.ts';
import { camelize, embeddedPage, idParam, NEWEST_FIRST, pageQuery, type PageQuery } from '../shapes.ts';

const NOTIFICATION_COLUMNS = 'id, user_id, type, title, content, source_type, source_id, priority, is_read, read_at, action_url, metadata, created_at, updated_at';

export const notificationShape = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  type: z.string(),
  title: z.string(),
  content: z.string().nullable(),
  sourceType: z.string().nullable(),
  sourceId: z.string().nullable(),
  priority: z.string(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  actionUrl: z.string().nullable(),
  metadata: z.unknown(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** notifications.type's check constraint. */
const NOTIFICATION_TYPES = ['ai_reminder', 'message', 'task', 'document', 'alert', 'other', 'deadline'] as const;

const inboxQuery = pageQuery.extend({
  unread: z.enum(['true', 'false']).optional().describe('`true`: only unread notifications (the Unread tab).'),
  type: z.enum(NOTIFICATION_TYPES).optional().describe('Only this type (`message`, `task`: the Messages and Tasks tabs).'),
});
type InboxQuery = PageQuery & { unread?: 'true' | 'false'; type?: (typeof NOTIFICATION_TYPES)[number] };

const noAccount = 'This sign-in has no account yet';

export const notificationRoutes = [
  route<Record<string, never>, InboxQuery>({
    method: 'GET',
    path: '/notifications',
    tag: 'notifications',
    summary: "The caller's notifications, newest first (paged; `unread=true` and `type` filter like the screen's tabs).",
    query: inboxQuery,
    response: z.array(notificationShape),
    async handler({ caller, query }) {
      // One request: the active account with one page of its own inbox embedded.
      let request = caller.db.rpc('my_account').select(`id, notifications(${NOTIFICATION_COLUMNS})`);
      if (query.unread === 'true') request = request.is('notifications.is_read', false);
      if (query.type) request = request.eq('notifications.type', query.type);
      const account = found(await embeddedPage(request, 'notifications', NEWEST_FIRST, query).maybeSingle(), noAccount);
      return camelize((account as { notifications: unknown[] }).notifications);
    },
  }),
  route({
    method: 'GET',
    path: '/notifications/unread-count',
    tag: 'notifications',
    summary: "How many of the caller's notifications are unread (`{ count }`), counted by the database.",
    response: z.object({ count: z.number().int() }),
    async handler({ caller }) {
      const account = found(
        await caller.db.rpc('my_account').select('id, unread:notifications(count)').is('unread.is_read', false).maybeSingle(),
        noAccount,
      );
      return { count: (account as { unread: { count: number }[] }).unread[0]?.count ?? 0 };
    },
  }),
  route<{ id: string }>({
    method: 'POST',
    path: '/notifications/:id/read',
    tag: 'notifications',
    summary: 'Marks one of the caller\'s notifications read (the database stamps readAt); answers the notification.',
    params: idParam,
    response: notificationShape,
    async handler({ caller, params }) {
      // The update policy is the owner's only, so another inbox's notification is not found.
      return camelize(
        found(await caller.db.from('notifications').update({ is_read: true }).eq('id', params.id).select(NOTIFICATION_COLUMNS).maybeSingle(), 'Notification not found'),
      );
    },
  }),
  route<{ id: string }>({
    method: 'DELETE',
    path: '/notifications/:id',
    tag: 'notifications',
    summary: 'Deletes one of the caller\'s notifications (a super admin: any).',
    params: idParam,
    async handler({ caller, params }) {
      found(await caller.db.from('notifications').delete().eq('id', params.id).select('id').maybeSingle(), 'Notification not found');
    },
  }),
];
