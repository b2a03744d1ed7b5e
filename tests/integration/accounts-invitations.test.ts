/**
 * Invitations are claimed only with proof that the invitee got the mail
 * (docs/data-model.md "Invitations need proof"): the invitation id, or Auth's
 * invite link followed. With e-mail confirmations off (the local default) a
 * bare sign-up is confirmed at once, so it must not take the invited role.
 */
import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, withDb } from '../support/clients.ts';
import { clientForToken, createActor, type Actor } from '../support/seed-rls-actors.ts';
import { followLink, fragmentOf, latestMailTo, verifyLinkIn } from './auth-support.ts';

let admin: Actor;

beforeAll(async () => {
  admin = await createActor('InvAdmin', 'super_admin');
});

const inviteeEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@invite.test`;

async function invite(email: string, role: 'tc' | 'agent' = 'tc'): Promise<string> {
  const inv = await admin.client.from('invitations').insert({ email, role, invited_by: admin.id }).select('id').single();
  if (inv.error) throw inv.error;
  return inv.data.id as string;
}

async function invitationUsed(id: string): Promise<boolean | undefined> {
  return (await anonClient().rpc('get_invitation', { invitation_id: id })).data?.[0]?.used;
}

/** A bare password sign-up through Auth (confirmed at once: confirmations are off), signed in. */
async function bareSignUp(email: string, data: Record<string, unknown> = {}): Promise<{ client: SupabaseClient; authId: string }> {
  const client = anonClient();
  const res = await client.auth.signUp({ email, password: `pw-${crypto.randomUUID()}`, options: { data } });
  if (res.error) throw res.error;
  expect(res.data.session, 'with confirmations off, the sign-up is signed in at once').not.toBeNull();
  return { client, authId: res.data.user!.id };
}

const rolesOf = async (client: SupabaseClient, authId: string) =>
  (await client.from('users').select('role').eq('auth_user_id', authId).order('created_at')).data?.map((r) => r.role as string);

describe('a bare sign-up with a pending invitee’s address', () => {
  it('gets an agent account; the invitation stays pending and cannot be claimed without its id', async () => {
    const email = inviteeEmail('squatter');
    const id = await invite(email, 'tc');
    const other = await invite(inviteeEmail('someone-else'), 'tc');
    const { client, authId } = await bareSignUp(email);

    expect(await rolesOf(client, authId), 'the sign-up gets an agent account, not the invited role').toEqual(['agent']);
    expect(await invitationUsed(id), 'the invitation is still pending').toBe(false);
    expect((await client.from('invitations').select('id')).data, 'the sign-up cannot list invitations to find the id').toEqual([]);

    const guessed = await client.rpc('complete_onboarding', { invitation_id: crypto.randomUUID(), first_name: 'Eve', last_name: 'Squat' });
    expect(guessed.status, 'a guessed invitation id is refused as not found').toBe(404);
    expect(guessed.error?.message, 'the refusal says why').toBe('invitation not found');
    const foreign = await client.rpc('complete_onboarding', { invitation_id: other, first_name: 'Eve', last_name: 'Squat' });
    expect(foreign.status, "another address's invitation is refused as not found").toBe(404);
    expect(await rolesOf(client, authId), 'still only an agent account').toEqual(['agent']);

    const ensured = await client.rpc('ensure_account');
    expect(ensured.data?.role, 'forced account creation does not apply the invitation either').toBe('agent');
    expect(await invitationUsed(id), 'the invitation is still pending for the real invitee').toBe(false);
  });
});

describe('the invitation link (the id only the e-mail carries)', () => {
  it('gives the invited role once; a second use is refused', async () => {
    const email = inviteeEmail('invitee');
    const id = await invite(email, 'tc');
    const { client, authId } = await bareSignUp(email);

    const done = await client.rpc('complete_onboarding', { invitation_id: id, first_name: 'Priya', last_name: 'Raman' });
    expect(done.error, 'onboarding with the id succeeds').toBeNull();
    expect(done.data?.role, 'onboarding answers the invited role').toBe('tc');
    expect(await rolesOf(client, authId), 'the sign-in now has an account of the invited role').toContain('tc');
    const active = await client.from('active_accounts').select('user_id').single();
    expect(active.data?.user_id, 'the invited account becomes the active one').toBe(done.data?.account_id);
    expect(await invitationUsed(id), 'the invitation is used').toBe(true);

    const again = await client.rpc('complete_onboarding', { invitation_id: id, first_name: 'Priya', last_name: 'Raman' });
    expect(again.status, 'a used invitation is refused (409)').toBe(409);
    expect(again.error?.message, 'the refusal says why').toBe('this invitation has already been used');
  });

  it('given at sign-up (invitation_id in the metadata), makes the first account the invited role', async () => {
    const email = inviteeEmail('onboarding');
    const id = await invite(email, 'tc');
    const wrong = await bareSignUp(inviteeEmail('wrong-id'), { invitation_id: id });
    expect(await rolesOf(wrong.client, wrong.authId), "another address's invitation id in the metadata gives nothing").toEqual(['agent']);
    const junk = await bareSignUp(inviteeEmail('junk-id'), { invitation_id: 'not-a-uuid' });
    expect(await rolesOf(junk.client, junk.authId), 'a malformed id neither fails the sign-up nor grants anything').toEqual(['agent']);

    const { client, authId } = await bareSignUp(email, { invitation_id: id, first_name: 'Ana', last_name: 'Lima' });
    expect(await rolesOf(client, authId), 'the one account has the invited role').toEqual(['tc']);
    expect(await invitationUsed(id), 'the invitation is used').toBe(true);
    const again = await client.rpc('complete_onboarding', { invitation_id: id, first_name: 'Ana', last_name: 'Lima' });
    expect(again.status, 'the invitation cannot be used a second time').toBe(409);
  });

  it('refuses an expired invitation with 410', async () => {
    const email = inviteeEmail('late');
    const id = await invite(email, 'agent');
    await withDb((db) => db.query(`update public.invitations set expires_at = now() - interval '1 day' where id = $1`, [id]));
    const { client } = await bareSignUp(email);
    const late = await client.rpc('complete_onboarding', { invitation_id: id, first_name: 'Late', last_name: 'Comer' });
    expect(late.status, 'an expired invitation is refused (410)').toBe(410);
    expect(late.error?.message, 'the refusal says why').toBe('this invitation has expired');
  });
});

describe("Auth's invite flow (inviteUserByEmail / generateLink)", () => {
  it('gives the invited role once the mailed link is followed, not before', async () => {
    const email = inviteeEmail('auth-invite');
    const id = await invite(email, 'tc');
    const invited = await serviceClient().auth.admin.inviteUserByEmail(email, { redirectTo: 'http://127.0.0.1:5173/' });
    expect(invited.error, 'the service role sends the Auth invite').toBeNull();
    const authId = invited.data.user!.id;
    const before = await withDb(async (db) => (await db.query('select role from public.users where auth_user_id = $1', [authId])).rows);
    expect(before, 'no account before the invitee follows the link').toEqual([]);
    expect(await invitationUsed(id), 'the invitation is pending until the link is followed').toBe(false);

    const { location } = await followLink(verifyLinkIn(await latestMailTo(email)));
    const token = fragmentOf(location).get('access_token');
    expect(token, 'following the invite link signs the invitee in').toBeTruthy();
    const client = clientForToken(token!);
    expect(await rolesOf(client, authId), 'the invitee has the invited role').toEqual(['tc']);
    expect(await invitationUsed(id), 'the invitation is used').toBe(true);
  });

  it('works the same with a generated invite link', async () => {
    const email = inviteeEmail('generated');
    const id = await invite(email, 'agent');
    const { data, error } = await serviceClient().auth.admin.generateLink({ type: 'invite', email });
    expect(error, 'the service role generates an invite link').toBeNull();
    expect(await invitationUsed(id), 'generating the link does not use the invitation').toBe(false);
    const { location } = await followLink(data.properties!.action_link);
    const client = clientForToken(fragmentOf(location).get('access_token')!);
    expect(await rolesOf(client, data.user!.id), 'the invitee has the invited role').toEqual(['agent']);
    expect(await invitationUsed(id), 'the invitation is used').toBe(true);
  });
});
