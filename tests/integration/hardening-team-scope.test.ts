/**
 * Team, listing, channel, folder and owner columns are derived by the
 * database, never taken from the client (issue 9, item 1). Each case is an
 * attack through supabase-js (PostgREST over HTTP) by a signed-in agent,
 * coordinator or super admin; the stored row is read back with SQL.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

let admin: Actor, tc1: Actor, tc2: Actor, agentA: Actor, agentB: Actor, loner: Actor;
let listingA: string, listingB: string;

const one = async <T>(sql: string, params: unknown[] = []): Promise<T | undefined> =>
  withDb(async (db) => (await db.query(sql, params)).rows[0] as T | undefined);

beforeAll(async () => {
  admin = await createActor('ScopeAdmin', 'super_admin');
  tc1 = await createActor('ScopeCoord1', 'tc');
  tc2 = await createActor('ScopeCoord2', 'tc');
  agentA = await createActor('ScopeAgentA', 'agent', { assignedTcId: tc1.id });
  agentB = await createActor('ScopeAgentB', 'agent', { assignedTcId: tc2.id });
  loner = await createActor('ScopeLoner', 'agent');
  await withDb(async (db) => {
    listingA = await insertRow(db, 'listings', { address: '3 Scope St, Austin TX', agent_id: agentA.id, tc_id: tc1.id });
    listingB = await insertRow(db, 'listings', { address: '9 Scope Ave, Tampa FL', agent_id: agentB.id, tc_id: tc2.id });
  });
});

describe('listing items carry no team', () => {
  it("an agent's listing document with another team's team_tc_id is stored without a team and stays hidden from that team", async () => {
    const ins = await agentA.client.from('documents')
      .insert({ listing_id: listingA, is_general: false, team_tc_id: tc2.id, file_name: 'inject.pdf', file_url: `listings/${listingA}/inject.pdf`, uploaded_by: agentA.id })
      .select('id').single();
    expect(ins.error, 'the agent may still upload to her own listing').toBeNull();
    const stored = await one<{ team_tc_id: string | null }>('select team_tc_id from public.documents where id = $1', [ins.data!.id]);
    expect(stored?.team_tc_id, 'a listing document carries no team id, whatever the client sent').toBeNull();
    for (const outsider of [tc2, agentB]) {
      const read = await outsider.client.from('documents').select('id').eq('id', ins.data!.id);
      expect(read.data, `${outsider.key} (the other team) cannot read the injected document`).toEqual([]);
    }
  });

  it("an agent's listing message with another team's team_tc_id is stored without a team and stays hidden from that team", async () => {
    const ins = await agentA.client.from('messages')
      .insert({ listing_id: listingA, is_general: false, team_tc_id: tc2.id, sender_id: agentA.id, content: 'Injected into team 2?' })
      .select('id').single();
    expect(ins.error, 'the agent may still post on her own listing').toBeNull();
    const stored = await one<{ team_tc_id: string | null }>('select team_tc_id from public.messages where id = $1', [ins.data!.id]);
    expect(stored?.team_tc_id, 'a listing message carries no team id, whatever the client sent').toBeNull();
    for (const outsider of [tc2, agentB]) {
      const read = await outsider.client.from('messages').select('id').eq('id', ins.data!.id);
      expect(read.data, `${outsider.key} (the other team) cannot read the injected message`).toEqual([]);
    }
  });
});

describe('team items belong to the author\'s own team', () => {
  it('a general document or message takes the author\'s team; another team id or no team at all is refused with 403', async () => {
    const own = await agentA.client.from('documents')
      .insert({ is_general: true, file_name: 'team.pdf', file_url: `teams/${tc1.id}/team.pdf` }).select('id, team_tc_id, uploaded_by').single();
    expect(own.data, 'without team_tc_id the document is stamped with the author\'s team and owner').toMatchObject({ team_tc_id: tc1.id, uploaded_by: agentA.id });
    const foreign = await agentA.client.from('messages').insert({ is_general: true, team_tc_id: tc2.id, content: 'Hello team 2' });
    expect(foreign.status, 'a team message for another team is refused').toBe(403);
    const lonely = await loner.client.from('documents').insert({ is_general: true, file_name: 'x.pdf', file_url: 'teams/x/x.pdf' });
    expect({ status: lonely.status, message: lonely.error?.message }, 'an agent without a coordinator has no team to post to')
      .toEqual({ status: 403, message: 'you are not on a team: team items need a coordinator' });
    const byAdmin = await admin.client.from('messages').insert({ is_general: true, team_tc_id: tc2.id, content: 'From the admin' }).select('team_tc_id').single();
    expect(byAdmin.data?.team_tc_id, 'a super admin names the team').toBe(tc2.id);
  });

  it('owner columns are the caller: a forged author is replaced by the active account', async () => {
    const note = await agentA.client.from('notes').insert({ listing_id: listingA, user_id: tc1.id, content: 'Signed by my coordinator?' }).select('id').single();
    expect(note.error, 'the note is accepted').toBeNull();
    expect((await one<{ user_id: string }>('select user_id from public.notes where id = $1', [note.data!.id]))?.user_id, 'the note is stored as its real author').toBe(agentA.id);
    const chat = await tc2.client.from('tc_team_messages').insert({ channel_id: null, sender_id: tc1.id, content: 'Written by coordinator 1?' }).select('id').single();
    expect(chat.error, 'the general-channel post is accepted').toBeNull();
    expect((await one<{ sender_id: string }>('select sender_id from public.tc_team_messages where id = $1', [chat.data!.id]))?.sender_id, 'the chat message is stored as its real sender').toBe(tc2.id);
  });
});

describe('folders, filing and threads stay in their scope', () => {
  let folder1: string, folder1Child: string, folder2: string;

  beforeAll(async () => {
    folder1 = (await tc1.client.from('folders').insert({ name: 'Team 1 contracts', created_by: tc1.id }).select('id').single()).data!.id;
    folder1Child = (await tc1.client.from('folders').insert({ name: 'Team 1 drafts', parent_id: folder1, created_by: tc1.id }).select('id').single()).data!.id;
    folder2 = (await tc2.client.from('folders').insert({ name: 'Team 2 contracts', created_by: tc2.id }).select('id').single()).data!.id;
  });

  it('a folder nests only in a folder of its own team, and never inside itself', async () => {
    const nested = await tc2.client.from('folders').insert({ name: 'Trojan', parent_id: folder1, created_by: tc2.id });
    expect(nested.status, "coordinator 2 cannot create a folder inside team 1's folder").toBe(403);
    const moved = await tc2.client.from('folders').update({ parent_id: folder1 }).eq('id', folder2);
    expect(moved.status, "coordinator 2 cannot move a folder into team 1's folder").toBe(403);
    const cycle = await tc1.client.from('folders').update({ parent_id: folder1Child }).eq('id', folder1);
    expect({ status: cycle.status, message: cycle.error?.message }, 'a folder cannot move into its own subfolder')
      .toEqual({ status: 400, message: 'a folder cannot move into itself or one of its subfolders' });
    const unknown = await tc1.client.from('folders').insert({ name: 'Orphan', parent_id: crypto.randomUUID(), created_by: tc1.id });
    expect(unknown.status, 'an unknown parent folder is 404').toBe(404);
    expect((await one<{ parent_id: string | null }>('select parent_id from public.folders where id = $1', [folder2]))?.parent_id, 'team 2 folder unchanged').toBeNull();
  });

  it("a document is filed only in a folder of its own team", async () => {
    const doc = (await agentA.client.from('documents')
      .insert({ listing_id: listingA, file_name: 'file-me.pdf', file_url: `listings/${listingA}/file-me.pdf`, uploaded_by: agentA.id }).select('id').single()).data!.id;
    const filed = await agentA.client.from('documents').update({ folder_id: folder2 }).eq('id', doc);
    expect(filed.status, "agent A cannot file her listing document into team 2's folder").toBe(403);
    const teamDoc = (await tc1.client.from('documents')
      .insert({ is_general: true, team_tc_id: tc1.id, file_name: 'handbook.pdf', file_url: `teams/${tc1.id}/handbook.pdf`, uploaded_by: tc1.id }).select('id').single()).data!.id;
    expect((await tc1.client.from('documents').update({ folder_id: folder1 }).eq('id', teamDoc)).error, 'a team document goes into its team\'s folder').toBeNull();
    expect((await tc1.client.from('documents').update({ folder_id: folder2 }).eq('id', teamDoc)).status, "but not into another team's folder").toBe(403);
    expect((await one<{ folder_id: string | null }>('select folder_id from public.documents where id = $1', [doc]))?.folder_id, 'the listing document is unfiled').toBeNull();
  });

  it("a thread reply stays in its parent's channel", async () => {
    const channel = (await tc1.client.from('tc_channels').insert({ name: 'scope-private', created_by_id: tc1.id }).select('id').single()).data!.id;
    const secret = (await tc1.client.from('tc_team_messages').insert({ channel_id: channel, sender_id: tc1.id, content: 'Private thread start' }).select('id').single()).data!.id;
    const reply = await tc2.client.from('tc_team_messages').insert({ channel_id: null, sender_id: tc2.id, content: 'Replying across channels', parent_message_id: secret, is_thread_reply: true });
    expect({ status: reply.status, message: reply.error?.message }, 'a general-channel reply to a private-channel message is refused')
      .toEqual({ status: 403, message: 'a thread reply stays in the channel of its parent message' });
  });
});

describe('scoping columns cannot be moved by update', () => {
  it('a super admin cannot move a message to another listing; a coordinator cannot move an AI description to another listing', async () => {
    const msg = (await agentA.client.from('messages').insert({ listing_id: listingA, sender_id: agentA.id, content: 'Stay here' }).select('id').single()).data!.id;
    const moved = await admin.client.from('messages').update({ listing_id: listingB }).eq('id', msg);
    expect(moved.status, 'listing_id of a message is fixed').toBe(403);
    const desc = (await tc1.client.from('ai_listing_descriptions').insert({ listing_id: listingA, tc_id: tc1.id, style: 'Modern', description: 'Bright and open.' }).select('id, tc_id').single()).data!;
    expect(desc.tc_id, 'the description is owned by its coordinator').toBe(tc1.id);
    const hop = await tc1.client.from('ai_listing_descriptions').update({ listing_id: listingB }).eq('id', desc.id);
    expect({ status: hop.status, message: hop.error?.message }, 'listing_id of an AI description is fixed')
      .toEqual({ status: 403, message: 'listing_id is fixed when the row is created' });
  });

  it("a listing created by a super admin is coordinated by its agent's coordinator", async () => {
    const listing = await admin.client.from('listings').insert({ address: '12 Derived Rd', agent_id: agentA.id, tc_id: tc2.id }).select('tc_id').single();
    expect(listing.data?.tc_id, "tc_id is derived from the agent, not taken from the client").toBe(tc1.id);
  });
});

describe('AI rows name only the coordinator\'s own agents', () => {
  it("a coordinator cannot file a learning insight about another coordinator's agent", async () => {
    const foreign = await tc1.client.from('ai_learning_insights').insert({ tc_id: tc1.id, agent_id: agentB.id, insight_type: 'other', title: 'About agent B' });
    expect(foreign.status, "agent B is not coordinator 1's agent").toBe(403);
    const own = await tc1.client.from('ai_learning_insights').insert({ tc_id: tc1.id, agent_id: agentA.id, insight_type: 'other', title: 'About agent A' });
    expect(own.error, 'an insight about their own agent is accepted').toBeNull();
  });
});
