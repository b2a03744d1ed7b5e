/**
 * Team Messages (issue 11, MSGS): a team's general feed through supabase-js
 * (PostgREST and Storage over HTTP) with real sign-ins. Two teams (tc1 with
 * agents A1 and A2, tc2 with agent B), an agent without a coordinator and a
 * super admin; each case is what one of them would see or try.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareKeyset, nextCursor, olderThanFilter, type KeysetCursor } from '@/lib/keyset-cursor';
import { serviceClient, withDb } from '../support/clients.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';

const VOICE = 'voice-recordings';
let admin: Actor, tc1: Actor, tc2: Actor, agentA1: Actor, agentA2: Actor, agentB: Actor, loner: Actor;
const storedPaths: string[] = [];

/** The team feed as the app reads it: one team's general messages, newest first, one keyset page. */
function feedPage(actor: Actor, teamId: string, before: KeysetCursor | undefined, pageSize: number) {
  let query = actor.client.from('messages').select('id, created_at, content, sender_id').eq('team_tc_id', teamId).eq('is_general', true);
  if (before) query = query.or(olderThanFilter(before));
  return query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(pageSize);
}

const audio = (text: string) => new Blob([text], { type: 'audio/webm' });

beforeAll(async () => {
  admin = await createActor('MsgAdmin', 'super_admin');
  tc1 = await createActor('MsgCoord1', 'tc');
  tc2 = await createActor('MsgCoord2', 'tc');
  agentA1 = await createActor('MsgAgentA1', 'agent', { assignedTcId: tc1.id });
  agentA2 = await createActor('MsgAgentA2', 'agent', { assignedTcId: tc1.id });
  agentB = await createActor('MsgAgentB', 'agent', { assignedTcId: tc2.id });
  loner = await createActor('MsgLoner', 'agent');
});

afterAll(async () => {
  if (storedPaths.length) await serviceClient().storage.from(VOICE).remove(storedPaths);
  // Team messages go with their team's coordinator; these coordinators exist only for this file.
  await withDb((db) => db.query('delete from public.messages where team_tc_id = any($1)', [[tc1.id, tc2.id]]));
});

describe('who reads a team feed', () => {
  it('teammates and their coordinator read the feed; another team and an agent without a team read nothing', async () => {
    const fromAgent = await agentA1.client.from('messages').insert({ is_general: true, content: 'Open house Saturday, who can help?' }).select('id, team_tc_id').single();
    expect(fromAgent.data?.team_tc_id, "an agent's team message is stamped with their coordinator's team").toBe(tc1.id);
    const fromCoordinator = await tc1.client.from('messages').insert({ is_general: true, team_tc_id: tc1.id, content: 'I can, see you there.' }).select('id').single();
    expect(fromCoordinator.error, 'the coordinator posts into their own team').toBeNull();
    const posted = [fromAgent.data!.id, fromCoordinator.data!.id];

    for (const reader of [agentA1, agentA2, tc1, admin]) {
      const { data } = await feedPage(reader, tc1.id!, undefined, 50);
      expect(data?.map((m) => m.id), `${reader.key} reads both messages of team 1`).toEqual(expect.arrayContaining(posted));
    }
    for (const outsider of [agentB, tc2, loner]) {
      const byTeam = await feedPage(outsider, tc1.id!, undefined, 50);
      expect(byTeam.data, `${outsider.key} reads nothing of team 1's feed`).toEqual([]);
      const byId = await outsider.client.from('messages').select('id').in('id', posted);
      expect(byId.data, `${outsider.key} cannot read team 1's messages by id either`).toEqual([]);
    }
  });
});

describe('who posts into a team feed', () => {
  it('an agent or coordinator of another team, and an agent without a team, are refused with 403', async () => {
    for (const outsider of [agentB, tc2]) {
      const res = await outsider.client.from('messages').insert({ is_general: true, team_tc_id: tc1.id, content: 'Let me in' });
      expect(res.status, `${outsider.key} cannot post into team 1`).toBe(403);
    }
    const lonely = await loner.client.from('messages').insert({ is_general: true, content: 'Anyone there?' });
    expect({ status: lonely.status, message: lonely.error?.message }, 'an agent without a coordinator has no team feed to post to').toEqual({
      status: 403,
      message: 'you are not on a team: team items need a coordinator',
    });
    const unnamed = await admin.client.from('messages').insert({ is_general: true, content: 'Which team?' });
    expect(unnamed.status, 'a super admin must name the team (a coordinator id): 400, not 500').toBe(400);
    const named = await admin.client.from('messages').insert({ is_general: true, team_tc_id: tc2.id, content: 'Hello team 2' }).select('team_tc_id').single();
    expect(named.data?.team_tc_id, "a super admin posts into the coordinator's team they name").toBe(tc2.id);
  });

  it('nobody posts as someone else, and nobody moves or removes a teammate\'s message', async () => {
    const forged = await agentA2.client.from('messages').insert({ is_general: true, sender_id: agentA1.id, content: 'Signed by A1?' }).select('id, sender_id').single();
    expect(forged.data?.sender_id, 'a forged sender is replaced by the real one').toBe(agentA2.id);
    const id = forged.data!.id;

    const moved = await agentA2.client.from('messages').update({ team_tc_id: tc2.id, sender_id: agentA1.id }).eq('id', id).select('id');
    expect(moved.data ?? [], 'the sender cannot move the message to another team or author').toEqual([]);
    const removed = await agentA1.client.from('messages').delete().eq('id', id).select('id');
    expect(removed.data, "a teammate cannot delete someone else's message").toEqual([]);
    const stored = await withDb(async (db) => (await db.query('select sender_id, team_tc_id from public.messages where id = $1', [id])).rows[0]);
    expect(stored, 'the message is unchanged, still in team 1 as A2').toEqual({ sender_id: agentA2.id, team_tc_id: tc1.id });
  });
});

