/**
 * E-mail links and codes: magic links in the implicit and PKCE flows, typed
 * OTP codes, password recovery, and the redirect_to allow list. Mail is read
 * from the local mail capture's JSON API.
 */
import { describe, expect, it } from 'vitest';
import { anonClient, signedInUser, uniqueEmail, withDb } from '../support/clients.ts';
import { authFetch, followLink, fragmentOf, implicitClient, latestMailTo, mailsTo, otpIn, pkceClient, verifyLinkIn } from './auth-support.ts';

describe('magic links', () => {
  it('implicit flow: the link 303-redirects with tokens in the fragment, once', async () => {
    const email = uniqueEmail('magic');
    const sent = await anonClient().auth.signInWithOtp({ email, options: { emailRedirectTo: 'http://localhost:5173/welcome' } });
    expect(sent.error, 'signInWithOtp succeeds and creates the user').toBeNull();
    const mail = await latestMailTo(email);
    expect(mail.Subject, 'a magic link mail is sent').toBe('Your Magic Link');
    const link = verifyLinkIn(mail);
    expect(link.searchParams.get('redirect_to'), 'an allowed redirect URL is kept in the link').toBe('http://localhost:5173/welcome');

    const { status, location } = await followLink(link);
    expect(status, 'the link answers 303 See Other').toBe(303);
    expect(location.origin + location.pathname, 'the redirect goes to the requested allowed URL').toBe('http://localhost:5173/welcome');
    const fragment = fragmentOf(location);
    expect(fragment.get('type'), 'the fragment says this was a magic link').toBe('magiclink');
    expect(fragment.get('token_type'), 'the fragment carries a bearer session').toBe('bearer');

    const client = implicitClient();
    const set = await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect(set.error, 'the tokens from the fragment form a working session').toBeNull();
    expect(set.data.user?.email, 'the session belongs to the mailed address').toBe(email);
    expect(set.data.user?.email_confirmed_at, 'following a link confirms the address').toBeTruthy();

    const again = await followLink(link);
    expect(fragmentOf(again.location).get('error_code'), 'a link works only once').toBe('otp_expired');
    expect(fragmentOf(again.location).get('error'), 'a spent link redirects with #error=access_denied').toBe('access_denied');
  });

  it('never redirects to a URL outside the allow list', async () => {
    const email = uniqueEmail('evil');
    await anonClient().auth.signInWithOtp({ email, options: { emailRedirectTo: 'https://evil.example.com/steal' } });
    const link = verifyLinkIn(await latestMailTo(email));
    expect(link.searchParams.get('redirect_to'), 'a foreign redirect_to is replaced by the site URL').toBe('http://127.0.0.1:5173');
    await anonClient().auth.signInWithOtp({ email, options: { emailRedirectTo: 'http://localhost:5173.evil.example.com/' } });
    const lookalike = verifyLinkIn(await latestMailTo(email));
    expect(lookalike.searchParams.get('redirect_to'), 'a look-alike host does not pass the prefix check').toBe('http://127.0.0.1:5173');
    const { location } = await followLink(`${lookalike.origin}${lookalike.pathname}?token=${lookalike.searchParams.get('token')}&type=magiclink&redirect_to=https://evil.example.com/`);
    expect(location.origin, 'redirect_to tampered into the link is ignored too').toBe('http://127.0.0.1:5173');
  });

  it('PKCE flow: the link redirects with ?code= and exchangeCodeForSession needs the verifier', async () => {
    const email = uniqueEmail('pkce');
    const client = pkceClient();
    const sent = await client.auth.signInWithOtp({ email, options: { emailRedirectTo: 'http://localhost:5173/auth/callback' } });
    expect(sent.error, 'a PKCE client can ask for a magic link').toBeNull();
    const link = verifyLinkIn(await latestMailTo(email));
    expect(link.searchParams.get('token'), 'PKCE links carry a pkce_ token').toMatch(/^pkce_/);
    const { status, location } = await followLink(link);
    expect(status, 'the PKCE link answers 303').toBe(303);
    const code = location.searchParams.get('code');
    expect(code, 'the PKCE redirect carries ?code=').toBeTruthy();
    expect(location.hash, 'no tokens travel in the URL in the PKCE flow').toBe('');

    const stranger = await authFetch('/token?grant_type=pkce', { body: { auth_code: code, code_verifier: 'x'.repeat(64) } });
    expect(stranger.json.code, 'a wrong code verifier is refused').toBe('bad_code_verifier');

    const exchanged = await client.auth.exchangeCodeForSession(code!);
    expect(exchanged.error, 'the client holding the verifier gets a session').toBeNull();
    expect(exchanged.data.user?.email, 'the exchanged session is for the mailed address').toBe(email);
    expect((await client.auth.getUser()).data.user?.email, 'the stored session works for getUser').toBe(email);

    const replay = await authFetch('/token?grant_type=pkce', { body: { auth_code: code, code_verifier: 'x'.repeat(64) } });
    expect(replay.json.code, 'a code can be exchanged only once').toBe('flow_state_not_found');
  });
});

