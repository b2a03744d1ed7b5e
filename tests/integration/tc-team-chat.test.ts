/**
 * Coordinator team chat (issue 12): pinning by channel managers only, unread
 * counts per channel from read markers, @mention notifications written by the
 * database, presence on the private topic tc-chat:<channel>, and that
 * non-members and agents never read a channel (REST and Realtime). Real
 * sign-ins through supabase-js against the throwaway stack.
 */
import crypto from 'node:crypto';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { sleep, subscribed, waitFor } from '../support/realtime.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';

type Signed = Actor & { id: string };
let creator: Signed, member: Signed, outsider: Signed, admin: Signed, agent: Signed;
let channel: string;
const tag = crypto.randomUUID().slice(0, 6);

const signed = (actor: Actor): Signed => ({ ...actor, id: actor.id! });

async function post(actor: Signed, content: string, channelId: string | null = channel) {
  const { data, error } = await actor.client.from('tc_team_messages').insert({ channel_id: channelId, sender_id: actor.id, content }).select('id').single();
  if (error) throw error;
  return data.id as string;
}

async function unread(actor: Signed, channelId: string | null = channel): Promise<number> {
  const { data, error } = await actor.client.rpc('channel_unread_counts');
  if (error) throw error;
  return Number((data as { channel_id: string | null; unread: number }[]).find((r) => r.channel_id === channelId)?.unread ?? 0);
}

const notificationsOf = (accountId: string, messageId: string) =>
  withDb(async (db) => (await db.query<{ title: string; action_url: string; type: string }>('select title, action_url, type from public.notifications where user_id = $1 and source_id = $2', [accountId, messageId])).rows);

beforeAll(async () => {
  creator = signed(await createActor('ChatCreator', 'tc', { firstName: `Cora${tag}`, lastName: 'Creator' }));
  member = signed(await createActor('ChatMember', 'tc', { firstName: `Milo${tag}`, lastName: 'Member' }));
  outsider = signed(await createActor('ChatOutsider', 'tc', { firstName: `Otto${tag}`, lastName: 'Outsider' }));
  admin = signed(await createActor('ChatAdmin', 'super_admin', { firstName: `Ada${tag}`, lastName: 'Admin' }));
  agent = signed(await createActor('ChatAgent', 'agent', { firstName: `Ana${tag}`, lastName: 'Agent', assignedTcId: null }));
  const created = await creator.client.from('tc_channels').insert({ name: `chat-${tag}`, created_by_id: creator.id }).select('id').single();
  expect(created.error, 'a coordinator creates a channel').toBeNull();
  channel = created.data!.id;
  const invited = await creator.client.from('tc_channel_members').insert({ channel_id: channel, tc_id: member.id, role: 'member' });
  expect(invited.error, 'the creator invites a member').toBeNull();
});

afterAll(async () => {
  await withDb((db) => db.query('delete from public.tc_channels where id = $1', [channel]));
  await withDb((db) => db.query('delete from public.tc_team_messages where sender_id = any($1)', [[creator.id, member.id, outsider.id, admin.id]]));
});

