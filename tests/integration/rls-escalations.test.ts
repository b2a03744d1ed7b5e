/**
 * Escalations and the rules enforced by functions and triggers, through
 * supabase-js as each actor: privileged columns, the MLS password, task
 * answers, cross-team access, channels, the role switcher, switching
 * accounts, onboarding, user deletion, and the rows triggers write.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, withDb } from '../support/clients.ts';
import { createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

let admin: Actor, tc1: Actor, tc2: Actor, agentA: Actor, agentB: Actor;
let listingA: string, listingB: string, channel: string;

const one = async <T>(sql: string, params: unknown[] = []): Promise<T | undefined> =>
  withDb(async (db) => (await db.query(sql, params)).rows[0] as T | undefined);

beforeAll(async () => {
  admin = await createActor('EscAdmin', 'super_admin');
  tc1 = await createActor('EscCoord1', 'tc');
  tc2 = await createActor('EscCoord2', 'tc');
  agentA = await createActor('EscAgentA', 'agent', { assignedTcId: tc1.id });
  agentB = await createActor('EscAgentB', 'agent', { assignedTcId: tc2.id });
  await withDb(async (db) => {
    listingA = await insertRow(db, 'listings', { address: '19 Birch Lane, Austin TX', agent_id: agentA.id, tc_id: tc1.id });
    listingB = await insertRow(db, 'listings', { address: '7 Ocean Blvd, Tampa FL', agent_id: agentB.id, tc_id: tc2.id });
    channel = await insertRow(db, 'tc_channels', { name: 'escrow', created_by_id: tc1.id });
    await insertRow(db, 'tc_team_messages', { channel_id: channel, sender_id: tc1.id, content: 'Escrow for Birch Lane opened.' });
  });
});

describe('privileged account columns', () => {
  it('an agent cannot make themselves super_admin, change their coordinator or edit another account', async () => {
    const role = await agentA.client.from('users').update({ role: 'super_admin' }).eq('id', agentA.id!);
    expect(role.error, 'role is not an updatable column for API callers').not.toBeNull();
    const tc = await agentA.client.from('users').update({ assigned_tc_id: tc2.id }).eq('id', agentA.id!);
    expect(tc.error, 'assigned_tc_id is not an updatable column for API callers').not.toBeNull();
    const orig = await agentA.client.from('users').update({ original_role: 'super_admin' }).eq('id', agentA.id!);
    expect(orig.error, 'original_role is not an updatable column for API callers').not.toBeNull();
    const other = await agentA.client.from('users').update({ first_name: 'Hacked' }).eq('id', agentB.id!).select();
    expect(other.data ?? [], "another account's profile is not updatable").toEqual([]);
    const forged = await agentA.client.from('users').insert({ auth_user_id: agentA.authId, email: agentA.email, role: 'super_admin' });
    expect(forged.error, 'accounts are never inserted by the client').not.toBeNull();
    const row = await one<{ role: string; assigned_tc_id: string; original_role: string | null }>(
      'select role, assigned_tc_id, original_role from public.users where id = $1', [agentA.id]);
    expect(row, 'agent A is still an agent of coordinator 1').toEqual({ role: 'agent', assigned_tc_id: tc1.id, original_role: null });
    const b = await one<{ first_name: string }>('select first_name from public.users where id = $1', [agentB.id]);
    expect(b?.first_name, "agent B's name is untouched").not.toBe('Hacked');
  });

  it('an agent can edit their own profile fields', async () => {
    const res = await agentA.client.from('users').update({ phone: '(512) 555-0142', brokerage: 'Lone Star Realty' }).eq('id', agentA.id!).select('phone');
    expect(res.data, 'own profile is updatable').toEqual([{ phone: '(512) 555-0142' }]);
  });
});

describe('MLS password', () => {
  it('is readable by its owner only: not by select, embedding, RPC, the private schema or realtime', async () => {
    const set = await agentA.client.rpc('set_mls_password', { password: 'hunter2-mls' });
    expect(set.error, 'the owner can store their MLS password').toBeNull();
    const own = await agentA.client.rpc('get_mls_password');
    expect(own.data, 'the owner reads it back').toBe('hunter2-mls');

    for (const actor of [tc1, agentB, admin]) {
      const viaRpc = await actor.client.rpc('get_mls_password');
      expect(viaRpc.data, `${actor.key} gets only their own (unset) password from the RPC`).toBeNull();
      const column = await actor.client.from('users').select('mls_password').eq('id', agentA.id!);
      expect(column.error, `${actor.key}: there is no mls_password column to select`).not.toBeNull();
      const star = await actor.client.from('users').select('*').eq('id', agentA.id!);
      expect(JSON.stringify(star.data ?? []), `${actor.key}: select * carries no MLS secret`).not.toMatch(/hunter2|mls_password/);
      const embedded = await actor.client.from('listings').select('*, agent:users!listings_agent_id_fkey(*)').eq('id', listingA);
      expect(JSON.stringify(embedded.data ?? []), `${actor.key}: embedding the agent carries no MLS secret`).not.toMatch(/hunter2|mls_password/);
      const secrets = await actor.client.schema('private' as 'public').from('user_secrets').select('*');
      expect(secrets.data ?? [], `${actor.key}: the private schema is not exposed`).toEqual([]);
    }
    const anonRpc = await anonClient().rpc('get_mls_password');
    expect(anonRpc.data ?? null, 'anon cannot call get_mls_password').toBeNull();

    const stored = await one<{ raw: string }>('select encode(mls_password_encrypted, $2) as raw from private.user_secrets where user_id = $1', [agentA.id, 'escape']);
    expect(stored?.raw, 'stored encrypted, not in plain text').not.toContain('hunter2');
    const published = await withDb(async (db) =>
      (await db.query(`select schemaname, tablename, attnames::text[] as attnames from pg_publication_tables where pubname = 'supabase_realtime'`)).rows as { schemaname: string; tablename: string; attnames: string[] }[]);
    expect(published.filter((t) => t.schemaname !== 'public' || t.tablename === 'users' || t.attnames.some((a) => a.includes('mls'))),
      'realtime publishes no account or secret table').toEqual([]);
  });
});

describe('tasks', () => {
  let task: string;
  beforeAll(async () => {
    const created = await tc1.client.from('tasks').insert({ listing_id: listingA, assigned_to_id: agentA.id, created_by_id: tc1.id, title: 'Send the HOA docs', priority: 'high' }).select('id').single();
    expect(created.error, "the coordinator creates a task for their agent's listing").toBeNull();
    task = created.data!.id;
  });

  it('an agent cannot edit title, priority or assignee, but answers through respond_to_task', async () => {
    const title = await agentA.client.from('tasks').update({ title: 'Nothing to do' }).eq('id', task).select();
    expect(title.data ?? [], 'the agent cannot edit the title').toEqual([]);
    const assignee = await agentA.client.from('tasks').update({ assigned_to_id: agentB.id }).eq('id', task);
    expect(assignee.error, 'assigned_to_id is never updatable through the API').not.toBeNull();
    const read = await agentA.client.rpc('mark_task_read', { task_id: task });
    expect(read.error, 'the agent marks their task read').toBeNull();
    const stranger = await agentB.client.rpc('respond_to_task', { task_id: task, response: 'not mine' });
    expect(stranger.error?.code, 'another agent cannot answer it').toBe('42501');
    const answer = await agentA.client.rpc('respond_to_task', { task_id: task, response: 'Uploaded to Documents.' });
    expect(answer.error, 'the assigned agent answers').toBeNull();
    const row = await one<{ title: string; status: string; agent_response: string; completed: boolean }>(
      'select title, status, agent_response, completed_at is not null as completed from public.tasks where id = $1', [task]);
    expect(row, 'only the answer columns changed').toEqual({ title: 'Send the HOA docs', status: 'completed', agent_response: 'Uploaded to Documents.', completed: true });
  });

  it('a coordinator toggles and resends; triggers notify, log activity and record workflow patterns', async () => {
    const reopen = await tc1.client.rpc('set_task_completed', { task_id: task, completed: false });
    expect(reopen.error, 'the coordinator toggles completion').toBeNull();
    const foreign = await tc2.client.rpc('set_task_completed', { task_id: task, completed: true });
    expect(foreign.error?.code, "another coordinator cannot toggle it").toBe('42501');
    const resend = await tc1.client.rpc('resend_task', { task_id: task });
    expect(resend.error, 'a responded, open task can be resent').toBeNull();

    const notes = await agentA.client.from('notifications').select('title').eq('source_id', task);
    expect(notes.data?.map((n) => n.title).sort(), 'the agent was told about the new task and the resend')
      .toEqual(['New task: Send the HOA docs', 'Reminder: Send the HOA docs']);
    const tcNotes = await tc1.client.from('notifications').select('title').eq('source_id', task);
    expect(tcNotes.data?.map((n) => n.title), 'the coordinator was told about the response').toEqual(['Task response: Send the HOA docs']);
    const patterns = await tc1.client.from('ai_workflow_patterns').select('action_type, metadata').eq('task_id', task).order('timestamp');
    expect(patterns.data?.map((p) => p.action_type), 'task lifecycle recorded').toEqual(['task_assigned', 'task_responded', 'task_completed', 'reminder_sent']);
    expect(typeof (patterns.data?.[1]?.metadata as Record<string, unknown>)?.responseTimeHours, 'response time in hours recorded').toBe('number');
    const activity = await tc1.client.from('activity_log').select('action').eq('user_id', agentA.id!).eq('action', 'task_response');
    expect(activity.data?.length, "the coordinator sees the agent's task_response activity").toBe(1);
  });

  it('a coordinator cannot create tasks outside their agents or for someone else than the listing agent', async () => {
    const outside = await tc2.client.from('tasks').insert({ listing_id: listingA, assigned_to_id: agentA.id, created_by_id: tc2.id, title: 'Poach' });
    expect(outside.error?.code, "coordinator 2 cannot task coordinator 1's listing").toBe('42501');
    const wrongAgent = await tc1.client.from('tasks').insert({ listing_id: listingA, assigned_to_id: agentB.id, created_by_id: tc1.id, title: 'Misroute' });
    expect(wrongAgent.error?.code, "a task goes to the listing's own agent").toBe('42501');
    const agentTask = await agentA.client.from('tasks').insert({ listing_id: listingA, assigned_to_id: agentA.id, created_by_id: agentA.id, title: 'Self' });
    expect(agentTask.error?.code, 'agents do not create tasks').toBe('42501');
  });
});

describe('listings', () => {
  it('agents create incomplete listings and never change status; their coordinator does', async () => {
    const live = await agentA.client.from('listings').insert({ address: '5 Quick Sale Ct', agent_id: agentA.id, status: 'live' });
    expect(live.error, 'a new listing cannot start live').not.toBeNull();
    const created = await agentA.client.from('listings').insert({ address: '22 Elm Court, Austin TX', agent_id: agentA.id }).select('id, tc_id, status').single();
    expect(created.data?.tc_id, "the new listing is coordinated by the agent's coordinator").toBe(tc1.id);
    const status = await agentA.client.from('listings').update({ status: 'ready' }).eq('id', listingA);
    expect(status.error, 'the agent cannot change status').not.toBeNull();
    const steal = await agentA.client.from('listings').update({ tc_id: tc2.id }).eq('id', listingA);
    expect(steal.error, 'the agent cannot move the listing to another coordinator').not.toBeNull();
    const agentRpc = await agentA.client.rpc('set_listing_status', { listing_id: listingA, new_status: 'live' });
    expect(agentRpc.error?.code, 'set_listing_status refuses agents').toBe('42501');
    const otherTc = await tc2.client.rpc('set_listing_status', { listing_id: listingA, new_status: 'live' });
    expect(otherTc.error?.code, "set_listing_status answers another team's coordinator as for an unknown listing (issue 51 item 10: no existence leak)").toBe('PT404');
    // Live, not under_contract: a listing goes under contract only with its contract (issue 52).
    const ok = await tc1.client.rpc('set_listing_status', { listing_id: listingA, new_status: 'live' });
    expect(ok.data?.status, "the listing's coordinator changes status").toBe('live');
    const activity = await agentA.client.from('activity_log').select('action').eq('listing_id', created.data!.id);
    expect(activity.data?.map((a) => a.action), 'listing_creation activity written').toEqual(['listing_creation']);
    const photos = await agentA.client.from('listings').update({ photo_urls: ['listings/x/front.jpg'] }).eq('id', created.data!.id);
    expect(photos.error, 'the agent adds photos').toBeNull();
    const photoActivity = await tc1.client.from('activity_log').select('action').eq('listing_id', created.data!.id).eq('action', 'photo_upload');
    expect(photoActivity.data?.length, 'photo_upload activity visible to the coordinator').toBe(1);
  });

  it("another agent cannot read agent A's documents, messages or notes", async () => {
    const doc = await withDb((db) => insertRow(db, 'documents', { listing_id: listingA, file_name: 'appraisal.pdf', file_url: `listings/${listingA}/appraisal.pdf`, uploaded_by: agentA.id }));
    const res = await agentB.client.from('documents').select('id').eq('id', doc);
    expect(res.data, "agent B cannot read agent A's document row by id").toEqual([]);
    const msg = await agentB.client.from('messages').select('id').eq('listing_id', listingA);
    expect(msg.data, "agent B sees no messages of agent A's listing").toEqual([]);
    const list = await agentB.client.from('listings').select('id');
    expect(list.data?.map((l) => l.id), 'agent B sees only their own listing').toEqual([listingB]);
  });

  it('messages notify the other side and the team', async () => {
    const sent = await agentA.client.from('messages').insert({ listing_id: listingA, sender_id: agentA.id, content: 'Buyer wants a second showing.' }).select('id').single();
    expect(sent.error, 'the agent writes on their listing').toBeNull();
    const n = await tc1.client.from('notifications').select('type').eq('source_id', sent.data!.id);
    expect(n.data, 'the coordinator is notified of the listing message').toEqual([{ type: 'message' }]);
    const team = await tc1.client.from('messages').insert({ is_general: true, sender_id: tc1.id, content: 'Office closed Friday.' }).select('id, team_tc_id').single();
    expect(team.data?.team_tc_id, "a team message is stamped with the coordinator's team").toBe(tc1.id);
    const an = await agentA.client.from('notifications').select('type').eq('source_id', team.data!.id);
    expect(an.data, 'team members are notified').toEqual([{ type: 'message' }]);
    const bTeam = await agentB.client.from('messages').select('id').eq('id', team.data!.id);
    expect(bTeam.data, "another team's agent cannot read it").toEqual([]);
  });
});

describe('coordinator chat', () => {
  it('a non-member cannot read a channel, its members or messages, nor invite themselves', async () => {
    expect((await tc2.client.from('tc_channels').select('id').eq('id', channel)).data, 'channel hidden from non-members').toEqual([]);
    expect((await tc2.client.from('tc_team_messages').select('id').eq('channel_id', channel)).data, 'channel messages hidden').toEqual([]);
    expect((await tc2.client.from('tc_channel_members').select('id').eq('channel_id', channel)).data, 'member list hidden').toEqual([]);
    const self = await tc2.client.from('tc_channel_members').insert({ channel_id: channel, tc_id: tc2.id });
    expect(self.error?.code, 'only members invite').toBe('42501');
    const agentInvite = await tc1.client.from('tc_channel_members').insert({ channel_id: channel, tc_id: agentA.id });
    expect(agentInvite.error?.code, 'only coordinators can be invited').toBe('42501');
  });

  it('the creator becomes admin; invited members read; general-channel posts notify other coordinators', async () => {
    const created = await tc2.client.from('tc_channels').insert({ name: 'listings-west', created_by_id: tc2.id }).select('id').single();
    expect(created.error, 'a coordinator creates a channel').toBeNull();
    const members = await tc2.client.from('tc_channel_members').select('tc_id, role').eq('channel_id', created.data!.id);
    expect(members.data, 'the creator is its admin').toEqual([{ tc_id: tc2.id, role: 'admin' }]);
    const invite = await tc2.client.from('tc_channel_members').insert({ channel_id: created.data!.id, tc_id: tc1.id });
    expect(invite.error, 'a member invites another coordinator').toBeNull();
    expect((await tc1.client.from('tc_channels').select('id').eq('id', created.data!.id)).data?.length, 'the invitee now reads it').toBe(1);
    const general = await tc1.client.from('tc_team_messages').insert({ sender_id: tc1.id, content: 'Morning all' }).select('id').single();
    const n = await tc2.client.from('notifications').select('type').eq('source_id', general.data!.id);
    expect(n.data, 'other coordinators are notified of general-channel posts').toEqual([{ type: 'message' }]);
    expect((await agentA.client.from('tc_team_messages').select('id').eq('id', general.data!.id)).data, 'agents cannot read coordinator chat').toEqual([]);
  });
});

describe('accounts', () => {
  let switcher: Actor;
  let previousSwitcherEmail: string;
  beforeAll(async () => {
    switcher = await createActor('EscSwitcher', 'agent');
    previousSwitcherEmail = (await one<{ value: string }>(`select value from private.settings where key = 'role_switcher_email'`))!.value;
    await withDb((db) => db.query(`update private.settings set value = $1 where key = 'role_switcher_email'`, [switcher.email]));
  });
  afterAll(async () => {
    await withDb((db) => db.query(`update private.settings set value = $1 where key = 'role_switcher_email'`, [previousSwitcherEmail]));
  });

  it('the role switcher works only for the account named in the database setting', async () => {
    const denied = await agentA.client.rpc('switch_role', { target: 'super_admin' });
    expect(denied.error?.code, 'other accounts cannot switch role').toBe('42501');
    const renamed = await agentA.client.from('users').update({ email: switcher.email }).eq('id', agentA.id!);
    expect(renamed.error?.code, "the account e-mail cannot be set to the switcher's address").toBe('42501');
    const stillDenied = await agentA.client.rpc('switch_role');
    expect(stillDenied.error?.code, 'only the verified sign-in e-mail unlocks the switcher').toBe('42501');
    expect((await switcher.client.rpc('switch_role')).data, 'toggle agent -> tc').toBe('tc');
    expect((await switcher.client.rpc('switch_role')).data, 'toggle tc -> super_admin').toBe('super_admin');
    const row = await one<{ role: string; original_role: string }>('select role, original_role from public.users where id = $1', [switcher.id]);
    expect(row, 'original_role records the true role').toEqual({ role: 'super_admin', original_role: 'agent' });
    expect((await switcher.client.from('invitations').select('id')).error, 'as super_admin the switcher reaches admin data').toBeNull();
    expect((await switcher.client.rpc('switch_role')).data, 'toggle super_admin -> agent').toBe('agent');
    expect((await one<{ original_role: string | null }>('select original_role from public.users where id = $1', [switcher.id]))?.original_role, 'back to the true role').toBeNull();
  });

  it("a coordinator's test agent profile is a second account of the same sign-in; policies follow the active account", async () => {
    const made = await tc1.client.rpc('create_test_agent_profile');
    expect(made.error, 'a coordinator creates their test agent profile').toBeNull();
    const mine = await tc1.client.from('users').select('id, role').eq('auth_user_id', tc1.authId!).order('created_at');
    expect(mine.data?.map((u) => u.role), 'the sign-in lists both accounts').toEqual(['tc', 'agent']);
    const foreign = await tc1.client.rpc('switch_account', { account_id: agentA.id });
    expect(foreign.error?.code, "nobody switches into another sign-in's account").toBe('42501');
    await tc1.client.rpc('switch_account', { account_id: made.data });
    expect((await tc1.client.from('tc_channels').select('id').eq('id', channel)).data, 'as the test agent, coordinator channels are hidden').toEqual([]);
    const own = await tc1.client.from('listings').insert({ address: '1 Test Profile Rd', agent_id: made.data }).select('tc_id').single();
    expect(own.data?.tc_id, "the test agent's listing is coordinated by the coordinator").toBe(tc1.id);
    await tc1.client.rpc('switch_account', { account_id: tc1.id });
    expect((await tc1.client.from('tc_channels').select('id').eq('id', channel)).data?.length, 'back as tc, the channel is visible').toBe(1);
  });

  it("the 'Test Profile' flag follows the sign-in's coordinator account and no client can set it", async () => {
    const coordinator = await createActor('EscFlagCoord', 'tc');
    const made = await coordinator.client.rpc('create_test_agent_profile');
    expect(made.error, 'a coordinator creates their test agent profile').toBeNull();
    const card = await coordinator.client.from('agent_overview').select('id, is_test_profile').eq('assigned_tc_id', coordinator.id!);
    expect(card.data, "the coordinator's grid flags the test profile").toEqual([{ id: made.data, is_test_profile: true }]);
    const forged = await coordinator.client.from('users').update({ is_test_profile: false }).eq('id', made.data);
    expect(forged.error?.code, 'is_test_profile is not an updatable column for API callers').toBe('42501');
    const agentCard = await agentA.client.from('agent_overview').select('is_test_profile').eq('id', agentA.id!).single();
    expect(agentCard.data?.is_test_profile, 'an ordinary agent is not a test profile').toBe(false);

    const removed = await admin.client.from('users').delete().eq('id', coordinator.id!).select('id');
    expect(removed.data, 'a super admin deletes the coordinator account').toEqual([{ id: coordinator.id }]);
    const left = await one<{ role: string; is_test_profile: boolean }>('select role, is_test_profile from public.users where id = $1', [made.data]);
    expect(left, 'without a coordinator account on its sign-in, the agent account is no longer a test profile').toEqual({ role: 'agent', is_test_profile: false });
  });

  it("flags an agent account created while the sign-in's coordinator account is being created", async () => {
    const agent = await createActor('EscFlagRace', 'agent');
    const second = await withDb(async (db) => {
      await db.query('begin');
      await db.query(`insert into public.users (auth_user_id, email, role, first_name) values ($1, $2, 'tc', 'Race')`, [agent.authId, agent.email]);
      // Another connection adds a second agent account to the same sign-in before the coordinator account commits.
      const adding = withDb((other) => other.query<{ id: string }>(
        `insert into public.users (auth_user_id, email, role, first_name) values ($1, $2, 'agent', 'Race') returning id`, [agent.authId, agent.email]));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await db.query('commit');
      return (await adding).rows[0].id;
    });
    const flags = await withDb(async (db) => (await db.query<{ id: string; is_test_profile: boolean }>(
      `select id, is_test_profile from public.users where auth_user_id = $1 and role = 'agent'`, [agent.authId])).rows);
    const byId = (x: { id: string | null }, y: { id: string | null }) => (x.id! < y.id! ? -1 : 1);
    expect(flags.sort(byId), 'both agent accounts of the sign-in are test profiles once its coordinator account exists').toEqual(
      [{ id: agent.id, is_test_profile: true }, { id: second, is_test_profile: true }].sort(byId));
  });

  it('coordinators assign unassigned agents to themselves and unassign only their own', async () => {
    const free = await createActor('EscFree', 'agent');
    expect((await tc2.client.from('users').select('id').eq('id', free.id!)).data, "coordinators do not read an unassigned agent's full profile").toEqual([]);
    const available = await tc2.client.rpc('available_agents').eq('id', free.id!);
    expect(available.data?.map((a: { id: string }) => a.id), 'coordinators list unassigned agents through available_agents').toEqual([free.id]);
    expect((await tc2.client.from('users').select('id').eq('id', agentA.id!)).data, "coordinators do not see other coordinators' agents").toEqual([]);
    expect((await tc1.client.rpc('assign_agent', { agent_id: free.id })).error, 'tc1 assigns a free agent to self').toBeNull();
    expect((await tc2.client.rpc('assign_agent', { agent_id: free.id })).error?.code, 'tc2 cannot take an assigned agent').toBe('42501');
    expect((await tc2.client.rpc('unassign_agent', { agent_id: free.id })).error?.code, 'tc2 cannot unassign another coordinator’s agent').toBe('42501');
    expect((await free.client.rpc('assign_agent', { agent_id: free.id, tc_id: tc2.id })).error?.code, 'an agent cannot pick a coordinator').toBe('42501');
    expect((await tc1.client.rpc('unassign_agent', { agent_id: free.id })).error, 'tc1 unassigns their agent').toBeNull();
  });

  it('anon sees only what onboarding shows; signing up with the invitation id gives the invited role and notifies the inviter', async () => {
    const email = `invitee-${crypto.randomUUID().slice(0, 8)}@rls.test`;
    const inv = await admin.client.from('invitations').insert({ email, role: 'tc', invited_by: admin.id }).select('id').single();
    expect(inv.error, 'the super admin invites').toBeNull();
    const anon = anonClient();
    expect((await anon.from('invitations').select('*')).data ?? [], 'anon cannot list invitations').toEqual([]);
    const lookup = await anon.rpc('get_invitation', { invitation_id: inv.data!.id });
    expect(Object.keys(lookup.data?.[0] ?? {}).sort(), 'the lookup reveals only the onboarding fields').toEqual(['email', 'expired', 'first_name', 'id', 'last_name', 'role', 'used']);
    expect((await anon.rpc('get_invitation', { invitation_id: crypto.randomUUID() })).data, 'unknown ids reveal nothing').toEqual([]);
    expect((await anon.rpc('complete_onboarding', { invitation_id: inv.data!.id, first_name: 'A', last_name: 'B' })).error, 'anon cannot complete onboarding').not.toBeNull();
    expect((await agentA.client.rpc('complete_onboarding', { invitation_id: inv.data!.id, first_name: 'A', last_name: 'B' })).error, 'someone else cannot use the invitation').not.toBeNull();

    const password = `pw-${crypto.randomUUID()}`;
    const signUp = await anon.auth.signUp({ email, password, options: { data: { first_name: 'Priya', last_name: 'Raman', invitation_id: inv.data!.id } } });
    expect(signUp.error, 'the invitee signs up').toBeNull();
    const account = await anon.from('users').select('role, first_name').eq('auth_user_id', signUp.data.user!.id);
    expect(account.data, 'the account has the invited role').toEqual([{ role: 'tc', first_name: 'Priya' }]);
    expect((await anon.rpc('get_invitation', { invitation_id: inv.data!.id })).data?.[0]?.used, 'the invitation is used').toBe(true);
    const n = await admin.client.from('notifications').select('title').eq('source_id', inv.data!.id);
    expect(n.data, 'the inviter is notified').toEqual([{ title: 'Invitation accepted' }]);
  });

  it('deleting a user keeps their listings and documents and removes their sign-in', async () => {
    const leaving = await createActor('EscLeaving', 'agent', { assignedTcId: tc1.id });
    const listing = await withDb((db) => insertRow(db, 'listings', { address: '400 Exit Row', agent_id: leaving.id, tc_id: tc1.id }));
    const doc = await withDb((db) => insertRow(db, 'documents', { listing_id: listing, file_name: 'deed.pdf', file_url: `listings/${listing}/deed.pdf`, uploaded_by: leaving.id }));
    expect((await tc1.client.rpc('delete_user', { account_id: leaving.id })).error?.code, 'only super admins delete users').toBe('42501');
    expect((await admin.client.rpc('delete_user', { account_id: leaving.id })).error, 'the super admin deletes the user').toBeNull();
    expect(await one('select agent_id, tc_id from public.listings where id = $1', [listing]), 'the listing stays, without owner, with its coordinator').toEqual({ agent_id: null, tc_id: tc1.id });
    expect(await one('select uploaded_by from public.documents where id = $1', [doc]), 'the document stays').toEqual({ uploaded_by: null });
    expect(await one('select id from auth.users where id = $1', [leaving.authId]), 'the sign-in is gone').toBeUndefined();
    const signIn = await serviceClient().auth.admin.getUserById(leaving.authId!);
    expect(signIn.data.user, 'the auth service no longer knows the sign-in').toBeNull();
  });
});
