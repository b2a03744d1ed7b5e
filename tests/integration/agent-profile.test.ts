/**
 * The agent profile's database rules (spec part 2 §2 'Agent profile'; issue 11
 * PROF): the MLS password is write-only through REST, Realtime and Edge
 * Functions — only its owner's get_mls_password() ever answers it, the
 * profile asks mls_password_is_set() for "set / not set", and another
 * account (a teammate, the coordinator, a super admin, even a second account
 * of the same sign-in) gets nothing. Blank or over-long passwords are 400.
 *
 * Already proven elsewhere, not repeated: profile updates cannot touch role,
 * original_role or assigned_tc_id nor another account (rls-escalations.test.ts
 * 'privileged account columns'); no published table has an MLS column
 * (rls-mls-realtime.test.ts).
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, stackInfo, withDb } from '../support/clients.ts';
import { sleep, subscribed, waitFor } from '../support/realtime.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';

const SECRET = 'mls-Pr0file-secret-4e1d';
const SECOND_SECRET = 'mls-Pr0file-rotated-9b2c';
const leaks = (text: string) => text.includes(SECRET) || text.includes(SECOND_SECRET);

let tc: Actor, owner: Actor, teammate: Actor, outsider: Actor, admin: Actor;
let listingId: string;

beforeAll(async () => {
  tc = await createActor('ProfCoord', 'tc');
  owner = await createActor('ProfOwner', 'agent', { assignedTcId: tc.id });
  teammate = await createActor('ProfMate', 'agent', { assignedTcId: tc.id });
  outsider = await createActor('ProfOutsider', 'agent');
  admin = await createActor('ProfAdmin', 'super_admin');

  // Rows that embed the owner: their listing, a task for them, a listing message and a team message by them.
  const listing = await owner.client.from('listings').insert({ address: '5 Secret Keeper Ct, Austin, TX', agent_id: owner.id! }).select('id').single();
  if (listing.error) throw listing.error;
  listingId = listing.data.id;
  const task = await tc.client.from('tasks').insert({ listing_id: listingId, assigned_to_id: owner.id, created_by_id: tc.id, title: 'Upload the MLS sheet' });
  if (task.error) throw task.error;
  const message = await owner.client.from('messages').insert({ listing_id: listingId, sender_id: owner.id, content: 'MLS sheet coming.' });
  if (message.error) throw message.error;
  const general = await owner.client.from('messages').insert({ is_general: true, sender_id: owner.id, content: 'Hello team.' });
  if (general.error) throw general.error;
});

afterAll(async () => {
  await withDb((db) => db.query('delete from public.listings where id = $1', [listingId]));
});

/** Everything an account can read about the owner through REST, as one text. */
async function restAnswers(client: SupabaseClient): Promise<string> {
  const answers = await Promise.all([
    client.from('users').select('*'),
    client.from('users').select('*').eq('id', owner.id!),
    client.from('listings').select('*, agent:users!listings_agent_id_fkey(*), coordinator:users!listings_tc_id_fkey(*)').eq('id', listingId),
    client.from('messages').select('*, sender:users!messages_sender_id_fkey(*)'),
    client.from('tasks').select('*, assignee:users!tasks_assigned_to_id_fkey(*), creator:users!tasks_created_by_id_fkey(*)'),
    client.from('agent_overview').select('*'),
    client.rpc('mls_password_is_set'),
    client.rpc('can_switch_role'),
    client.rpc('available_agents'),
  ]);
  return JSON.stringify(answers.map((a) => [a.data, a.error]));
}

describe('MLS password status', () => {
  it('mls_password_is_set answers for the active account only, without the secret', async () => {
    const before = await owner.client.rpc('mls_password_is_set');
    expect(before.error, 'an agent may ask whether their MLS password is set').toBeNull();
    expect(before.data, 'no password stored yet: not set').toBe(false);

    expect((await owner.client.rpc('set_mls_password', { password: SECRET })).error, 'the owner stores their MLS password').toBeNull();
    const after = await owner.client.rpc('mls_password_is_set');
    expect(after.data, 'after storing it: set (a boolean, not the secret)').toBe(true);

    for (const other of [teammate, tc, outsider, admin]) {
      expect((await other.client.rpc('mls_password_is_set')).data, `${other.key}: answered for their own account, which has none`).toBe(false);
      expect((await other.client.rpc('get_mls_password')).data, `${other.key}: get_mls_password gives nothing of the owner's`).toBeNull();
    }
    const anon = await anonClient().rpc('mls_password_is_set');
    expect(anon.data ?? null, 'anon gets no answer').toBeNull();
    expect(anon.error, 'anon may not call mls_password_is_set').not.toBeNull();

    // A teammate's own password stays theirs and leaves the owner's alone.
    expect((await teammate.client.rpc('set_mls_password', { password: 'mate-own-pass' })).error, 'a teammate stores their own').toBeNull();
    expect((await owner.client.rpc('get_mls_password')).data, "the owner still reads their own, not the teammate's").toBe(SECRET);
    expect((await teammate.client.rpc('set_mls_password', { password: null })).error, 'null clears it').toBeNull();
    expect((await teammate.client.rpc('mls_password_is_set')).data, 'cleared: not set').toBe(false);
    expect((await teammate.client.rpc('get_mls_password')).data, 'cleared: nothing to reveal').toBeNull();
  });

  it("a second account of the same sign-in (a coordinator's test agent profile) cannot read the first's password", async () => {
    const coordinator = await createActor('ProfTwoAccounts', 'tc');
    expect((await coordinator.client.rpc('set_mls_password', { password: 'coordinator-own' })).error, 'the coordinator stores a password').toBeNull();
    const profile = await coordinator.client.rpc('create_test_agent_profile');
    expect(profile.error, 'the coordinator creates their test agent profile').toBeNull();
    expect((await coordinator.client.rpc('switch_account', { account_id: profile.data as string })).error, 'and acts as it').toBeNull();
    expect((await coordinator.client.rpc('mls_password_is_set')).data, 'the test agent profile has no password of its own').toBe(false);
    expect((await coordinator.client.rpc('get_mls_password')).data, "the test agent profile cannot reveal the coordinator account's password").toBeNull();
  });

  it('a blank or over-long password is refused with 400; the stored one is kept', async () => {
    const blank = await owner.client.rpc('set_mls_password', { password: '   ' });
    expect([blank.status, blank.error?.code], 'a blank password is bad input (400, 22023)').toEqual([400, '22023']);
    expect(blank.error?.message, 'the refusal says what to do instead').toBe('The MLS password cannot be blank; clear it instead.');
    const long = await owner.client.rpc('set_mls_password', { password: 'x'.repeat(256) });
    expect([long.status, long.error?.code], 'more than 255 characters is bad input (400, 22023)').toEqual([400, '22023']);
    expect((await owner.client.rpc('get_mls_password')).data, 'a refused change keeps the stored password').toBe(SECRET);
  });
});

