/**
 * Notifications through the `/api` surface (spec part 2 §2, §7): the
 * caller's own inbox (also for a super admin, who may read every inbox),
 * newest first and paged like the screen's direct query, the unread count,
 * marking read and deleting only one's own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api-client.ts';
import { demoUser, withDb, type TestUser } from '../support/clients.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';
import { keepSeedData } from '../support/seed-guard.ts';

type Row = Record<string, unknown>;
const ids = (rows: unknown) => (rows as Row[]).map((row) => row.id);

async function tokenOf(actor: Actor): Promise<string> {
  return (await actor.client.auth.getSession()).data.session!.access_token;
}

/** Notifications for an account, oldest first (created a minute apart). */
async function seedInbox(userId: string, rows: { type: string; title: string; read?: boolean }[]): Promise<string[]> {
  return withDb(async (db) => {
    const made: string[] = [];
    for (const [i, row] of rows.entries()) {
      const { rows: inserted } = await db.query<{ id: string }>(
        `insert into public.notifications (user_id, type, title, content, is_read, read_at, created_at)
         values ($1, $2, $3, 'API test', $4, case when $4 then now() end, now() - make_interval(mins => $5)) returning id`,
        [userId, row.type, row.title, row.read ?? false, rows.length - i],
      );
      made.push(inserted[0].id);
    }
    return made;
  });
}

async function notificationRow(id: string) {
  return withDb(async (db) => (await db.query('select is_read, read_at from public.notifications where id = $1', [id])).rows[0]);
}

describe('/api notifications', () => {
  keepSeedData();
  let owner: Actor;
  let ownerToken: string;
  let other: Actor;
  let otherToken: string;
  let admin: TestUser;
  let inbox: string[];
  let ownerId: string;

  beforeAll(async () => {
    [owner, other, admin] = await Promise.all([createActor('InboxOwner', 'agent'), createActor('InboxOther', 'agent'), demoUser('admin@listingdesk.test')]);
    [ownerToken, otherToken] = await Promise.all([tokenOf(owner), tokenOf(other)]);
    ownerId = owner.id!;
    inbox = await seedInbox(ownerId, [
      { type: 'task', title: 'Oldest task' },
      { type: 'message', title: 'A message', read: true },
      { type: 'task', title: 'Newer task' },
      { type: 'document', title: 'Newest document' },
    ]);
    await seedInbox(other.id!, [{ type: 'alert', title: "Someone else's" }]);
  });

  it("GET /api/notifications, GET /api/notifications/unread-count: the caller's own inbox newest first and paged, as the direct query; a super admin gets only their own", async () => {
    const all = await callApi('/notifications', { token: ownerToken });
    expect(all.status).toBe(200);
    const direct = (await owner.client.from('notifications').select('id').eq('user_id', ownerId).order('created_at', { ascending: false }).order('id', { ascending: false })).data;
    expect(ids(all.body), 'the same rows as the screen query, newest first').toEqual(ids(direct));
    expect(ids(all.body), 'exactly the seeded inbox').toEqual([...inbox].reverse());
    expect(all.body[0], 'the spec Notification shape').toMatchObject({ id: inbox[3], type: 'document', title: 'Newest document', content: 'API test', isRead: false, userId: ownerId });
    expect(Object.keys(all.body[0] as Row), 'with its date').toEqual(expect.arrayContaining(['createdAt', 'actionUrl', 'readAt']));

    const page = await callApi('/notifications?limit=2&offset=1', { token: ownerToken });
    expect(ids(page.body), 'paged').toEqual([inbox[2], inbox[1]]);
    const unread = await callApi('/notifications?unread=true', { token: ownerToken });
    expect(ids(unread.body), 'the Unread tab').toEqual([inbox[3], inbox[2], inbox[0]]);
    const tasks = await callApi('/notifications?type=task', { token: ownerToken });
    expect(ids(tasks.body), 'the Tasks tab').toEqual([inbox[2], inbox[0]]);
    const badType = await callApi('/notifications?type=gossip', { token: ownerToken });
    expect(badType.status, 'an unknown type is bad input').toBe(400);
    expect(String(badType.body.message), 'naming the field').toMatch(/type/);

    const count = await callApi('/notifications/unread-count', { token: ownerToken });
    const head = await owner.client.from('notifications').select('id', { count: 'exact', head: true }).eq('user_id', ownerId).eq('is_read', false);
    expect(count.body, 'the direct head count').toEqual({ count: head.count });
    expect(count.body, 'three unread').toEqual({ count: 3 });

    const adminInbox = await callApi('/notifications?limit=500', { token: admin.accessToken });
    expect(adminInbox.status).toBe(200);
    expect(ids(adminInbox.body), "a super admin's list is their own inbox, not everyone's").not.toContain(inbox[0]);
    expect((adminInbox.body as Row[]).every((row) => row.userId === (adminInbox.body as Row[])[0]?.userId), 'one inbox').toBe(true);
    const otherCount = await callApi('/notifications/unread-count', { token: otherToken });
    expect(otherCount.body, "another account's count is its own").toEqual({ count: 1 });

    expect((await callApi('/notifications')).status, 'no session').toBe(401);
    expect((await callApi('/notifications/unread-count')).body.message, 'no session: Unauthorized').toBe('Unauthorized');
  });

  it("POST /api/notifications/{id}/read, DELETE /api/notifications/{id}: only one's own; another account's is 404 and unchanged", async () => {
    const [target, toDelete] = [inbox[0], inbox[2]];
    const foreign = await callApi(`/notifications/${target}/read`, { method: 'POST', token: otherToken });
    expect(foreign.status, "another account cannot mark it").toBe(404);
    expect(await notificationRow(target), 'still unread').toMatchObject({ is_read: false, read_at: null });
    const byAdmin = await callApi(`/notifications/${target}/read`, { method: 'POST', token: admin.accessToken });
    expect(byAdmin.status, 'nor a super admin: reading is the owner\'s').toBe(404);

    const marked = await callApi(`/notifications/${target}/read`, { method: 'POST', token: ownerToken });
    expect(marked.status).toBe(200);
    expect(marked.body, 'answered read').toMatchObject({ id: target, isRead: true });
    expect((await notificationRow(target)).read_at, 'the database stamps readAt').not.toBeNull();
    expect((await callApi(`/notifications/${target}/read`, { method: 'POST' })).status, 'no session').toBe(401);
    expect((await callApi('/notifications/nope/read', { method: 'POST', token: ownerToken })).status, 'a malformed id names nothing').toBe(404);

    const foreignDelete = await callApi(`/notifications/${toDelete}`, { method: 'DELETE', token: otherToken });
    expect(foreignDelete.status, 'another account cannot delete it').toBe(404);
    expect(await notificationRow(toDelete), 'still there').toBeTruthy();
    expect((await callApi(`/notifications/${toDelete}`, { method: 'DELETE' })).status, 'no session').toBe(401);
    const deleted = await callApi(`/notifications/${toDelete}`, { method: 'DELETE', token: ownerToken });
    expect(deleted.status, 'deleted: 204').toBe(204);
    expect(await notificationRow(toDelete), 'gone').toBeUndefined();
  });
});
