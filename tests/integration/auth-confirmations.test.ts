/**
 * A project that requires e-mail confirmation (`[auth.email]
 * enable_confirmations = true`) and a strict sign-in limit. The shared test
 * stack runs the repository's config.toml, so this file starts its own
 * stack on a copy of supabase/ with those two settings changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../stack/config.ts';
import { startStack, type RunningStack } from '../../stack/supervisor.ts';
import { ownedTempDir, type OwnedTempDir } from '../../stack/temp-dirs.ts';
import { anonClient, serviceClient, uniqueEmail } from '../support/clients.ts';
import { isPortTaken, testStackOptions, throwawayPrefix, type StackInfo } from '../support/throwaway-stack.ts';
import { authFetch, followLink, fragmentOf, latestMailTo, mailsTo, verifyLinkIn } from './auth-support.ts';

const SIGN_IN_LIMIT = 3;

let stack: RunningStack;
let info: StackInfo;
let projectRoot: string;
let projectFolder: OwnedTempDir | undefined;

beforeAll(async () => {
  projectFolder = ownedTempDir(throwawayPrefix('auth-project'));
  projectRoot = projectFolder.path;
  fs.cpSync(path.join(PROJECT_ROOT, 'supabase'), path.join(projectRoot, 'supabase'), { recursive: true, filter: (src) => !src.includes('node_modules') });
  const configFile = path.join(projectRoot, 'supabase', 'config.toml');
  const original = fs.readFileSync(configFile, 'utf8');
  // The auth service's own sign-up is under test here, so it is switched on (config.toml is invitation-only).
  const strict = original.replace(/^enable_confirmations\s*=\s*\w+/m, 'enable_confirmations = true').replace(/^enable_signup\s*=\s*\w+/m, 'enable_signup = true');
  if (strict === original) throw new Error('config.toml has no enable_confirmations line to switch on');
  fs.writeFileSync(configFile, strict);

  // Ports are picked free and bound a moment later; another worker may take one in between:
  // start again on new ports (and a new data folder), as tests/support/throwaway-stack.ts does.
  let dataDir: string;
  for (let attempt = 1; ; attempt++) {
    dataDir = path.join(projectRoot, `.stack-${attempt}`);
    try {
      stack = await startStack({
        ...(await testStackOptions()),
        projectRoot,
        dataDir,
        signInRateLimit: SIGN_IN_LIMIT,
      });
      break;
    } catch (error) {
      if (attempt === 3 || !isPortTaken(error)) throw error;
    }
  }
  const c = stack.config;
  info = { apiUrl: c.apiUrl, dbUrl: c.dbUrl, mailUrl: c.mailUrl, smtpPort: c.smtpPort, mailSmtpPort: c.mailSmtpPort, inboundEmailSecret: c.inboundEmailSecret, anonKey: c.anonKey, serviceRoleKey: c.serviceRoleKey, jwtSecret: c.jwtSecret, dataDir, startupMs: stack.startupMs };
});

afterAll(async () => {
  await stack?.stop();
  projectFolder?.remove();
});

describe('sign-up with enable_confirmations = true', () => {
  it('returns a bare user and mails a confirmation link; sign-in waits for it', async () => {
    const email = uniqueEmail('confirm');
    const password = 'confirm-password';
    const signUp = await anonClient(info).auth.signUp({ email, password, options: { emailRedirectTo: 'http://localhost:5173/welcome' } });
    expect(signUp.error, 'sign-up succeeds').toBeNull();
    expect(signUp.data.session, 'no session before the address is confirmed').toBeNull();
    expect(signUp.data.user?.email, 'the bare user is returned').toBe(email);
    expect(signUp.data.user?.confirmation_sent_at, 'the user says when confirmation was sent').toBeTruthy();

    const early = await anonClient(info).auth.signInWithPassword({ email, password });
    expect(early.error?.code, 'an unconfirmed user cannot sign in with a password').toBe('email_not_confirmed');

    const mail = await latestMailTo(email, info);
    expect(mail.Subject, 'a confirmation mail is sent').toBe('Confirm Your Signup');
    const { status, location } = await followLink(verifyLinkIn(mail));
    expect(status, 'the confirmation link answers 303').toBe(303);
    expect(fragmentOf(location).get('type'), 'the redirect says type=signup').toBe('signup');
    expect(location.pathname, 'the redirect honours emailRedirectTo').toBe('/welcome');

    const after = await anonClient(info).auth.signInWithPassword({ email, password });
    expect(after.error, 'after confirming, the password signs in').toBeNull();
    expect(after.data.user?.email_confirmed_at, 'the address is now confirmed').toBeTruthy();
  });

  it('does not reveal registered addresses on a repeated sign-up', async () => {
    const email = uniqueEmail('known');
    await serviceClient(info).auth.admin.createUser({ email, password: 'known-password', email_confirm: true });
    const again = await anonClient(info).auth.signUp({ email, password: 'another-password' });
    expect(again.error, 'a repeated sign-up looks like a normal one').toBeNull();
    expect(again.data.user?.identities, 'the look-alike user has no identities (as GoTrue signals it)').toEqual([]);
    expect(await mailsTo(email, info), 'no mail goes to the registered address').toEqual([]);
    const settings = await authFetch('/settings', { apikey: null }, info);
    expect(settings.json.mailer_autoconfirm, '/settings reports that confirmation is required').toBe(false);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 over_request_rate_limit after signInRateLimit attempts for one address', async () => {
    const email = uniqueEmail('hammer');
    for (let i = 0; i < SIGN_IN_LIMIT; i++) {
      const attempt = await anonClient(info).auth.signInWithPassword({ email, password: 'wrong-password' });
      expect(attempt.error?.code, `attempt ${i + 1} within the limit is judged on its merits`).toBe('invalid_credentials');
    }
    const limited = await anonClient(info).auth.signInWithPassword({ email, password: 'wrong-password' });
    expect(limited.error?.status, 'the next attempt within 5 minutes is refused with 429').toBe(429);
    expect(limited.error?.code, 'the refusal is over_request_rate_limit').toBe('over_request_rate_limit');
    const other = await anonClient(info).auth.signInWithPassword({ email: uniqueEmail('bystander'), password: 'wrong-password' });
    expect(other.error?.code, 'other addresses from the same client are not limited').toBe('invalid_credentials');
  });
});