describe('the MLS password leaves the database only through its owner’s get_mls_password', () => {
  const channels: RealtimeChannel[] = [];
  const received = new Map<string, string[]>();

  afterAll(async () => {
    await Promise.all(channels.map((c) => c.unsubscribe()));
  });

  it('no REST answer carries it, for any reader of the owner', async () => {
    expect((await owner.client.rpc('get_mls_password')).data, 'the owner reveals it').toBe(SECRET);
    for (const reader of [owner, teammate, tc, outsider, admin]) {
      const text = await restAnswers(reader.client);
      if (reader !== outsider) expect(text, `${reader.key}: the answers do include the owner's account (the check is not vacuous)`).toContain('ProfOwner');
      expect(leaks(text), `${reader.key}: no REST answer (select *, embeddings, agent_overview, RPCs) carries the secret`).toBe(false);
      expect(text, `${reader.key}: no REST answer names an mls_password field`).not.toMatch(/mls_password/);
    }
  });

  it('no Realtime payload carries it while the password and profile change', async () => {
    for (const watcher of [owner, teammate, tc]) {
      received.set(watcher.key, []);
      await watcher.client.realtime.setAuth();
      const push = (payload: unknown) => received.get(watcher.key)!.push(JSON.stringify(payload));
      const channel = watcher.client
        .channel(`prof-mls-${watcher.key}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'users' }, push)
        .on('postgres_changes', { event: '*', schema: 'public' }, push);
      await subscribed(channel);
      channels.push(channel);
    }

    expect((await owner.client.rpc('set_mls_password', { password: SECOND_SECRET })).error, 'the owner changes the password').toBeNull();
    const edit = await owner.client.from('users').update({ mls_username: 'owner-login', mls_system: 'ABOR', brokerage: 'Keeper Realty' }).eq('id', owner.id!).select('id');
    expect(edit.data, 'the owner edits their profile columns').toHaveLength(1);
    const note = await owner.client.from('messages').insert({ listing_id: listingId, sender_id: owner.id, content: 'Realtime marker 5 Secret Keeper' });
    expect(note.error, 'a published change after the secret marks when anything would have arrived').toBeNull();

    for (const watcher of [owner, tc]) {
      await waitFor(() => received.get(watcher.key)!.some((p) => p.includes('Realtime marker 5 Secret Keeper')), `the marker to reach ${watcher.key}`);
    }
    await sleep(300);
    for (const watcher of [owner, teammate, tc]) {
      const payloads = received.get(watcher.key)!.join('\n');
      expect(leaks(payloads), `${watcher.key}: no Realtime payload carries the MLS password`).toBe(false);
      expect(payloads, `${watcher.key}: no Realtime payload names an mls_password field`).not.toMatch(/mls_password/);
    }
  });

  it('no Edge Function answer carries it', async () => {
    const { apiUrl, anonKey } = stackInfo();
    const token = (await tc.client.auth.getSession()).data.session!.access_token;
    const reminders = await fetch(`${apiUrl}/functions/v1/smart-reminders`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ listingId }),
    });
    const text = await reminders.text();
    expect(reminders.status, "the coordinator gets the owner's listing reminders").toBe(200);
    expect(leaks(text), 'the smart-reminders answer carries no MLS password').toBe(false);
    const health = await fetch(`${apiUrl}/functions/v1/health`, { headers: { apikey: anonKey } });
    expect(leaks(await health.text()), 'the health answer carries no MLS password').toBe(false);
    expect((await owner.client.rpc('get_mls_password')).data, "only the owner's get_mls_password answers it").toBe(SECOND_SECRET);
  });
});
