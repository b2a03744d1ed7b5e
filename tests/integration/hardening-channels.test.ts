/**
 * Coordinator channel membership (issue 9, item 2): only the channel's creator
 * and its admins add members or grant admin; nobody but the creator removes or
 * demotes the creator; any member may leave. Three coordinators and a super
 * admin, through raw REST requests (POST/PATCH/DELETE /rest/v1/tc_channel_members).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { stackInfo, withDb } from '../support/clients.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';

let creator: Actor, member: Actor, outsider: Actor, admin: Actor;
let channel: string;

async function rest(actor: Actor, method: string, pathAndQuery: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const info = stackInfo();
  const token = (await actor.client.auth.getSession()).data.session!.access_token;
  const res = await fetch(`${info.apiUrl}/rest/v1/${pathAndQuery}`, {
    method,
    headers: { apikey: info.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=representation' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const membership = async (tcId: string): Promise<string | null> =>
  withDb(async (db) => {
    const { rows } = await db.query<{ role: string }>('select role from public.tc_channel_members where channel_id = $1 and tc_id = $2', [channel, tcId]);
    return rows[0]?.role ?? null;
  });

beforeAll(async () => {
  creator = await createActor('ChanCreator', 'tc');
  member = await createActor('ChanMember', 'tc');
  outsider = await createActor('ChanOutsider', 'tc');
  admin = await createActor('ChanAdmin', 'super_admin');
  const created = await rest(creator, 'POST', 'tc_channels', { name: 'escalation-test', created_by_id: creator.id });
  expect(created.status, 'a coordinator creates a channel').toBe(201);
  channel = (created.body as { id: string }[])[0].id;
  const added = await rest(creator, 'POST', 'tc_channel_members', { channel_id: channel, tc_id: member.id, role: 'member' });
  expect(added.status, 'the creator adds a plain member').toBe(201);
});

describe('channel membership escalation', () => {
  it('a plain member cannot add another coordinator, as admin or as member', async () => {
    const asAdmin = await rest(member, 'POST', 'tc_channel_members', { channel_id: channel, tc_id: outsider.id, role: 'admin' });
    expect(asAdmin.status, 'a plain member adding an admin is refused with 403').toBe(403);
    const asMember = await rest(member, 'POST', 'tc_channel_members', { channel_id: channel, tc_id: outsider.id });
    expect(asMember.status, 'a plain member adding a member is refused with 403').toBe(403);
    expect(await membership(outsider.id!), 'the outsider did not get in').toBeNull();
    const promote = await rest(member, 'PATCH', `tc_channel_members?channel_id=eq.${channel}&tc_id=eq.${member.id}`, { role: 'admin' });
    expect(promote.body, 'a plain member cannot promote themselves').toEqual([]);
    expect(await membership(member.id!), 'the member is still a plain member').toBe('member');
  });

  it('an admin added by the creator manages members but cannot demote or remove the creator', async () => {
    const added = await rest(creator, 'POST', 'tc_channel_members', { channel_id: channel, tc_id: outsider.id, role: 'admin' });
    expect(added.status, 'the creator grants admin').toBe(201);
    const demote = await rest(outsider, 'PATCH', `tc_channel_members?channel_id=eq.${channel}&tc_id=eq.${creator.id}`, { role: 'member' });
    expect(demote.body, 'an admin cannot demote the creator').toEqual([]);
    const remove = await rest(outsider, 'DELETE', `tc_channel_members?channel_id=eq.${channel}&tc_id=eq.${creator.id}`);
    expect(remove.body, 'an admin cannot remove the creator').toEqual([]);
    expect(await membership(creator.id!), 'the creator is still an admin of the channel').toBe('admin');
    const promote = await rest(outsider, 'PATCH', `tc_channel_members?channel_id=eq.${channel}&tc_id=eq.${member.id}`, { role: 'admin' });
    expect(promote.status, 'an admin may change the role of other members').toBe(200);
    await rest(outsider, 'PATCH', `tc_channel_members?channel_id=eq.${channel}&tc_id=eq.${member.id}`, { role: 'member' });
    const rename = await rest(outsider, 'PATCH', `tc_channels?id=eq.${channel}`, { name: 'renamed-by-admin' });
    expect((rename.body as unknown[]).length, 'an admin may rename the channel').toBe(1);
  });

  it('the super admin cannot remove or demote the creator but may manage other members', async () => {
    const remove = await rest(admin, 'DELETE', `tc_channel_members?channel_id=eq.${channel}&tc_id=eq.${creator.id}`);
    expect(remove.body, 'not even the super admin removes the creator').toEqual([]);
    const demote = await rest(admin, 'PATCH', `tc_channel_members?channel_id=eq.${channel}&tc_id=eq.${creator.id}`, { role: 'member' });
    expect(demote.body, 'not even the super admin demotes the creator').toEqual([]);
    expect(await membership(creator.id!), 'the creator is still an admin').toBe('admin');
    const promote = await rest(admin, 'PATCH', `tc_channel_members?channel_id=eq.${channel}&tc_id=eq.${member.id}`, { role: 'admin' });
    expect((promote.body as unknown[]).length, 'the super admin may change other members').toBe(1);
    await rest(admin, 'PATCH', `tc_channel_members?channel_id=eq.${channel}&tc_id=eq.${member.id}`, { role: 'member' });
  });

  it('any member may leave; the creator removes admins; the creator may leave too', async () => {
    const leave = await rest(member, 'DELETE', `tc_channel_members?channel_id=eq.${channel}&tc_id=eq.${member.id}`);
    expect((leave.body as unknown[]).length, 'a plain member leaves the channel').toBe(1);
    const kick = await rest(creator, 'DELETE', `tc_channel_members?channel_id=eq.${channel}&tc_id=eq.${outsider.id}`);
    expect((kick.body as unknown[]).length, 'the creator removes an admin').toBe(1);
    const self = await rest(creator, 'DELETE', `tc_channel_members?channel_id=eq.${channel}&tc_id=eq.${creator.id}`);
    expect((self.body as unknown[]).length, 'the creator may leave their own channel').toBe(1);
  });
});
