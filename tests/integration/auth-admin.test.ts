/**
 * The admin API through supabase-js's auth.admin with the service role key:
 * users CRUD, paging headers, bans, deletion, invites and generate_link. And
 * that nobody else gets in.
 */
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient, signedInUser, stackInfo, uniqueEmail, withDb } from '../support/clients.ts';
import { authFetch, followLink, fragmentOf, implicitClient, latestMailTo, mailsTo, verifyLinkIn } from './auth-support.ts';

const admin = () => serviceClient().auth.admin;

describe('who may use the admin API', () => {
  it('refuses user tokens (403 not_admin), the anon key (403) and a missing token (401)', async () => {
    const user = await signedInUser();
    const asUser = await user.client.auth.admin.listUsers();
    expect(asUser.error?.status, "a user's own token is refused by the admin API").toBe(403);
    const raw = await authFetch('/admin/users', { bearer: user.accessToken });
    expect(raw.json.code, 'a user token on the admin API is not_admin').toBe('not_admin');
    const asAnon = await authFetch('/admin/users', { bearer: stackInfo().anonKey });
    expect(asAnon.json.code, 'the anon key is not an admin').toBe('not_admin');
    const noToken = await authFetch('/admin/users');
    expect(noToken.status, 'no bearer token on the admin API is a 401').toBe(401);
    const invite = await authFetch('/invite', { bearer: user.accessToken, body: { email: uniqueEmail('x') } });
    expect(invite.status, 'users cannot send invites').toBe(403);
  });
});

describe('admin users', () => {
  it('creates, reads and updates a user', async () => {
    const email = uniqueEmail('admin-made');
    const created = await admin().createUser({ email, password: 'created-password', email_confirm: true, user_metadata: { name: 'Bo' }, app_metadata: { tier: 'gold' } });
    expect(created.error, 'the service role creates users').toBeNull();
    expect(created.data.user?.app_metadata, 'app_metadata keeps provider info and adds the given keys').toMatchObject({ provider: 'email', tier: 'gold' });
    const dup = await admin().createUser({ email, password: 'created-password' });
    expect(dup.error?.code, 'creating a registered address again is email_exists').toBe('email_exists');

    const id = created.data.user!.id;
    const got = await admin().getUserById(id);
    expect(got.data.user?.email, 'getUserById finds the user').toBe(email);
    const missing = await admin().getUserById('00000000-0000-4000-8000-000000000000');
    expect(missing.error?.code, 'an unknown id is user_not_found').toBe('user_not_found');

    const updated = await admin().updateUserById(id, { user_metadata: { name: 'Bob' }, password: 'changed-password' });
    expect(updated.data.user?.user_metadata.name, 'admin updates metadata').toBe('Bob');
    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'changed-password' });
    expect(signIn.error, 'the admin-set password signs in').toBeNull();

    const banned = await admin().updateUserById(id, { ban_duration: '24h' });
    expect(banned.data.user?.banned_until, 'ban_duration sets banned_until').toBeTruthy();
    const refused = await anonClient().auth.signInWithPassword({ email, password: 'changed-password' });
    expect(refused.error?.code, 'a banned user cannot sign in').toBe('user_banned');
    const refresh = await anonClient().auth.refreshSession({ refresh_token: signIn.data.session!.refresh_token });
    expect(refresh.error?.code, "a ban ends the user's sessions").toBe('refresh_token_not_found');
    await admin().updateUserById(id, { ban_duration: 'none' });
    const again = await anonClient().auth.signInWithPassword({ email, password: 'changed-password' });
    expect(again.error, "ban_duration 'none' lifts the ban").toBeNull();
  });

  it('pages the list with x-total-count and a link header auth-js can parse', async () => {
    for (let i = 0; i < 3; i++) await admin().createUser({ email: uniqueEmail('page'), password: 'paging-password', email_confirm: true });
    const total = await withDb(async (db) => Number((await db.query('select count(*) from auth.users where deleted_at is null')).rows[0].count));

    const raw = await authFetch('/admin/users?page=1&per_page=2', { bearer: stackInfo().serviceRoleKey });
    expect(raw.headers.get('x-total-count'), 'x-total-count counts every user').toBe(String(total));
    const last = Math.ceil(total / 2);
    expect(raw.headers.get('link'), 'link names next and last pages with page first, as GoTrue writes it').toBe(
      `</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=${last}&per_page=2>; rel="last"`,
    );
    expect((raw.json.users as unknown[]).length, 'per_page limits the page').toBe(2);
    expect(raw.json.aud, 'the list answers aud').toBe('authenticated');

    const page2 = await admin().listUsers({ page: 2, perPage: 2 });
    expect(page2.error, 'listUsers with paging succeeds').toBeNull();
    expect(page2.data.users.length, 'page 2 has users').toBeGreaterThan(0);
    expect((page2.data as unknown as { total: number }).total, 'supabase-js reads the total from x-total-count').toBe(total);
    const page1 = await admin().listUsers({ page: 1, perPage: 2 });
    expect((page1.data as unknown as { nextPage: number }).nextPage, 'supabase-js reads the next page from link').toBe(2);
    const ids1 = page1.data.users.map((u) => u.id);
    expect(page2.data.users.some((u) => ids1.includes(u.id)), 'pages do not overlap').toBe(false);

    const defaults = await authFetch('/admin/users?page=&per_page=', { bearer: stackInfo().serviceRoleKey });
    expect(defaults.status, 'empty page parameters (sent by auth-js) mean the defaults').toBe(200);
    const bad = await authFetch('/admin/users?page=zero', { bearer: stackInfo().serviceRoleKey });
    expect(bad.json.code, 'a non-numeric page is validation_failed').toBe('validation_failed');
  });

  it('deletes a user: sessions cascade, sign-in and refresh stop working', async () => {
    const user = await signedInUser();
    const session = (await user.client.auth.getSession()).data.session!;
    const deleted = await admin().deleteUser(user.id);
    expect(deleted.error, 'the service role deletes users').toBeNull();
    const rows = await withDb(async (db) => (await db.query('select count(*)::int as n from auth.sessions where user_id = $1', [user.id])).rows[0].n);
    expect(rows, "deleting a user deletes the user's sessions").toBe(0);
    const signIn = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(signIn.error?.code, 'a deleted user cannot sign in').toBe('invalid_credentials');
    const refresh = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error?.code, "a deleted user's refresh tokens are dead").toBe('refresh_token_not_found');
    const me = await authFetch('/user', { bearer: session.access_token });
    expect(me.status, "a deleted user's access token no longer reads /user").toBe(403);
    const twice = await admin().deleteUser(user.id);
    expect(twice.error?.code, 'deleting again is user_not_found').toBe('user_not_found');
  });
});

