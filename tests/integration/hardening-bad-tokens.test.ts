/**
 * Bad access tokens at the Edge Functions, through the HTTP stack: a tampered
 * signature, `alg: none`, another audience, an expired token and garbage are
 * 401 on every `/api` call — as bearer token or as the session cookie, GET or
 * POST, before the body is even read — and on every other function that acts
 * for a signed-in person. A bad token is bad input: never a 5xx, never data.
 */
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, type ApiCallOptions } from '../support/api-client.ts';
import { demoUser, mintAccessToken, stackInfo, withDb, type TestUser } from '../support/clients.ts';
import { keepSeedData } from '../support/seed-guard.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Every way a token can be wrong, each derived from a real, current token of `user`. */
async function badTokens(user: TestUser): Promise<Record<string, string>> {
  const info = stackInfo();
  const [header, payload] = user.accessToken.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  const otherAudience = await new SignJWT({ ...claims, aud: 'another-service' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(info.jwtSecret));
  return {
    'a tampered signature': `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`,
    'a tampered payload': `${header}.${b64({ ...claims, email: 'someone.else@example.test' })}.${user.accessToken.split('.')[2]}`,
    "an 'alg: none' token": `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'another audience, correctly signed': otherAudience,
    'an expired token': await mintAccessToken(user.id, user.email, info, -60),
    'garbage shaped like a token': 'garbage.token.here',
    'garbage in base64url': `${b64('x')}.${b64('y')}.${b64('z')}`,
    'no token at all, just text': 'x'.repeat(40),
  };
}

/** The spec's 401 shape (part 1 §8: clients recognise 'Unauthorized'). */
function expectUnauthorized(answer: { status: number; body: unknown }, what: string) {
  expect(answer.status, `${what}: 401, never a 5xx`).toBe(401);
  expect((answer.body as { message?: unknown } | null)?.message, `${what}: the spec's message`).toBe('Unauthorized');
}

describe('bad tokens on the /api surface', () => {
  keepSeedData();
  let olivia: TestUser;
  let tokens: Record<string, string>;
  const address = `1 Forged Token Way ${Date.now()}`;

  beforeAll(async () => {
    olivia = await demoUser('olivia.chen@listingdesk.test');
    tokens = await badTokens(olivia);
  });

  const as = (how: 'bearer' | 'cookie', token: string): ApiCallOptions => (how === 'bearer' ? { token } : { cookie: `listingdesk_session=${encodeURIComponent(token)}` });

  for (const how of ['bearer', 'cookie'] as const) {
    it(`GET and POST /api/listings answer 401 to every bad ${how === 'bearer' ? 'bearer token' : 'session cookie'}, and create nothing`, async () => {
      for (const [name, token] of Object.entries(tokens)) {
        expectUnauthorized(await callApi('/listings', as(how, token)), `GET /api/listings with ${name}`);
        expectUnauthorized(await callApi('/auth/user', as(how, token)), `GET /api/auth/user with ${name}`);
        expectUnauthorized(await callApi('/listings', { ...as(how, token), method: 'POST', json: { address } }), `POST /api/listings with ${name}`);
        expectUnauthorized(await callApi('/listings', { ...as(how, token), method: 'POST', json: {} }), `POST /api/listings with ${name} and a bad body (who comes before what)`);
        expectUnauthorized(await callApi('/ai/query', { ...as(how, token), method: 'POST', json: { query: 'hello?' } }), `POST /api/ai/query with ${name}`);
      }
      const created = await withDb(async (db) => (await db.query('select count(*)::int as n from public.listings where address = $1', [address])).rows[0].n as number);
      expect(created, 'no bad token created a listing').toBe(0);
      const real = await callApi('/listings?limit=1', as(how, olivia.accessToken));
      expect(real.status, `the real token still works as ${how}`).toBe(200);
    });
  }

  it("a session ended by the app's own sign-out is refused by the very next /api call (nothing about a token is kept between requests)", async () => {
    const session = await demoUser('olivia.chen@listingdesk.test');
    expect((await callApi('/auth/user', { token: session.accessToken })).status, 'the session works before signing out').toBe(200);
    const { error } = await session.client.auth.signOut({ scope: 'local' });
    expect(error, 'the app signs out through Supabase Auth').toBeNull();
    expectUnauthorized(await callApi('/auth/user', { token: session.accessToken }), 'the ended session as bearer, right after sign-out');
    expectUnauthorized(await callApi('/listings', { cookie: `listingdesk_session=${encodeURIComponent(session.accessToken)}` }), 'the ended session as cookie');
    expect((await callApi('/listings?limit=1', { token: olivia.accessToken })).status, "Olivia's other session is untouched").toBe(200);
  });

  it('a mangled session cookie (broken percent-encoding) is no session: 401', async () => {
    expectUnauthorized(await callApi('/listings', { cookie: 'listingdesk_session=%E0%A4%zz' }), 'GET /api/listings with a mangled cookie');
  });
});

describe('bad tokens on the other functions', () => {
  /** Each function acting for a signed-in person, with a body it would accept from one. */
  const calls: { name: string; body: unknown }[] = [
    { name: 'ai-status', body: {} },
    { name: 'ai-chat', body: { message: 'hello?' } },
    { name: 'ai-listing-descriptions', body: { address: '1 Main St' } },
    { name: 'ai-workflow-insights', body: {} },
    { name: 'smart-reminders', body: { listingId: '10000000-0000-4000-8000-000000000001' } },
    { name: 'invitations', body: { action: 'send', email: 'forged.token@example.test', role: 'agent' } },
    { name: 'admin-settings', body: {} },
    { name: 'inbound-email/accept', body: { id: '10000000-0000-4000-8000-000000000001' } },
  ];

  it('answer 401 to every bad token, never a 5xx or an answer', async () => {
    const info = stackInfo();
    const admin = await demoUser('admin@listingdesk.test');
    for (const [what, token] of Object.entries(await badTokens(admin))) {
      for (const { name, body } of calls) {
        const res = await fetch(`${info.apiUrl}/functions/v1/${name}`, {
          method: 'POST',
          headers: { apikey: info.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        await res.body?.cancel();
        expect(res.status, `${name} with ${what}: 401`).toBe(401);
      }
    }
    const invited = await withDb(async (db) => (await db.query("select count(*)::int as n from public.invitations where email = 'forged.token@example.test'")).rows[0].n as number);
    expect(invited, 'no bad token sent an invitation').toBe(0);
  });
});
