/**
 * Invitations by e-mail through the `invitations` Edge Function, and
 * invitation-only sign-up (docs/data-model.md "Invitations need proof").
 * Only super admins create, read, resend or delete invitations, whatever the
 * client calls (function or REST); the mailed link leads the invitee to
 * onboarding, which creates the account and uses the invitation at once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../stack/config.ts';
import { anonClient, serviceClient, withDb } from '../support/clients.ts';
import { clientForToken, createActor, type Actor } from '../support/seed-rls-actors.ts';
import { startThrowawayStack, type StackInfo } from '../support/throwaway-stack.ts';
import { followLink, fragmentOf, latestMailTo, mailsTo, verifyLinkIn } from './auth-support.ts';

const APP = 'http://127.0.0.1:5173';
const inviteeEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@invite.test`;

let admin: Actor;
let tc: Actor;
let agent: Actor;

beforeAll(async () => {
  admin = await createActor('FnAdmin', 'super_admin');
  tc = await createActor('FnTc', 'tc');
  agent = await createActor('FnAgent', 'agent', { assignedTcId: tc.id });
});

/** Calls the function as the browser does (with the app's Origin), returning status and JSON body. */
async function call(client: SupabaseClient, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const { data, error, response } = await client.functions.invoke('invitations', { body: body as Record<string, unknown>, headers: { Origin: APP } });
  if (!error) return { status: response?.status ?? 200, body: data as Record<string, unknown> };
  const res = (error as { context?: Response }).context;
  if (!res) throw error;
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

interface Invitation {
  id: string;
  email: string;
  role: string;
  is_used: boolean;
  expires_at: string;
}

describe('a super admin sends an invitation', () => {
  it('creates the row, mails a link to onboarding, and the invitee gets the role once', async () => {
    const email = inviteeEmail('new-agent');
    const sent = await call(admin.client, { action: 'send', email: email.toUpperCase(), role: 'agent' });
    expect(sent.status, 'a super admin may send an invitation').toBe(200);
    const invitation = sent.body.invitation as Invitation;
    expect(invitation, 'the answer carries the pending invitation, e-mail normalised').toMatchObject({ email, role: 'agent', is_used: false });

    const link = verifyLinkIn(await latestMailTo(email));
    const followed = await followLink(link);
    expect(`${followed.location.origin}${followed.location.pathname}${followed.location.search}`, 'the mailed link leads to onboarding with the id').toBe(
      `${APP}/onboarding?invitation=${invitation.id}`,
    );
    const token = fragmentOf(followed.location).get('access_token');
    expect(token, 'following the link signs the invitee in').toBeTruthy();
    const invitee = clientForToken(token!);

    const before = (await anonClient().rpc('get_invitation', { invitation_id: invitation.id })).data?.[0];
    expect(before?.used, 'following the link alone does not use the invitation: onboarding still shows the form').toBe(false);
    expect((await invitee.from('users').select('id')).data, 'no account before the onboarding form is sent').toEqual([]);

    const done = await invitee.rpc('complete_onboarding', { invitation_id: invitation.id, first_name: ' Nia ', last_name: 'Okafor' });
    expect(done.error, 'onboarding completes').toBeNull();
    expect(done.data, 'the answer says the account is ready, with the invited role').toMatchObject({ account_ready: true, role: 'agent' });
    const accounts = (await invitee.from('users').select('role, first_name, last_name')).data;
    expect(accounts, 'one account with the invited role and trimmed names').toEqual([{ role: 'agent', first_name: 'Nia', last_name: 'Okafor' }]);

    const listed = (await admin.client.from('invitations').select('used').eq('id', invitation.id).single()).data;
    expect(listed?.used, 'the admin list shows the invitation used').toBe(true);
    const again = await invitee.rpc('complete_onboarding', { invitation_id: invitation.id, first_name: 'Nia', last_name: 'Okafor' });
    expect(again.status, 'a second use is refused').toBe(409);
    const notified = await withDb(async (db) =>
      (await db.query('select count(*)::int as n from public.notifications where user_id = $1 and source_id = $2', [admin.id, invitation.id])).rows[0].n,
    );
    expect(notified, 'the inviter is notified when the invitation is accepted').toBe(1);
  });

  it('invites an address that already signs in to add an account with that role', async () => {
    const sent = await call(admin.client, { action: 'send', email: agent.email, role: 'tc' });
    expect(sent.status, 'a registered e-mail is not an error').toBe(200);
    const invitation = sent.body.invitation as Invitation;
    const followed = await followLink(verifyLinkIn(await latestMailTo(agent.email!)));
    expect(followed.location.search, 'the sign-in link leads to onboarding with the id').toBe(`?invitation=${invitation.id}`);
    const invitee = clientForToken(fragmentOf(followed.location).get('access_token')!);
    const done = await invitee.rpc('complete_onboarding', { invitation_id: invitation.id, first_name: 'Two', last_name: 'Hats' });
    expect(done.data, 'the agent gets a coordinator account besides the agent one').toMatchObject({ role: 'tc' });
    const roles = (await invitee.from('users').select('role').eq('auth_user_id', agent.authId!).order('created_at')).data?.map((r) => r.role);
    expect(roles, 'both accounts belong to the one sign-in').toEqual(['agent', 'tc']);
  });

  it('refuses a duplicate pending invitation, a bad e-mail and an unknown id with clear 4xx answers', async () => {
    const email = inviteeEmail('dup');
    expect((await call(admin.client, { action: 'send', email, role: 'tc' })).status, 'the first invitation is sent').toBe(200);
    const dup = await call(admin.client, { action: 'send', email, role: 'tc' });
    expect(dup.status, 'the same e-mail and role while pending is a conflict').toBe(409);
    expect(dup.body.message, 'the refusal says why').toBe('An invitation for this e-mail and role is already pending');
    expect((await call(admin.client, { action: 'send', email, role: 'agent' })).status, 'another role for the same e-mail is fine').toBe(200);

    const bad = await call(admin.client, { action: 'send', email: 'not-an-address', role: 'agent' });
    expect(bad.status, 'an invalid e-mail is a 400').toBe(400);
    expect(String(bad.body.message), 'the message names the field').toContain('email');
    const badRole = await call(admin.client, { action: 'send', email: inviteeEmail('role'), role: 'super_admin' });
    expect(badRole.status, 'super_admin cannot be invited').toBe(400);
    const unknown = await call(admin.client, { action: 'resend', invitationId: crypto.randomUUID() });
    expect(unknown.status, 'resending an unknown invitation is a 404').toBe(404);
  });

  it('resends a pending invitation with a fresh lifetime and a new mail', async () => {
    const email = inviteeEmail('resend');
    const sent = (await call(admin.client, { action: 'send', email, role: 'tc' })).body.invitation as Invitation;
    await withDb((db) => db.query(`update public.invitations set expires_at = now() - interval '1 minute', created_at = now() - interval '7 days 1 minute' where id = $1`, [sent.id]));
    const resent = await call(admin.client, { action: 'resend', invitationId: sent.id });
    expect(resent.status, 'a super admin may resend').toBe(200);
    const renewed = Date.parse((resent.body.invitation as Invitation).expires_at);
    expect(renewed, 'the resent invitation expires about 7 days from now again').toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect((await mailsTo(email)).length, 'a second mail went out').toBe(2);
  });
});

describe('people other than super admins', () => {
  it('cannot send or resend through the function (403), nor without a session (401)', async () => {
    const pending = ((await call(admin.client, { action: 'send', email: inviteeEmail('target'), role: 'agent' })).body.invitation as Invitation).id;
    for (const actor of [tc, agent]) {
      const send = await call(actor.client, { action: 'send', email: inviteeEmail('sneak'), role: 'tc' });
      expect(send.status, `a ${actor.key} cannot send invitations`).toBe(403);
      expect(send.body.message, 'the refusal says why').toBe('Super admin access required');
      expect((await call(actor.client, { action: 'resend', invitationId: pending })).status, `a ${actor.key} cannot resend`).toBe(403);
    }
    expect((await call(anonClient(), { action: 'send', email: inviteeEmail('anon'), role: 'tc' })).status, 'no session is a 401').toBe(401);
  });

  it('cannot create, read, update or delete invitations, nor delete users, through REST', async () => {
    const pending = ((await call(admin.client, { action: 'send', email: inviteeEmail('rest'), role: 'agent' })).body.invitation as Invitation).id;
    for (const actor of [tc, agent]) {
      const insert = await actor.client.from('invitations').insert({ email: inviteeEmail('x'), role: 'tc' });
      expect(insert.status, `a ${actor.key} cannot create invitations`).toBe(403);
      expect((await actor.client.from('invitations').select('id')).data, `a ${actor.key} reads no invitations`).toEqual([]);
      await actor.client.from('invitations').update({ expires_at: new Date(Date.now() + 1e9).toISOString() }).eq('id', pending);
      await actor.client.from('invitations').delete().eq('id', pending);
      await actor.client.from('users').delete().eq('id', admin.id!);
    }
    const still = await withDb(async (db) => (await db.query('select expires_at < now() + interval \'8 days\' as ok from public.invitations where id = $1', [pending])).rows);
    expect(still, 'the invitation is neither deleted nor extended').toEqual([{ ok: true }]);
    const adminLeft = await withDb(async (db) => (await db.query('select 1 from public.users where id = $1', [admin.id])).rowCount);
    expect(adminLeft, 'no one but a super admin deletes users').toBe(1);
  });
});

describe('invitation-only sign-up (enable_signup = false, as in supabase/config.toml)', () => {
  let closed: { info: StackInfo; stop(): Promise<void> };
  beforeAll(async () => {
    closed = await startThrowawayStack({ enableSignup: false });
  }, 120_000);
  afterAll(async () => closed?.stop());

  it('refuses a public sign-up exactly like GoTrue, while invited people still get in', async () => {
    const config = fs.readFileSync(path.join(PROJECT_ROOT, 'supabase', 'config.toml'), 'utf8');
    expect(config, 'the project (hosted and local) is invitation-only').toMatch(/^enable_signup = false$/m);
    const res = await fetch(`${closed.info.apiUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: closed.info.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: inviteeEmail('public'), password: 'long-enough-pw-1' }),
    });
    expect(res.status, 'a public sign-up is refused with 422').toBe(422);
    expect(await res.json(), "GoTrue's answer: code signup_disabled").toMatchObject({ code: 'signup_disabled', msg: 'Signups not allowed for this instance' });
    const settings = (await (await fetch(`${closed.info.apiUrl}/auth/v1/settings`, { headers: { apikey: closed.info.anonKey } })).json()) as { disable_signup: boolean };
    expect(settings.disable_signup, 'the settings tell clients sign-up is off').toBe(true);

    const invited = await serviceClient(closed.info).auth.admin.inviteUserByEmail(inviteeEmail('invited'));
    expect(invited.error, 'the admin invite still works with sign-up disabled').toBeNull();
  });
});
