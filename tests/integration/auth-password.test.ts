/**
 * Auth with e-mail and password through unmodified supabase-js: sign-up
 * (autoconfirm, as config.toml sets it), sign-in, what is stored, refresh
 * token rotation and reuse, user updates and sign-out scopes.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient, signedInUser, stackInfo, uniqueEmail, withDb } from '../support/clients.ts';
import { authFetch, decodeJwtPayload, implicitClient, latestMailTo, mailsTo, verifyLinkIn, followLink, fragmentOf } from './auth-support.ts';

const password = () => `pw-${crypto.randomUUID()}`;

describe('sign-up and password sign-in', () => {
  it('signs up with metadata and returns a session, storing bcrypt hash, identity and timestamps', async () => {
    const email = uniqueEmail('signup');
    const { data, error } = await anonClient().auth.signUp({ email, password: password(), options: { data: { full_name: 'Ada Agent' } } });
    expect(error, 'sign-up succeeds').toBeNull();
    expect(data.session?.access_token, 'autoconfirm (enable_confirmations = false) returns a session').toBeTruthy();
    expect(data.user?.email, 'the user has the address signed up with').toBe(email);
    expect(data.user?.user_metadata.full_name, 'sign-up metadata is stored as user_metadata').toBe('Ada Agent');
    expect(data.user?.email_confirmed_at, 'autoconfirmed users are confirmed').toBeTruthy();

    const claims = decodeJwtPayload(data.session!.access_token);
    expect(claims, 'the access token carries Supabase claims').toMatchObject({
      sub: data.user!.id,
      role: 'authenticated',
      aud: 'authenticated',
      iss: `${stackInfo().apiUrl}/auth/v1`,
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      aal: 'aal1',
      is_anonymous: false,
    });
    expect((claims.user_metadata as Record<string, unknown>).full_name, 'user_metadata is in the token').toBe('Ada Agent');
    expect((claims.amr as { method: string }[])[0]?.method, 'amr says how the user signed in').toBe('password');
    expect(Number(claims.exp) - Number(claims.iat), 'the token lives jwt_expiry seconds').toBe(3600);

    const stored = await withDb(async (db) => {
      const user = (await db.query('select * from auth.users where id = $1', [data.user!.id])).rows[0];
      const identities = (await db.query('select * from auth.identities where user_id = $1', [data.user!.id])).rows;
      const sessions = (await db.query('select * from auth.sessions where user_id = $1', [data.user!.id])).rows;
      return { user, identities, sessions };
    });
    expect(stored.user.encrypted_password, 'passwords are stored as bcrypt hashes').toMatch(/^\$2[aby]\$10\$/);
    expect(stored.user.last_sign_in_at, 'last_sign_in_at is set on sign-up with a session').toBeTruthy();
    expect(stored.identities.map((i) => i.provider), "an 'email' identity is created").toEqual(['email']);
    expect(stored.sessions.map((s) => s.id), 'session_id in the token names the auth.sessions row').toEqual([claims.session_id]);
  });

  it('refuses a duplicate sign-up, a weak password and a malformed address', async () => {
    const email = uniqueEmail('dup');
    await anonClient().auth.signUp({ email, password: password() });
    const dup = await anonClient().auth.signUp({ email, password: password() });
    expect(dup.error?.code, 'a registered address cannot sign up again').toBe('user_already_exists');
    expect(dup.error?.status, 'duplicate sign-up is a 422').toBe(422);

    const weak = await anonClient().auth.signUp({ email: uniqueEmail('weak'), password: 'short' });
    expect(weak.error?.code, 'passwords under minimum_password_length are refused').toBe('weak_password');
    expect((weak.error as { reasons?: string[] } | null)?.reasons, 'weak_password says why').toEqual(['length']);

    const bad = await authFetch('/signup', { body: { email: 'not-an-address', password: password() } });
    expect(bad.status, 'a malformed address is a 4xx validation error').toBe(400);
    expect(bad.json.code, 'malformed input answers validation_failed').toBe('validation_failed');
    expect(bad.headers.get('x-supabase-api-version'), 'errors carry the API version header so auth-js reads string codes').toBe('2024-01-01');
  });

  it('signs in with the right password only, and accepts users seeded with pgcrypto', async () => {
    const user = await signedInUser();
    const wrong = await anonClient().auth.signInWithPassword({ email: user.email, password: 'wrong-password' });
    expect(wrong.error?.code, 'a wrong password is invalid_credentials').toBe('invalid_credentials');
    expect(wrong.error?.status, 'bad credentials are a 400, never 5xx').toBe(400);
    const unknown = await anonClient().auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'whatever-password' });
    expect(unknown.error?.code, 'an unknown address looks the same as a wrong password').toBe('invalid_credentials');

    const seededEmail = uniqueEmail('seeded');
    await withDb((db) =>
      db.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1, extensions.crypt('seeded-password', extensions.gen_salt('bf')),
                 now(), '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
        [seededEmail],
      ),
    );
    const seeded = await anonClient().auth.signInWithPassword({ email: seededEmail, password: 'seeded-password' });
    expect(seeded.error, "a seed user hashed with crypt(pw, gen_salt('bf')) signs in").toBeNull();
    expect(seeded.data.user?.last_sign_in_at, 'sign-in records last_sign_in_at').toBeTruthy();
  });

  it('refuses banned users', async () => {
    const user = await signedInUser();
    await withDb((db) => db.query(`update auth.users set banned_until = now() + interval '1 hour' where id = $1`, [user.id]));
    const res = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(res.error?.code, 'a user with banned_until in the future cannot sign in').toBe('user_banned');
  });
});

describe('refresh token rotation', () => {
  it('rotates tokens, tolerates reuse within the interval and revokes the session on later reuse', async () => {
    const user = await signedInUser();
    const first = (await user.client.auth.getSession()).data.session!;
    const rotated = await anonClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(rotated.error, 'a live refresh token is accepted').toBeNull();
    const second = rotated.data.session!;
    expect(second.refresh_token, 'refreshing rotates the refresh token').not.toBe(first.refresh_token);
    expect(decodeJwtPayload(second.access_token).session_id, 'the refreshed token belongs to the same session').toBe(decodeJwtPayload(first.access_token).session_id);

    const racing = await anonClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(racing.data.session?.refresh_token, 'within refresh_token_reuse_interval the old token gets the current one back').toBe(second.refresh_token);

    await withDb((db) => db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [first.refresh_token]));
    const reused = await authFetch('/token?grant_type=refresh_token', { body: { refresh_token: first.refresh_token } });
    expect(reused.status, 'reuse after the interval is a 400').toBe(400);
    expect(reused.json.code, 'reuse after the interval is refresh_token_already_used').toBe('refresh_token_already_used');
    const child = await authFetch('/token?grant_type=refresh_token', { body: { refresh_token: second.refresh_token } });
    expect(child.json.code, 'detected reuse revokes every token of the session').toBe('refresh_token_already_used');

    const unknown = await authFetch('/token?grant_type=refresh_token', { body: { refresh_token: 'no-such-token' } });
    expect(unknown.json.code, 'an unknown refresh token is refresh_token_not_found').toBe('refresh_token_not_found');
  });
});

describe('the signed-in user', () => {
  it('reads and updates metadata and password; the same password is refused', async () => {
    const user = await signedInUser({ userMetadata: { team: 'north' } });
    const got = await user.client.auth.getUser();
    expect(got.data.user?.id, 'getUser returns the caller').toBe(user.id);

    const meta = await user.client.auth.updateUser({ data: { team: 'south', phone_ext: 12 } });
    expect(meta.data.user?.user_metadata, 'metadata updates merge key by key').toMatchObject({ team: 'south', phone_ext: 12 });

    const same = await user.client.auth.updateUser({ password: user.password });
    expect(same.error?.code, 'the current password is refused as a new one').toBe('same_password');
    const weak = await user.client.auth.updateUser({ password: 'short' });
    expect(weak.error?.code, 'a weak new password is refused').toBe('weak_password');

    const newPassword = password();
    const changed = await user.client.auth.updateUser({ password: newPassword });
    expect(changed.error, 'a new strong password is accepted').toBeNull();
    const oldSignIn = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(oldSignIn.error?.code, 'the old password stops working').toBe('invalid_credentials');
    const newSignIn = await anonClient().auth.signInWithPassword({ email: user.email, password: newPassword });
    expect(newSignIn.error, 'the new password works').toBeNull();
  });

  it('changes the e-mail only after the new address confirms it', async () => {
    const user = await signedInUser();
    const newEmail = uniqueEmail('moved');
    const taken = await user.client.auth.updateUser({ email: (await signedInUser()).email });
    expect(taken.error?.code, "another user's address cannot be taken").toBe('email_exists');

    const res = await user.client.auth.updateUser({ email: newEmail });
    expect(res.error, 'an e-mail change is accepted').toBeNull();
    expect(res.data.user?.email, 'the address does not change before confirmation').toBe(user.email);
    expect(res.data.user?.new_email, 'the pending address is reported as new_email').toBe(newEmail);

    const mail = await latestMailTo(newEmail);
    expect(mail.Subject, 'a confirmation mail goes to the new address').toBe('Confirm Email Change');
    const link = verifyLinkIn(mail);
    expect(link.searchParams.get('type'), 'the link verifies an email_change').toBe('email_change');
    const { status, location } = await followLink(link);
    expect(status, 'following the link redirects with 303').toBe(303);
    expect(fragmentOf(location).get('type'), 'the redirect says what was verified').toBe('email_change');
    const after = await serviceClient().auth.admin.getUserById(user.id);
    expect(after.data.user?.email, 'after confirmation the new address is the e-mail').toBe(newEmail);
  });
});

describe('sign-out', () => {
  async function threeSessions() {
    const user = await signedInUser();
    const clients = [implicitClient(), implicitClient(), implicitClient()];
    const sessions = [];
    for (const c of clients) sessions.push((await c.auth.signInWithPassword({ email: user.email, password: user.password })).data.session!);
    return { user, clients, sessions };
  }
  const userStatus = async (token: string) => (await authFetch('/user', { bearer: token })).json.code ?? 'ok';

  it('scope others ends every other session, local only this one', async () => {
    const { clients, sessions } = await threeSessions();
    expect((await clients[0]!.auth.signOut({ scope: 'others' })).error, 'sign-out with scope others succeeds').toBeNull();
    expect(await userStatus(sessions[0]!.access_token), 'scope others keeps the current session').toBe('ok');
    expect(await userStatus(sessions[1]!.access_token), "scope others revokes other sessions' access tokens").toBe('session_not_found');
    const refresh = await anonClient().auth.refreshSession({ refresh_token: sessions[2]!.refresh_token });
    expect(refresh.error?.code, "scope others kills other sessions' refresh tokens").toBe('refresh_token_not_found');

    expect((await clients[0]!.auth.signOut({ scope: 'local' })).error, 'local sign-out succeeds').toBeNull();
    const gone = await authFetch('/user', { bearer: sessions[0]!.access_token });
    expect(gone.status, 'a signed-out access token is refused by /user with 403').toBe(403);
    expect(gone.json.code, 'a signed-out access token is session_not_found').toBe('session_not_found');
  });

  it('scope global (the default) ends all sessions; logout answers 204', async () => {
    const { clients, sessions } = await threeSessions();
    const raw = await authFetch('/logout?scope=global', { method: 'POST', bearer: sessions[0]!.access_token });
    expect(raw.status, '/logout answers 204 No Content').toBe(204);
    for (const s of sessions) expect(await userStatus(s.access_token), 'global sign-out revokes every session').toBe('session_not_found');
    const refresh = await anonClient().auth.refreshSession({ refresh_token: sessions[1]!.refresh_token });
    expect(refresh.error?.code, 'refresh tokens die with their sessions').toBe('refresh_token_not_found');
    const again = await clients[1]!.auth.signOut();
    expect(again.error, 'signing out an already revoked session is not an error for supabase-js').toBeNull();
    expect(await mailsTo('nobody@example.test'), 'sign-out sends no mail').toEqual([]);
  });
});