describe('invites and generated links', () => {
  it('invites by e-mail; the invite link signs in and the user sets a password', async () => {
    const email = uniqueEmail('invitee');
    const invited = await admin().inviteUserByEmail(email, { data: { invited_by: 'tc' }, redirectTo: 'http://127.0.0.1:5173/accept' });
    expect(invited.error, 'the service role invites').toBeNull();
    expect(invited.data.user?.invited_at, 'the invited user has invited_at').toBeTruthy();
    const mail = await latestMailTo(email);
    expect(mail.Subject, 'an invite mail is sent').toBe('You have been invited');
    const { location } = await followLink(verifyLinkIn(mail));
    const fragment = fragmentOf(location);
    expect(fragment.get('type'), 'the invite link redirects with type=invite').toBe('invite');
    expect(location.pathname, 'the invite redirects to the requested page').toBe('/accept');

    const client = implicitClient();
    await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    const set = await client.auth.updateUser({ password: 'invitee-password' });
    expect(set.error, 'the invited user sets a password').toBeNull();
    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'invitee-password' });
    expect(signIn.error, 'the invited user then signs in with it').toBeNull();

    const again = await admin().inviteUserByEmail(email);
    expect(again.error?.code, 'a confirmed user cannot be invited again').toBe('email_exists');
  });

  it('generate_link answers link, code and hash for every type without sending mail', async () => {
    const existing = await signedInUser();
    const cases = [
      { type: 'signup', email: uniqueEmail('gen-signup'), password: 'generated-password', verify: 'signup' },
      { type: 'invite', email: uniqueEmail('gen-invite'), verify: 'invite' },
      { type: 'magiclink', email: existing.email, verify: 'magiclink' },
      { type: 'recovery', email: existing.email, verify: 'recovery' },
      { type: 'email_change_new', email: existing.email, newEmail: uniqueEmail('gen-new'), verify: 'email_change' },
    ] as const;
    for (const c of cases) {
      const before = (await mailsTo(c.email)).length;
      const params = { type: c.type, email: c.email, ...('password' in c ? { password: c.password } : {}), ...('newEmail' in c ? { newEmail: c.newEmail } : {}) };
      const { data, error } = await admin().generateLink({ ...params, options: { redirectTo: 'http://localhost:5173/done' } } as Parameters<ReturnType<typeof admin>['generateLink']>[0]);
      expect(error, `generateLink ${c.type} succeeds`).toBeNull();
      expect(data.properties?.email_otp, `generateLink ${c.type} returns the 6-digit code`).toMatch(/^\d{6}$/);
      expect(data.properties?.verification_type, `generateLink ${c.type} names the verification type`).toBe(c.verify);
      expect(data.properties?.redirect_to, `generateLink ${c.type} keeps an allowed redirect`).toBe('http://localhost:5173/done');
      const link = new URL(data.properties!.action_link);
      expect(link.searchParams.get('token'), `generateLink ${c.type}'s link carries the hashed token`).toBe(data.properties?.hashed_token);
      expect(data.user?.email, `generateLink ${c.type} returns the user`).toBe(c.email);
      expect((await mailsTo(c.email)).length, `generateLink ${c.type} sends no mail`).toBe(before);
      const verified = await anonClient().auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: c.verify });
      expect(verified.error, `the ${c.type} token verifies`).toBeNull();
    }
    const after = await admin().getUserById(existing.id);
    expect(after.data.user?.email, 'the verified email_change_new link moved the address').toBe(cases[4].newEmail);
    const missing = await admin().generateLink({ type: 'recovery', email: uniqueEmail('nobody') });
    expect(missing.error?.code, 'a recovery link for an unknown address is user_not_found').toBe('user_not_found');
  });
});