describe('one-time codes', () => {
  it('signs in with the 6-digit code from the mail (verifyOtp type email)', async () => {
    const user = await signedInUser();
    await anonClient().auth.signInWithOtp({ email: user.email, options: { shouldCreateUser: false } });
    const code = otpIn(await latestMailTo(user.email));
    const wrong = await anonClient().auth.verifyOtp({ email: user.email, token: code === '000000' ? '111111' : '000000', type: 'email' });
    expect(wrong.error?.code, 'a wrong code is otp_expired (no hint which part was wrong)').toBe('otp_expired');
    expect(wrong.error?.status, 'a wrong code is a 403').toBe(403);
    const ok = await anonClient().auth.verifyOtp({ email: user.email, token: code, type: 'email' });
    expect(ok.error, 'the mailed code signs in').toBeNull();
    expect(ok.data.session?.user.id, 'the session is for the right user').toBe(user.id);
    const reuse = await anonClient().auth.verifyOtp({ email: user.email, token: code, type: 'email' });
    expect(reuse.error?.code, 'a code works only once').toBe('otp_expired');
  });

  it('refuses an expired code and OTP sign-up when create_user is false', async () => {
    const user = await signedInUser();
    await anonClient().auth.signInWithOtp({ email: user.email });
    const code = otpIn(await latestMailTo(user.email));
    await withDb((db) => db.query(`update auth.users set recovery_sent_at = now() - interval '2 hours' where id = $1`, [user.id]));
    const expired = await anonClient().auth.verifyOtp({ email: user.email, token: code, type: 'magiclink' });
    expect(expired.error?.code, 'a code older than otp_expiry is otp_expired').toBe('otp_expired');

    const unknown = uniqueEmail('nobody');
    const refused = await anonClient().auth.signInWithOtp({ email: unknown, options: { shouldCreateUser: false } });
    expect(refused.error?.code, 'with shouldCreateUser false an unknown address is refused').toBe('otp_disabled');
    expect(await mailsTo(unknown), 'no mail goes to an address that was refused').toEqual([]);
  });

  it('verifies a token_hash POST (the server-side confirm route pattern)', async () => {
    const email = uniqueEmail('hash');
    await anonClient().auth.signInWithOtp({ email });
    const tokenHash = verifyLinkIn(await latestMailTo(email)).searchParams.get('token')!;
    const res = await anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
    expect(res.error, 'a token_hash verifies without the address').toBeNull();
    expect(res.data.user?.email, 'the token_hash names its user').toBe(email);
  });
});

describe('password recovery', () => {
  it('recovery code then updateUser sets a new password', async () => {
    const user = await signedInUser();
    const client = implicitClient();
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    const sent = await client.auth.resetPasswordForEmail(user.email, { redirectTo: 'http://127.0.0.1:5173/reset' });
    expect(sent.error, 'resetPasswordForEmail succeeds').toBeNull();
    const mail = await latestMailTo(user.email);
    expect(mail.Subject, 'a recovery mail is sent').toBe('Reset Your Password');
    expect(verifyLinkIn(mail).searchParams.get('type'), 'the link is a recovery link').toBe('recovery');

    const verified = await client.auth.verifyOtp({ email: user.email, token: otpIn(mail), type: 'recovery' });
    expect(verified.error, 'the recovery code signs in').toBeNull();
    expect(events, 'supabase-js announces PASSWORD_RECOVERY').toContain('PASSWORD_RECOVERY');
    const newPassword = `new-${user.password}`;
    const updated = await client.auth.updateUser({ password: newPassword });
    expect(updated.error, 'the recovering user may set a new password').toBeNull();
    const signIn = await anonClient().auth.signInWithPassword({ email: user.email, password: newPassword });
    expect(signIn.error, 'the new password signs in').toBeNull();
  });

  it('PKCE recovery: the exchanged session reports redirectType recovery', async () => {
    const user = await signedInUser();
    const client = pkceClient();
    await client.auth.resetPasswordForEmail(user.email, { redirectTo: 'http://127.0.0.1:5173/reset' });
    const { location } = await followLink(verifyLinkIn(await latestMailTo(user.email)));
    expect(location.pathname, 'the recovery link goes to the requested page').toBe('/reset');
    const exchanged = await client.auth.exchangeCodeForSession(location.searchParams.get('code')!);
    expect(exchanged.error, 'the recovery code exchanges for a session').toBeNull();
    // redirectType is returned at runtime but missing from the declared type of exchangeCodeForSession.
    expect((exchanged.data as { redirectType?: string | null }).redirectType, 'supabase-js knows it is a recovery').toBe('recovery');
  });

  it('says nothing about unknown addresses', async () => {
    const unknown = uniqueEmail('ghost');
    const res = await authFetch('/recover', { body: { email: unknown } });
    expect(res.status, '/recover answers 200 for unknown addresses (no enumeration)').toBe(200);
    expect(res.json, '/recover answers a JSON body, which auth-js needs').toEqual({});
    expect(await mailsTo(unknown), 'no mail is sent to unknown addresses').toEqual([]);
  });
});
