/**
 * Joining and choosing an account through the `/api` surface (spec part 2
 * §2 'Onboarding', 'Account selection', §4, §7): the public invitation
 * lookup, completing onboarding with the invitation's id, forced account
 * creation, listing only one's own accounts and switching between them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api-client.ts';
import { anonClient, demoUser, signedInUser, uniqueEmail, withDb, type TestUser } from '../support/clients.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';
import { keepSeedData } from '../support/seed-guard.ts';

type Row = Record<string, unknown>;

async function invitationRow(id: string) {
  return withDb(async (db) => (await db.query('select used, first_name from public.invitations where id = $1', [id])).rows[0] as { used: boolean; first_name: string | null });
}

async function accountsOf(authUserId: string) {
  return withDb(async (db) => (await db.query<{ id: string; role: string }>('select id, role from public.users where auth_user_id = $1 order by created_at, id', [authUserId])).rows);
}

describe('/api onboarding and accounts', () => {
  keepSeedData();
  let olivia: TestUser;

  beforeAll(async () => {
    olivia = await demoUser('olivia.chen@listingdesk.test');
  });

  it('GET /api/onboarding/invitation/{invitationId}, POST /api/onboarding/complete: the link shows the invitation to anyone; only the invited sign-in completes it, once; bad names are 400 and store nothing', async () => {
    const email = uniqueEmail('api-invitee');
    const invitationId = await withDb(
      async (db) => (await db.query<{ id: string }>(`insert into public.invitations (email, role) values ($1, 'tc') returning id`, [email])).rows[0].id,
    );

    const shown = await callApi(`/onboarding/invitation/${invitationId}`);
    expect(shown.status, 'public: the link works before sign-in').toBe(200);
    const direct = (await anonClient().rpc('get_invitation', { invitation_id: invitationId })).data![0];
    expect(shown.body, 'what get_invitation() shows, in the spec shape').toEqual({
      id: invitationId,
      email: direct.email,
      role: 'tc',
      firstName: null,
      lastName: null,
      used: false,
      isUsed: false,
      expired: false,
    });
    expect((await callApi(`/onboarding/invitation/${crypto.randomUUID()}`)).status, 'an unknown invitation: 404').toBe(404);
    expect((await callApi('/onboarding/invitation/abc')).status, 'a malformed id names nothing').toBe(404);

    const stranger = await callApi('/onboarding/complete', { method: 'POST', token: olivia.accessToken, json: { invitationId, firstName: 'Olivia', lastName: 'Chen' } });
    expect(stranger.status, "another e-mail's invitation is not found").toBe(404);
    expect((await callApi('/onboarding/complete', { method: 'POST', json: { invitationId, firstName: 'A', lastName: 'B' } })).status, 'no session').toBe(401);
    const invitee = await signedInUser({ email });
    const blank = await callApi('/onboarding/complete', { method: 'POST', token: invitee.accessToken, json: { invitationId, firstName: '  ', lastName: 'Newman' } });
    expect(blank.status, 'a blank first name is bad input').toBe(400);
    expect(String(blank.body.message), 'naming the field').toMatch(/firstName/);
    expect(await invitationRow(invitationId), 'nothing changed by refused calls').toEqual({ used: false, first_name: null });

    const done = await callApi('/onboarding/complete', { method: 'POST', token: invitee.accessToken, json: { invitationId, firstName: ' Nina ', lastName: 'Newman' } });
    expect(done.status).toBe(200);
    expect(done.body, 'accountReady with the invited role').toMatchObject({ accountReady: true, role: 'tc' });
    expect(await invitationRow(invitationId), 'the invitation is used, with the name').toEqual({ used: true, first_name: 'Nina' });
    expect((await accountsOf(invitee.id)).map((a) => a.role), 'the sign-in has an account of the invited role').toContain('tc');
    const me = await callApi('/auth/user', { token: invitee.accessToken });
    expect(me.body, 'and acts as it').toMatchObject({ id: done.body.accountId, role: 'tc', firstName: 'Nina' });
    const again = await callApi('/onboarding/complete', { method: 'POST', token: invitee.accessToken, json: { invitationId, firstName: 'Nina', lastName: 'Newman' } });
    expect(again.status, 'each invitation works once').toBe(409);
    const used = await callApi(`/onboarding/invitation/${invitationId}`);
    expect(used.body, "the link now shows 'Already Activated'").toMatchObject({ isUsed: true });
  });

  it('POST /api/force-account-creation: answers the role of the active account, creating an agent account for a sign-in without one', async () => {
    const existing = await callApi('/force-account-creation', { method: 'POST', token: olivia.accessToken, json: {} });
    expect(existing.status).toBe(200);
    expect(existing.body, 'an existing account: its role').toMatchObject({ role: 'tc' });

    const bare = await signedInUser();
    await withDb((db) => db.query('delete from public.users where auth_user_id = $1', [bare.id]));
    const badBody = await callApi('/force-account-creation', { method: 'POST', token: bare.accessToken, json: ['x'] });
    expect(badBody.status, 'the payload is an object').toBe(400);
    expect(await accountsOf(bare.id), 'nothing created by a refused call').toEqual([]);
    expect((await callApi('/force-account-creation', { method: 'POST', json: {} })).status, 'no session').toBe(401);

    const created = await callApi('/force-account-creation', { method: 'POST', token: bare.accessToken, json: {} });
    expect(created.status).toBe(200);
    expect(created.body, 'without an invitation: agent').toMatchObject({ role: 'agent' });
    expect((await accountsOf(bare.id)).map((a) => a.id), 'the account now exists').toEqual([created.body.accountId]);
  });

  it("GET /api/account-selection/{email}, POST /api/switch-account: one's own accounts only; switching to one of them, never to someone else's", async () => {
    const chooser = (await createActor('Chooser', 'tc')) as Actor & { id: string; authId: string; email: string };
    const token = (await chooser.client.auth.getSession()).data.session!.access_token;
    const second = await withDb(
      async (db) =>
        (
          await db.query<{ id: string }>(`insert into public.users (auth_user_id, email, role, first_name, last_name) values ($1, $2, 'agent', 'Chooser', 'Agent') returning id`, [
            chooser.authId,
            chooser.email,
          ])
        ).rows[0].id,
    );

    const listed = await callApi(`/account-selection/${encodeURIComponent(chooser.email)}`, { token });
    expect(listed.status).toBe(200);
    const direct = (await chooser.client.from('users').select('id, first_name, last_name, email, role, created_at').eq('auth_user_id', chooser.authId).order('created_at').order('id')).data!;
    expect(listed.body, 'the account options as the app reads them, oldest first').toEqual(
      direct.map((a) => ({ id: a.id, firstName: a.first_name, lastName: a.last_name, email: a.email, role: a.role, createdAt: a.created_at })),
    );
    expect((listed.body as Row[]).map((a) => a.id), 'both accounts').toEqual([chooser.id, second]);
    const foreign = await callApi(`/account-selection/${encodeURIComponent('olivia.chen@listingdesk.test')}`, { token });
    expect(foreign.status, "nobody lists another e-mail's accounts").toBe(403);
    expect((await callApi('/account-selection/not-an-email', { token })).status, 'a malformed e-mail names nothing').toBe(404);
    expect((await callApi(`/account-selection/${encodeURIComponent(chooser.email)}`)).status, 'no session').toBe(401);

    const oliviaAccount = ((await olivia.client.rpc('current_account')).data as { id: string }).id;
    const stolen = await callApi('/switch-account', { method: 'POST', token, json: { userId: oliviaAccount } });
    expect(stolen.status, "another sign-in's account is refused").toBe(403);
    const bad = await callApi('/switch-account', { method: 'POST', token, json: { userId: 'me' } });
    expect(bad.status, 'a malformed id is bad input').toBe(400);
    expect(String(bad.body.message), 'naming the field').toMatch(/userId/);
    expect(((await callApi('/auth/user', { token })).body as Row).id, 'still the first account').toBe(chooser.id);
    expect((await callApi('/switch-account', { method: 'POST', json: { userId: second } })).status, 'no session').toBe(401);

    const switched = await callApi('/switch-account', { method: 'POST', token, json: { userId: second } });
    expect(switched.status).toBe(200);
    expect(switched.body, 'answers the account switched to').toMatchObject({ id: second, role: 'agent' });
    expect(((await callApi('/auth/user', { token })).body as Row).role, 'later calls act as it').toBe('agent');
  });
});
