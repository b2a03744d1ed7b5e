/**
 * Bad access tokens: expired, tampered, `alg: none`, missing. Auth refuses
 * them with 4xx in GoTrue's shape, and REST (PostgREST) refuses the same
 * tokens, so no service trusts what another would reject.
 */
import { describe, expect, it } from 'vitest';
import { mintAccessToken, signedInUser, stackInfo } from '../support/clients.ts';
import { authFetch } from './auth-support.ts';

const restStatus = async (token: string) => {
  const info = stackInfo();
  // A table, not the root: the root is the service role's only (tests/integration/rest-root.test.ts).
  const res = await fetch(`${info.apiUrl}/rest/v1/listings?select=id&limit=1`, { headers: { apikey: info.anonKey, Authorization: `Bearer ${token}` } });
  return res.status;
};

function tamper(token: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  claims.role = 'service_role';
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

function algNone(token: string): string {
  const payload = token.split('.')[1];
  return `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
}

describe('access token checks', () => {
  it('accepts a real access token at auth and REST', async () => {
    const user = await signedInUser();
    const res = await authFetch('/user', { bearer: user.accessToken });
    expect(res.status, 'a valid token reads /user').toBe(200);
    expect(res.json.id, '/user answers the token owner').toBe(user.id);
    expect(await restStatus(user.accessToken), 'REST accepts the same token').toBe(200);
  });

  it('refuses an expired token with 401 at auth and REST', async () => {
    const user = await signedInUser();
    const expired = await mintAccessToken(user.id, user.email, stackInfo(), -60);
    const res = await authFetch('/user', { bearer: expired });
    expect(res.status, 'an expired token is a 401 from auth').toBe(401);
    expect(res.json.code, 'an expired token is bad_jwt').toBe('bad_jwt');
    expect(String(res.json.msg), 'the message says the token expired').toMatch(/expired/);
    expect(await restStatus(expired), 'an expired token is a 401 from REST').toBe(401);
  });

  it('refuses a tampered signature with 401 at auth and REST', async () => {
    const user = await signedInUser();
    const forged = tamper(user.accessToken);
    const res = await authFetch('/user', { bearer: forged });
    expect(res.status, 'a tampered token is a 401 from auth').toBe(401);
    expect(res.json.code, 'a tampered token is bad_jwt').toBe('bad_jwt');
    expect(await restStatus(forged), 'a tampered token is a 401 from REST').toBe(401);
    const admin = await authFetch('/admin/users', { bearer: forged });
    expect(admin.status, 'a forged service_role claim does not open the admin API').toBe(401);
  });

  it("refuses an 'alg: none' token", async () => {
    const user = await signedInUser();
    const unsigned = algNone(user.accessToken);
    const res = await authFetch('/user', { bearer: unsigned });
    expect(res.status, 'an unsigned token is a 401 from auth').toBe(401);
    expect(res.json.code, 'an unsigned token is bad_jwt').toBe('bad_jwt');
    expect(await restStatus(unsigned), 'an unsigned token is a 401 from REST').toBe(401);
  });

  it('requires a bearer token on /user and an API key outside the open paths', async () => {
    const none = await authFetch('/user');
    expect(none.status, 'no bearer token on /user is a 401').toBe(401);
    expect(none.json.code, 'no bearer token is no_authorization').toBe('no_authorization');
    expect(none.json.msg, 'GoTrue errors carry msg').toBeTypeOf('string');
    expect(none.json.error_code, 'GoTrue errors carry error_code too').toBe('no_authorization');

    const noKey = await authFetch('/user', { apikey: null });
    expect(noKey.status, 'without an API key the gateway refuses /user').toBe(401);
    for (const open of ['/health', '/settings']) {
      const res = await authFetch(open, { apikey: null });
      expect(res.status, `${open} is served without an API key, as on hosted Supabase`).toBe(200);
    }
  });
});
