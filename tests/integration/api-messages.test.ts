/**
 * Listing threads and the team feed through the `/api` surface: newest
 * first with the sender embedded, the same rows the app's direct queries
 * return, the sender and team derived by the database, and refusals
 * (another team 403/404 with nothing stored, malformed payloads 400 naming
 * the field, no session 401).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api-client.ts';
import { demoUser, withDb, type TestUser } from '../support/clients.ts';
import { keepSeedData } from '../support/seed-guard.ts';

const OLIVIA = 'olivia.chen@listingdesk.test';
const MARCUS = 'marcus.johnson@listingdesk.test';
const EMILY = 'emily.rodriguez@listingdesk.test';
const DAVID = 'david.kim@listingdesk.test';
const PRIYA = 'priya.patel@listingdesk.test';

type Row = Record<string, unknown>;
const ids = (rows: unknown) => (rows as Row[]).map((r) => r.id);

async function accountId(email: string, role: string): Promise<string> {
  return withDb(async (db) => (await db.query<{ id: string }>(`select id from public.users where email = $1 and role = $2`, [email, role])).rows[0].id);
}

async function count(sql: string, params: unknown[]): Promise<number> {
  return withDb(async (db) => Number((await db.query<{ n: string }>(sql, params)).rows[0].n));
}

describe('/api messages', () => {
  keepSeedData();
  let olivia: TestUser;
  let marcus: TestUser;
  let emily: TestUser;
  let david: TestUser;
  let priya: TestUser;
  let oliviaId: string;
  let marcusId: string;
  let davidId: string;
  let listingId: string;

  beforeAll(async () => {
    [olivia, marcus, emily, david, priya] = await Promise.all([OLIVIA, MARCUS, EMILY, DAVID, PRIYA].map((email) => demoUser(email)));
    [oliviaId, marcusId, davidId] = await Promise.all([accountId(OLIVIA, 'tc'), accountId(MARCUS, 'agent'), accountId(DAVID, 'tc')]);
    listingId = await withDb(
      async (db) => (await db.query<{ id: string }>(`select id from public.listings where agent_id = $1 and tc_id = $2 order by created_at limit 1`, [marcusId, oliviaId])).rows[0].id,
    );
  });

  it('POST /api/listings/{id}/messages and GET /api/listings/{id}/messages: newest first with the sender, the rows of the direct query', async () => {
    const sent = await callApi(`/listings/${listingId}/messages`, { method: 'POST', token: marcus.accessToken, json: { content: 'API: buyer wants a second viewing' } });
    expect(sent.status).toBe(201);
    expect(sent.body, 'spec Message shape; the sender is the caller').toMatchObject({
      listingId,
      senderId: marcusId,
      content: 'API: buyer wants a second viewing',
      isVoice: false,
      sender: { id: marcusId, firstName: 'Marcus', lastName: 'Johnson', email: MARCUS },
    });

    const thread = await callApi(`/listings/${listingId}/messages`, { token: olivia.accessToken });
    expect(thread.status).toBe(200);
    const direct = (await olivia.client.from('messages').select('id').eq('listing_id', listingId).order('created_at', { ascending: false }).order('id', { ascending: false })).data!;
    expect(ids(thread.body), "the coordinator reads the same thread as the app's query, newest first").toEqual(ids(direct));
    expect((thread.body as unknown as Row[])[0].id, 'the new message is first').toBe(sent.body.id);
    const second = await callApi(`/listings/${listingId}/messages?limit=1&offset=1`, { token: olivia.accessToken });
    expect(ids(second.body), 'limit/offset pages through the thread').toEqual(ids(direct).slice(1, 2));

    const before = await count(`select count(*) n from public.messages where listing_id = $1`, [listingId]);
    const foreignRead = await callApi(`/listings/${listingId}/messages`, { token: david.accessToken });
    expect(foreignRead.status, "another team's coordinator cannot read the thread").toBe(404);
    const foreignPost = await callApi(`/listings/${listingId}/messages`, { method: 'POST', token: david.accessToken, json: { content: 'Hijack' } });
    expect(foreignPost.status, "another team's coordinator cannot post in it").toBe(403);
    const blank = await callApi(`/listings/${listingId}/messages`, { method: 'POST', token: marcus.accessToken, json: { content: '  ' } });
    expect([blank.status, String(blank.body.message)], 'a blank message is 400 naming content').toEqual([400, expect.stringMatching(/content/)]);
    const forged = await callApi(`/listings/${listingId}/messages`, { method: 'POST', token: marcus.accessToken, json: { content: 'x', senderId: oliviaId } });
    expect([forged.status, String(forged.body.message)], 'a sender in the payload is refused, naming it').toEqual([400, expect.stringMatching(/senderId/)]);
    expect(await count(`select count(*) n from public.messages where listing_id = $1`, [listingId]), 'nothing stored by the refused calls').toBe(before);

    for (const method of ['GET', 'POST'] as const) {
      const anonymous = await callApi(`/listings/${listingId}/messages`, { method, json: method === 'POST' ? { content: 'x' } : undefined });
      expect([anonymous.status, anonymous.body.message], `${method} without a session`).toEqual([401, 'Unauthorized']);
    }
  });

  it("POST /api/messages/general and GET /api/messages/general: the caller's team feed, text and voice, refused for other teams and people without a team", async () => {
    const text = await callApi('/messages/general', { method: 'POST', token: emily.accessToken, json: { content: '  API: team lunch on Friday  ' } });
    expect(text.status).toBe(201);
    expect(text.body, "the message goes to the sender's team").toMatchObject({ teamTcId: oliviaId, listingId: null, content: 'API: team lunch on Friday', sender: { firstName: 'Emily' } });
    const voice = await callApi('/messages/general', {
      method: 'POST',
      token: olivia.accessToken,
      json: { content: '🎤 Voice message (0:07)', isVoice: true, voiceUrl: `teams/${oliviaId}/messages/api-note.wav`, duration: 7 },
    });
    expect(voice.status).toBe(201);
    expect(voice.body, 'a voice message keeps its url and duration').toMatchObject({ isVoice: true, voiceUrl: `teams/${oliviaId}/messages/api-note.wav`, duration: 7, senderId: oliviaId, teamTcId: oliviaId });

    const feed = await callApi('/messages/general', { token: marcus.accessToken });
    expect(feed.status).toBe(200);
    const direct = (
      await marcus.client.from('messages').select('id').eq('team_tc_id', oliviaId).eq('is_general', true).order('created_at', { ascending: false }).order('id', { ascending: false }).limit(100)
    ).data!;
    expect(ids(feed.body), "a teammate reads the app's team feed, newest first").toEqual(ids(direct));
    expect(ids(feed.body).slice(0, 2), 'the new messages first').toEqual([voice.body.id, text.body.id]);

    const otherTeam = await callApi('/messages/general', { token: david.accessToken });
    expect(ids(otherTeam.body), "another team's feed does not carry them").not.toContain(text.body.id);
    expect((otherTeam.body as unknown as Row[]).every((m) => m.teamTcId === davidId), "another team's coordinator reads only their own team").toBe(true);
    const peek = await callApi(`/messages/general?teamId=${oliviaId}`, { token: david.accessToken });
    expect(peek.body, "naming another team's id shows nothing").toEqual([]);

    const before = await count(`select count(*) n from public.messages where is_general`, []);
    const foreign = await callApi('/messages/general', { method: 'POST', token: david.accessToken, json: { content: 'Hijack', teamId: oliviaId } });
    expect(foreign.status, "posting into another team's feed is refused").toBe(403);
    const noTeam = await callApi('/messages/general', { method: 'POST', token: priya.accessToken, json: { content: 'Anyone?' } });
    expect(noTeam.status, 'an agent without a coordinator has no team to post to').toBe(403);
    const noUrl = await callApi('/messages/general', { method: 'POST', token: emily.accessToken, json: { content: 'voice', isVoice: true, duration: 3 } });
    expect([noUrl.status, String(noUrl.body.message)], 'a voice message without voiceUrl is 400 naming it').toEqual([400, expect.stringMatching(/voiceUrl/)]);
    const blank = await callApi('/messages/general', { method: 'POST', token: emily.accessToken, json: { content: ' ' } });
    expect([blank.status, String(blank.body.message)], 'a blank message is 400 naming content').toEqual([400, expect.stringMatching(/content/)]);
    const badPage = await callApi('/messages/general?limit=0', { token: emily.accessToken });
    expect([badPage.status, String(badPage.body.message)], 'a bad page size is 400 naming limit').toEqual([400, expect.stringMatching(/limit/)]);
    expect(await count(`select count(*) n from public.messages where is_general`, []), 'nothing stored by the refused calls').toBe(before);

    for (const method of ['GET', 'POST'] as const) {
      const anonymous = await callApi('/messages/general', { method, json: method === 'POST' ? { content: 'x' } : undefined });
      expect([anonymous.status, anonymous.body.message], `${method} without a session`).toEqual([401, 'Unauthorized']);
    }
  });
});
