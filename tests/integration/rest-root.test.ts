/**
 * The REST root (`/rest/v1/`, PostgREST's OpenAPI description of every table
 * and function a role may reach) is served to the service role only, as on
 * hosted Supabase and Supabase's self-hosted gateways (supabase/supabase#45462):
 * the anon key and signed-in people get 403, so an agent cannot list
 * `/rpc/update_admin_settings` and the rest of the schema's map. Tables and
 * RPCs below the root answer as before, and the `health` function reads the
 * root with the service role for the admin's System Status.
 */
import { describe, expect, it } from 'vitest';
import { demoUser, stackInfo } from '../support/clients.ts';

async function rest(path: string, apikey: string, bearer?: string, method = 'GET') {
  const headers: Record<string, string> = { apikey };
  // The root answers in OpenAPI; tables refuse that media type (415).
  if (path === '/' || path === '') headers.Accept = 'application/openapi+json';
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const res = await fetch(`${stackInfo().apiUrl}/rest/v1${path}`, { method, headers });
  const text = await res.text();
  return { status: res.status, text };
}

describe('the REST root', () => {
  it('refuses the anon key, an agent, a coordinator and the super admin with 403 and a clear message', async () => {
    const info = stackInfo();
    const [agent, coordinator, admin] = await Promise.all([
      demoUser('marcus.johnson@listingdesk.test'),
      demoUser('olivia.chen@listingdesk.test'),
      demoUser('admin@listingdesk.test'),
    ]);
    const callers: [string, string | undefined][] = [
      ['the anon key', undefined],
      ['an agent', agent.accessToken],
      ['a coordinator', coordinator.accessToken],
      ['the super admin (a person, not the service role)', admin.accessToken],
    ];
    for (const [who, token] of callers) {
      for (const path of ['/', '']) {
        for (const method of ['GET', 'HEAD']) {
          const answer = await rest(path, info.anonKey, token, method);
          expect(answer.status, `${method} /rest/v1${path} with ${who}: 403`).toBe(403);
          if (method === 'GET') {
            expect(answer.text, `${who} is told why`).toContain('service role');
            expect(answer.text, `${who} sees nothing of the schema`).not.toContain('update_admin_settings');
          }
        }
      }
    }
    // A service role API key does not lift a person's token: the request acts as the person.
    const mixed = await rest('/', info.serviceRoleKey, agent.accessToken);
    expect(mixed.status, "the service role key as apikey with an agent's bearer token: 403").toBe(403);
  });

  it('serves the description to the service role, and tables and RPCs below the root as before', async () => {
    const info = stackInfo();
    const root = await rest('/', info.serviceRoleKey);
    expect(root.status, 'the service role reads the root').toBe(200);
    const document = JSON.parse(root.text) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths), 'the description lists the tables and RPCs').toContain('/listings');

    const agent = await demoUser('marcus.johnson@listingdesk.test');
    const listings = await rest('/listings?select=id&limit=1', info.anonKey, agent.accessToken);
    expect(listings.status, 'an agent still reads a table').toBe(200);
    const badToken = await rest('/', info.anonKey, `${agent.accessToken}x`);
    expect(badToken.status, 'a token that does not verify is a 401 at the root, as anywhere').toBe(401);
  });

  it("lets the health function describe the REST API to a super admin's session only", async () => {
    const info = stackInfo();
    const health = async (token?: string) => {
      const res = await fetch(`${info.apiUrl}/functions/v1/health`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      return (await res.json()) as { services: { rest: { ok: boolean } }; restApi?: { version: string; endpointCount: number } };
    };
    const [admin, agent] = await Promise.all([demoUser('admin@listingdesk.test'), demoUser('marcus.johnson@listingdesk.test')]);
    const [forAdmin, forAgent, forNobody] = await Promise.all([health(admin.accessToken), health(agent.accessToken), health()]);
    expect(forNobody.services.rest.ok, 'the health check reaches the REST root with the service role').toBe(true);
    expect(forAdmin.restApi?.version, "the super admin's call gets PostgREST's version").toMatch(/^\d+\.\d+/);
    expect(forAdmin.restApi?.endpointCount, 'and how many endpoints it exposes').toBeGreaterThan(10);
    expect(forAgent.restApi, "an agent's call gets no description").toBeUndefined();
    expect(forNobody.restApi, 'an anonymous call gets no description').toBeUndefined();
  });
});
