/**
 * Coordinator team chat through the `/api` surface (spec part 2 §2 'TC Team
 * Chat', §7, §9): channels as the app lists them, creation with the default
 * description, members with their coordinator embedded, invitations by the
 * channel's managers only, the coordinator list, and the general and channel
 * feeds with the sender embedded and set by the database.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api-client.ts';
import { demoUser, withDb, type TestUser } from '../support/clients.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';
import { keepSeedData } from '../support/seed-guard.ts';

type Row = Record<string, unknown>;
const ids = (rows: unknown) => (rows as Row[]).map((row) => row.id);

async function accountId(user: TestUser): Promise<string> {
  return ((await user.client.rpc('current_account')).data as { id: string }).id;
}

async function count(sql: string, params: unknown[]): Promise<number> {
  return withDb(async (db) => Number((await db.query(sql, params)).rows[0].count));
}

describe('/api team chat', () => {
  keepSeedData();
  let olivia: TestUser;
  let david: TestUser;
  let marcus: TestUser;
  let outsider: Actor;
  let outsiderToken: string;
  let oliviaId: string;
  let davidId: string;
  let channelId: string;

  beforeAll(async () => {
    [olivia, david, marcus, outsider] = await Promise.all([
      demoUser('olivia.chen@listingdesk.test'),
      demoUser('david.kim@listingdesk.test'),
      demoUser('marcus.johnson@listingdesk.test'),
      createActor('ChatOutsider', 'tc'),
    ]);
    outsiderToken = (await outsider.client.auth.getSession()).data.session!.access_token;
    [oliviaId, davidId] = await Promise.all([accountId(olivia), accountId(david)]);
  });

  it('POST /api/tc-channels, GET /api/tc-channels: a coordinator creates a channel (default description, creator becomes admin) and lists what the app lists; bad input is 400 and stores nothing; an agent is refused', async () => {
    const name = `API channel ${crypto.randomUUID().slice(0, 6)}`;
    const blank = await callApi('/tc-channels', { method: 'POST', token: olivia.accessToken, json: { name: '   ' } });
    expect(blank.status, 'a blank name is bad input').toBe(400);
    expect(String(blank.body.message), 'naming the field').toMatch(/name/);
    const byAgent = await callApi('/tc-channels', { method: 'POST', token: marcus.accessToken, json: { name } });
    expect(byAgent.status, 'agents do not create channels').toBe(403);
    expect(await count('select count(*) from public.tc_channels where name = $1', [name]), 'nothing stored').toBe(0);
    expect((await callApi('/tc-channels', { method: 'POST', json: { name } })).status, 'no session').toBe(401);

    const created = await callApi('/tc-channels', { method: 'POST', token: olivia.accessToken, json: { name, description: '', isPrivate: false, createdById: davidId } });
    expect(created.status, 'created').toBe(201);
    expect(created.body, "spec §9: 'Channel for {name} discussions', not private, created by the caller").toMatchObject({
      name,
      description: `Channel for ${name} discussions`,
      isPrivate: false,
      createdById: oliviaId,
    });
    channelId = created.body.id as string;

    const list = await callApi('/tc-channels', { token: olivia.accessToken });
    expect(list.status).toBe(200);
    const direct = (
      await olivia.client.from('tc_channels').select('id, mine:tc_channel_members!inner(tc_id)').eq('mine.tc_id', oliviaId).order('name').order('id')
    ).data;
    expect(ids(list.body), "the app's channel list (channels the caller is in, by name)").toEqual(ids(direct));
    expect((list.body as Row[]).find((c) => c.id === channelId), 'with its member count: the creator').toMatchObject({ name, memberCount: 1 });
    const davids = await callApi('/tc-channels', { token: david.accessToken });
    expect(ids(davids.body), "another coordinator does not see a channel they are not in").not.toContain(channelId);
    expect((await callApi('/tc-channels')).status, 'no session').toBe(401);
  });

  it('POST /api/tc-channels/{id}/invite, GET /api/tc-channels/{id}/members, GET /api/users/tcs: managers invite coordinators; members are listed with their tc; outsiders get 403/404 and change nothing', async () => {
    const members = () => count('select count(*) from public.tc_channel_members where channel_id = $1', [channelId]);
    const hidden = await callApi(`/tc-channels/${channelId}/members`, { token: david.accessToken });
    expect(hidden.status, 'a non-member does not see the members').toBe(404);
    const foreignInvite = await callApi(`/tc-channels/${channelId}/invite`, { method: 'POST', token: outsiderToken, json: { tcId: outsider.id, role: 'admin' } });
    expect(foreignInvite.status, 'a non-member cannot invite (themselves)').toBe(403);
    const badRole = await callApi(`/tc-channels/${channelId}/invite`, { method: 'POST', token: olivia.accessToken, json: { tcId: davidId, role: 'owner' } });
    expect(badRole.status, 'only member or admin').toBe(400);
    expect(String(badRole.body.message), 'naming the field').toMatch(/role/);
    const badTc = await callApi(`/tc-channels/${channelId}/invite`, { method: 'POST', token: olivia.accessToken, json: { tcId: 'someone' } });
    expect(String(badTc.body.message), 'a malformed tcId names the field').toMatch(/tcId/);
    expect(await members(), 'nothing stored').toBe(1);
    expect((await callApi(`/tc-channels/${channelId}/invite`, { method: 'POST', json: { tcId: davidId } })).status, 'no session').toBe(401);

    const invited = await callApi(`/tc-channels/${channelId}/invite`, { method: 'POST', token: olivia.accessToken, json: { tcId: davidId, role: 'member' } });
    expect(invited.status, 'added').toBe(201);
    expect(invited.body, 'the member with the coordinator embedded').toMatchObject({ channelId, tcId: davidId, role: 'member', tc: { firstName: 'David', lastName: 'Kim' } });
    const twice = await callApi(`/tc-channels/${channelId}/invite`, { method: 'POST', token: olivia.accessToken, json: { tcId: davidId, role: 'member' } });
    expect(twice.status, 'already a member: conflict').toBe(409);
    const byMember = await callApi(`/tc-channels/${channelId}/invite`, { method: 'POST', token: david.accessToken, json: { tcId: outsider.id, role: 'member' } });
    expect(byMember.status, "a plain member is not a manager: may not invite").toBe(403);
    expect(await members(), 'still the creator and david').toBe(2);

    const listed = await callApi(`/tc-channels/${channelId}/members`, { token: david.accessToken });
    expect(listed.status, 'now a member, david reads the list').toBe(200);
    const direct = (await david.client.from('tc_channel_members').select('id').eq('channel_id', channelId).order('role').order('joined_at')).data;
    expect(ids(listed.body), "the app's member list, admins first").toEqual(ids(direct));
    expect(listed.body[0], 'the creator is admin, with name and avatar').toMatchObject({ tcId: oliviaId, role: 'admin', tc: { firstName: 'Olivia', lastName: 'Chen' } });
    expect(listed.body[0], 'the avatar the member list shows').toHaveProperty('tc.profileImageUrl');
    expect((await callApi(`/tc-channels/${channelId}/members`)).status, 'no session').toBe(401);

    const tcs = await callApi('/users/tcs', { token: olivia.accessToken });
    const directTcs = (await olivia.client.from('users').select('id').eq('role', 'tc').order('first_name').order('last_name').order('id')).data;
    expect(ids(tcs.body), 'every coordinator, by name').toEqual(ids(directTcs));
    expect((tcs.body as Row[]).find((t) => t.id === davidId), 'in the person shape').toMatchObject({ firstName: 'David', email: 'david.kim@listingdesk.test', role: 'tc' });
    expect((await callApi('/users/tcs')).status, 'no session').toBe(401);
  });

  it('POST /api/tc-team-messages, GET /api/tc-team-messages: posts as the caller (senderId ignored) to general or a channel; feeds newest first with the sender, as the app reads them; outsiders get 403/404', async () => {
    const text = `API chat ${crypto.randomUUID().slice(0, 6)}`;
    const stored = () => count('select count(*) from public.tc_team_messages where content like $1', [`${text}%`]);
    const blank = await callApi('/tc-team-messages', { method: 'POST', token: olivia.accessToken, json: { content: '  ', channelId } });
    expect(blank.status, 'blank text is bad input').toBe(400);
    expect(String(blank.body.message), 'naming the field').toMatch(/content/);
    const foreign = await callApi('/tc-team-messages', { method: 'POST', token: outsiderToken, json: { content: `${text} intruder`, channelId } });
    expect(foreign.status, 'a coordinator outside the channel cannot post to it').toBe(403);
    const byAgent = await callApi('/tc-team-messages', { method: 'POST', token: marcus.accessToken, json: { content: `${text} agent` } });
    expect(byAgent.status, 'agents do not post in coordinator chat').toBe(403);
    expect(await stored(), 'nothing stored').toBe(0);
    expect((await callApi('/tc-team-messages', { method: 'POST', json: { content: text } })).status, 'no session').toBe(401);

    const posted = await callApi('/tc-team-messages', { method: 'POST', token: olivia.accessToken, json: { content: `${text} channel`, channelId, senderId: davidId } });
    expect(posted.status, 'sent').toBe(201);
    expect(posted.body, 'the sender is the caller, whatever senderId said').toMatchObject({ channelId, senderId: oliviaId, sender: { firstName: 'Olivia', email: 'olivia.chen@listingdesk.test' } });
    const general = await callApi('/tc-team-messages', { method: 'POST', token: david.accessToken, json: { content: `${text} general`, channelId: null } });
    expect(general.body, 'no channelId: the general channel').toMatchObject({ channelId: null, senderId: davidId });

    const feed = await callApi(`/tc-team-messages?channelId=${channelId}&limit=10`, { token: david.accessToken });
    const direct = (
      await david.client.from('tc_team_messages').select('id').eq('channel_id', channelId).is('parent_message_id', null).order('created_at', { ascending: false }).order('id', { ascending: false }).limit(10)
    ).data;
    expect(ids(feed.body), "the channel feed as the app reads it, newest first").toEqual(ids(direct));
    expect(feed.body[0], 'the new message first, its sender embedded').toMatchObject({ id: posted.body.id, content: `${text} channel`, sender: { firstName: 'Olivia' } });
    const generalFeed = await callApi('/tc-team-messages?limit=5', { token: olivia.accessToken });
    const directGeneral = (
      await olivia.client.from('tc_team_messages').select('id').is('channel_id', null).is('parent_message_id', null).order('created_at', { ascending: false }).order('id', { ascending: false }).limit(5)
    ).data;
    expect(ids(generalFeed.body), 'no channelId: the general feed').toEqual(ids(directGeneral));
    expect(generalFeed.body[0], 'with the newest general message').toMatchObject({ id: general.body.id, sender: { firstName: 'David' } });
    const named = await callApi('/tc-team-messages?channelId=general&limit=5', { token: olivia.accessToken });
    expect(ids(named.body), "channelId=general is the general feed too").toEqual(ids(directGeneral));

    const hidden = await callApi(`/tc-team-messages?channelId=${channelId}`, { token: outsiderToken });
    expect(hidden.status, "a channel the caller is not in is not found").toBe(404);
    const malformed = await callApi('/tc-team-messages?channelId=room-1', { token: olivia.accessToken });
    expect(malformed.status, 'a malformed channelId is bad input').toBe(400);
    expect(String(malformed.body.message), 'naming the field').toMatch(/channelId/);
    expect((await callApi('/tc-team-messages')).status, 'no session').toBe(401);
  });
});
