/**
 * The auth service's public surface and the mail capture: /settings,
 * /health, /authorize without providers, CORS, and the Mailpit-style mail
 * API and page. (The sign-in rate limit is tested on a stricter stack in
 * auth-confirmations.test.ts, so this stack's limit is never tripped.)
 */
import { describe, expect, it } from 'vitest';
import { anonClient, stackInfo, uniqueEmail } from '../support/clients.ts';
import { authFetch, fragmentOf, latestMailTo, mailsTo, type MailSummary } from './auth-support.ts';

describe('public endpoints', () => {
  it('/settings and /health answer JSON without an API key', async () => {
    const settings = await authFetch('/settings', { apikey: null });
    expect(settings.json.external, '/settings lists e-mail as the only provider').toMatchObject({ email: true, github: false, google: false });
    expect(settings.json.mailer_autoconfirm, '/settings reflects enable_confirmations = false').toBe(true);
    expect(settings.json.disable_signup, '/settings reflects enable_signup').toBe(false);
    const health = await authFetch('/health', { apikey: null });
    expect(health.json.name, '/health answers like GoTrue').toBe('GoTrue');
  });

  it('/authorize sends the browser back with #error for an unconfigured provider', async () => {
    const info = stackInfo();
    const res = await fetch(`${info.apiUrl}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent('http://localhost:5173/login')}`, { redirect: 'manual' });
    expect(res.status, '/authorize redirects with 303').toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname, '/authorize returns to the allowed redirect_to').toBe('http://localhost:5173/login');
    expect(fragmentOf(location).get('error_description'), 'the fragment explains the provider is not enabled').toMatch(/provider is not enabled/);

    const client = anonClient();
    const oauth = await client.auth.signInWithOAuth({ provider: 'github', options: { skipBrowserRedirect: true } });
    expect(oauth.data.url, 'supabase-js builds the /authorize URL auth-ui navigates to').toContain('/auth/v1/authorize?provider=github');
  });

  it('answers CORS preflights and exposes headers for browsers', async () => {
    const info = stackInfo();
    const preflight = await fetch(`${info.apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'apikey, content-type, x-supabase-api-version' },
    });
    expect(preflight.status, 'the preflight succeeds').toBe(204);
    expect(preflight.headers.get('access-control-allow-origin'), 'the preflight allows the origin').toBe('http://localhost:5173');
    const res = await fetch(`${info.apiUrl}/auth/v1/settings`, { headers: { Origin: 'http://localhost:5173' } });
    expect(res.headers.get('access-control-expose-headers'), 'browsers may read x-total-count, link and the API version').toMatch(/x-total-count.*link.*x-supabase-api-version/);
    expect(res.headers.get('x-supabase-api-version'), 'every auth response names the API version').toBe('2024-01-01');
  });

  it('answers 404 JSON for unknown auth paths', async () => {
    const res = await authFetch('/no-such-endpoint');
    expect(res.status, 'an unknown path is a 404, not a 5xx').toBe(404);
    expect(res.json.code, 'the 404 is in GoTrue shape').toBe('not_found');
    const badJson = await fetch(`${stackInfo().apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stackInfo().anonKey, 'Content-Type': 'application/json' },
      body: '{not json',
    });
    expect(badJson.status, 'a body that is not JSON is a 400').toBe(400);
  });
});

describe('mail capture', () => {
  it('lists messages newest first with Mailpit fields and serves each with HTML and text', async () => {
    const info = stackInfo();
    const email = uniqueEmail('mailbox');
    await anonClient().auth.signInWithOtp({ email });
    await anonClient().auth.resetPasswordForEmail(email);
    const list = (await (await fetch(`${info.mailUrl}/api/v1/messages`)).json()) as { total: number; messages: MailSummary[] };
    expect(list.total, 'total counts captured messages').toBeGreaterThanOrEqual(2);
    const mine = list.messages.filter((m) => m.To[0]?.Address === email);
    expect(mine.map((m) => m.Subject), 'messages are listed newest first').toEqual(['Reset Your Password', 'Your Magic Link']);
    expect(mine[0], 'summaries have Mailpit fields').toMatchObject({ From: { Address: 'admin@email.com' }, To: [{ Address: email }] });
    expect(mine[0]!.Snippet, 'the snippet shows the start of the text').toContain('Reset password');

    const full = await latestMailTo(email);
    expect(full.HTML, 'the HTML body has a clickable verify link').toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/verify\?token=/);
    expect(full.Text, 'the text body has the 6-digit code').toMatch(/code: \d{6}/);
    expect(Date.parse(full.Created), 'Created is a timestamp').not.toBeNaN();

    const page = await fetch(`${info.mailUrl}/`);
    const html = await page.text();
    expect(page.headers.get('content-type'), 'the viewer is an HTML page').toMatch(/text\/html/);
    expect(html, 'the page shows subject and recipient').toContain(email);
    expect(html, 'the page turns links into anchors').toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/verify/);

    const deleted = await fetch(`${info.mailUrl}/api/v1/messages`, { method: 'DELETE', body: JSON.stringify({ IDs: mine.map((m) => m.ID) }) });
    expect(deleted.status, 'DELETE /api/v1/messages succeeds').toBe(200);
    expect(await mailsTo(email), 'deleted messages are gone').toEqual([]);
    const missing = await fetch(`${info.mailUrl}/api/v1/message/${mine[0]!.ID}`);
    expect(missing.status, 'a deleted message is a 404').toBe(404);
  });
});