describe("a team's voice recordings", () => {
  it('teammates store and play them under teams/<coordinator>/; another team can neither read nor write there', async () => {
    const path = `teams/${tc1.id}/messages/${crypto.randomUUID()}.webm`;
    const upload = await agentA2.client.storage.from(VOICE).upload(path, audio('team one voice'), { contentType: 'audio/webm' });
    expect(upload.error, "an agent uploads a voice message into their team's folder").toBeNull();
    storedPaths.push(path);

    for (const teammate of [agentA1, tc1]) {
      const signed = await teammate.client.storage.from(VOICE).createSignedUrl(path, 60);
      expect(signed.data?.signedUrl, `${teammate.key} gets a URL to play the recording`).toBeTruthy();
    }
    for (const outsider of [agentB, tc2, loner]) {
      const store = outsider.client.storage.from(VOICE);
      expect((await store.download(path)).data, `${outsider.key} cannot download team 1's recording`).toBeNull();
      expect((await store.createSignedUrl(path, 60)).data, `${outsider.key} gets no URL for it`).toBeNull();
      expect((await store.list(`teams/${tc1.id}/messages`)).data ?? [], `${outsider.key} cannot list team 1's recordings`).toEqual([]);
      const planted = `teams/${tc1.id}/messages/${crypto.randomUUID()}.webm`;
      const write = await store.upload(planted, audio('planted'), { contentType: 'audio/webm' });
      expect(write.error, `${outsider.key} cannot upload into team 1's folder`).not.toBeNull();
      const replace = await store.update(path, audio('replaced'), { contentType: 'audio/webm' });
      expect(replace.error, `${outsider.key} cannot replace team 1's recording`).not.toBeNull();
    }
    const kept = await serviceClient().storage.from(VOICE).download(path);
    expect(await kept.data?.text(), 'the recording is intact').toBe('team one voice');
  });
});

describe('keyset paging of a feed', () => {
  it('pages newest first on (created_at, id) and returns every message exactly once, ties included', async () => {
    const tc3 = await createActor('MsgCoord3', 'tc');
    const agentC = await createActor('MsgAgentC', 'agent', { assignedTcId: tc3.id });
    // One request, one statement: these 23 rows share created_at (the transaction's now()), so only id orders them.
    const burst = await agentC.client.from('messages').insert(Array.from({ length: 23 }, (_, i) => ({ is_general: true, content: `burst ${i}` }))).select('id');
    expect(burst.data, 'the burst is stored').toHaveLength(23);
    const stamps = await withDb(async (db) => (await db.query('select count(distinct created_at)::int as n from public.messages where id = any($1)', [burst.data!.map((m) => m.id)])).rows[0].n);
    expect(stamps, 'the burst shares one created_at, so paging must break ties by id').toBe(1);
    for (const n of [1, 2, 3]) await tc3.client.from('messages').insert({ is_general: true, content: `after ${n}` });

    const seen: { id: string; created_at: string }[] = [];
    let cursor: KeysetCursor | undefined;
    for (let guard = 0; guard < 10; guard += 1) {
      const { data, error } = await feedPage(agentC, tc3.id!, cursor, 7);
      expect(error, 'each page is a valid PostgREST request').toBeNull();
      seen.push(...data!);
      cursor = nextCursor(data!, 7);
      if (!cursor) break;
    }
    expect(seen, 'all 26 messages are read').toHaveLength(26);
    expect(new Set(seen.map((m) => m.id)).size, 'no message appears on two pages').toBe(26);
    const descending = seen.every((m, i) => i === 0 || compareKeyset(seen[i - 1], m) > 0);
    expect(descending, 'pages run strictly newest to oldest').toBe(true);
    await withDb((db) => db.query('delete from public.messages where team_tc_id = $1', [tc3.id]));
  });
});