describe('pinning', () => {
  it('only the channel creator/admins or a super admin pin; senders cannot pin by update', async () => {
    const message = await post(member, 'Pin me please');
    const byUpdate = await member.client.from('tc_team_messages').update({ is_pinned: true }).eq('id', message).select('id');
    expect(byUpdate.error?.code, 'is_pinned is not writable by UPDATE, even for the sender').toBe('42501');
    const byMember = await member.client.rpc('set_message_pinned', { message_id: message, pinned: true });
    expect(byMember.error?.code, 'a plain member cannot pin (403)').toBe('42501');
    const byOutsider = await outsider.client.rpc('set_message_pinned', { message_id: message, pinned: true });
    expect(byOutsider.error?.code, 'a non-member does not even learn the message exists (404)').toBe('PT404');
    const byCreator = await creator.client.rpc('set_message_pinned', { message_id: message, pinned: true });
    expect(byCreator.error, 'the channel creator pins any message').toBeNull();
    const pinned = await member.client.from('tc_team_messages').select('is_pinned, edited_at').eq('id', message).single();
    expect(pinned.data?.is_pinned, 'members see the message pinned').toBe(true);
    expect(pinned.data?.edited_at, 'pinning does not mark the message as edited').toBeNull();
    const unpin = await admin.client.rpc('set_message_pinned', { message_id: message, pinned: false });
    expect(unpin.error, 'a super admin unpins').toBeNull();
  });

  it('in the general channel only a super admin pins', async () => {
    const message = await post(creator, `General pin test ${tag}`, null);
    const byTc = await member.client.rpc('set_message_pinned', { message_id: message, pinned: true });
    expect(byTc.error?.code, 'a coordinator cannot pin in general (no channel admins there)').toBe('42501');
    const byAdmin = await admin.client.rpc('set_message_pinned', { message_id: message, pinned: true });
    expect(byAdmin.error, 'a super admin pins in general').toBeNull();
  });

  it('senders still edit their own content, not others\'', async () => {
    const message = await post(creator, 'Typo heer');
    const own = await creator.client.from('tc_team_messages').update({ content: 'Typo here' }).eq('id', message).select('content');
    expect(own.data, 'the sender edits their message').toEqual([{ content: 'Typo here' }]);
    const stamped = await creator.client.from('tc_team_messages').select('edited_at').eq('id', message).single();
    expect(stamped.data?.edited_at, 'an edit of the content is stamped by the database').not.toBeNull();
    const forged = await creator.client.from('tc_team_messages').update({ edited_at: null } as never).eq('id', message).select('id');
    expect(forged.error?.code, 'clients cannot write edited_at').toBe('42501');
    const other = await member.client.from('tc_team_messages').update({ content: 'Hijacked' }).eq('id', message).select('content');
    expect(other.data, "a member cannot edit someone else's message").toEqual([]);
    const del = await member.client.from('tc_team_messages').delete().eq('id', message).select('id');
    expect(del.data, "a member cannot delete someone else's message").toEqual([]);
  });
});

describe('unread counts', () => {
  it('count others\' messages after the read marker, in one query, and clear on read', async () => {
    expect((await creator.client.rpc('mark_channel_read', { channel_id: channel })).error, 'a member marks the channel read').toBeNull();
    expect(await unread(creator), 'nothing unread right after reading').toBe(0);
    await post(member, 'One');
    await post(member, 'Two');
    await post(creator, 'My own message does not count');
    expect(await unread(creator), "two of the other member's messages are unread").toBe(2);
    await creator.client.rpc('mark_channel_read', { channel_id: channel });
    expect(await unread(creator), 'reading the channel clears its count').toBe(0);
    await post(member, 'Three');
    expect(await unread(creator), 'a new message raises the count again').toBe(1);
  });

  it('stop counting at 100 (the badge shows 99+), so a busy channel costs no more than a page', async () => {
    await creator.client.rpc('mark_channel_read', { channel_id: channel });
    const burst = Array.from({ length: 120 }, (_, i) => ({ channel_id: channel, sender_id: member.id, content: `Burst ${i}` }));
    const sent = await member.client.from('tc_team_messages').insert(burst);
    expect(sent.error, 'a member posts 120 messages at once').toBeNull();
    expect(await unread(creator), 'the count stops at 100').toBe(100);
    await creator.client.rpc('mark_channel_read', { channel_id: channel });
    expect(await unread(creator), 'reading clears it').toBe(0);
  });

  it('outsiders cannot mark or count a channel they are not in; agents have no chat', async () => {
    const mark = await outsider.client.rpc('mark_channel_read', { channel_id: channel });
    expect(mark.error?.code, 'marking a channel one is not in answers 404').toBe('PT404');
    expect(await unread(outsider), 'an outsider sees no count for the channel').toBe(0);
    const agentMark = await agent.client.rpc('mark_channel_read', {});
    expect(agentMark.error?.code, 'agents have no team chat to mark (403)').toBe('42501');
    const agentCounts = await agent.client.rpc('channel_unread_counts');
    expect(agentCounts.data, 'agents count no coordinator messages').toEqual([]);
  });
});

describe('mentions', () => {
  it('notify the mentioned channel member with a link to the channel, once, and nobody outside it', async () => {
    const plain = await post(creator, 'No mention here');
    expect(await notificationsOf(member.id, plain), 'a plain message gives members the plain notification, linking the channel').toEqual([
      { type: 'message', title: 'New team chat message', action_url: `/tc-team-chat?channel=${channel}` },
    ]);
    const message = await post(creator, `Hey @milo${tag} member and @Otto${tag} Outsider, and me @Cora${tag} Creator`);
    expect(await notificationsOf(member.id, message), 'the mentioned member gets one notification (the mention, not also the plain one) linking the channel').toEqual([
      { type: 'message', title: `Cora${tag} Creator mentioned you in #chat-${tag}`, action_url: `/tc-team-chat?channel=${channel}` },
    ]);
    expect(await notificationsOf(outsider.id, message), 'a mentioned non-member is not notified (and learns nothing)').toEqual([]);
    expect(await notificationsOf(creator.id, message), 'nobody is notified of their own mention').toEqual([]);
  });

  it('in the general channel any coordinator mentioned is notified', async () => {
    const message = await post(member, `@Otto${tag} Outsider welcome`, null);
    expect(await notificationsOf(outsider.id, message), 'a general mention reaches the coordinator').toEqual([
      { type: 'message', title: `Milo${tag} Member mentioned you in #general`, action_url: '/tc-team-chat?channel=general' },
    ]);
  });
});

describe('privacy through REST and Realtime', () => {
  const channels: [Actor, RealtimeChannel][] = [];
  afterAll(async () => {
    for (const [actor, ch] of channels) await actor.client.removeChannel(ch);
  });

  it('a non-member reads nothing of the channel and gets no live message', async () => {
    const seen: string[] = [];
    await outsider.client.realtime.setAuth();
    await member.client.realtime.setAuth();
    const spy = outsider.client
      .channel(`spy-${tag}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'tc_team_messages', filter: `channel_id=eq.${channel}` }, (p) => seen.push((p.new as { content: string }).content));
    const ok: string[] = [];
    const mine = member.client
      .channel(`mine-${tag}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'tc_team_messages', filter: `channel_id=eq.${channel}` }, (p) => ok.push((p.new as { content: string }).content));
    channels.push([outsider, spy], [member, mine]);
    await subscribed(spy);
    await subscribed(mine);
    await post(creator, 'Secret closing date');
    await waitFor(() => ok.includes('Secret closing date'), 'the member receives the live message');
    await sleep(300);
    expect(seen, 'the non-member receives no live message of the channel').toEqual([]);
    const rest = await outsider.client.from('tc_team_messages').select('id').eq('channel_id', channel);
    expect(rest.data, 'the non-member reads no message of the channel over REST').toEqual([]);
    const agentRead = await agent.client.from('tc_team_messages').select('id').is('channel_id', null).limit(1);
    expect(agentRead.data, 'agents never read the general channel').toEqual([]);
  });

  it('presence on tc-chat:<channel> is for members; tc-chat:general for coordinators only', async () => {
    await creator.client.realtime.setAuth();
    await agent.client.realtime.setAuth();
    const a = creator.client.channel(`tc-chat:${channel}`, { config: { private: true, presence: { key: creator.id } } });
    const b = member.client.channel(`tc-chat:${channel}`, { config: { private: true, presence: { key: member.id } } });
    channels.push([creator, a], [member, b]);
    await subscribed(a);
    await subscribed(b);
    expect(await a.track({ name: 'Cora' }), 'a member shares presence').toBe('ok');
    expect(await b.track({ name: 'Milo' }), 'another member shares presence').toBe('ok');
    await waitFor(() => creator.id in b.presenceState() && member.id in a.presenceState(), 'both members see each other online');

    const intruder = outsider.client.channel(`tc-chat:${channel}`, { config: { private: true } });
    await expect(subscribed(intruder), 'a non-member cannot join the channel presence topic').rejects.toThrow(/Unauthorized/);
    await outsider.client.removeChannel(intruder);

    const agentGeneral = agent.client.channel('tc-chat:general', { config: { private: true } });
    await expect(subscribed(agentGeneral), 'an agent cannot join the general presence topic').rejects.toThrow(/Unauthorized/);
    await agent.client.removeChannel(agentGeneral);

    const tcGeneral = outsider.client.channel('tc-chat:general', { config: { private: true } });
    channels.push([outsider, tcGeneral]);
    await expect(subscribed(tcGeneral), 'any coordinator joins the general presence topic').resolves.toBeUndefined();
  });
});
