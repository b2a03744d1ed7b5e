/**
 * The admin console through the `/api` surface (spec part 2 §2 'Admin page',
 * §7): super admins only (others 403, nothing changed), the same rows as the
 * console's direct queries, searched and paged, invitations sent through the
 * invitations function, deletions through the database's rules.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api-client.ts';
import { demoUser, uniqueEmail, withDb, type TestUser } from '../support/clients.ts';
import { createActor } from '../support/seed-rls-actors.ts';
import { keepSeedData } from '../support/seed-guard.ts';

const ADMIN = 'admin@listingdesk.test';
const OLIVIA = 'olivia.chen@listingdesk.test';

type Row = Record<string, unknown>;
const ids = (rows: unknown) => (rows as Row[]).map((row) => row.id);

async function invitationCount(email: string): Promise<number> {
  return withDb(async (db) => Number((await db.query('select count(*) from public.invitations where email = $1', [email])).rows[0].count));
}

describe('/api admin console', () => {
  keepSeedData();
  let admin: TestUser;
  let olivia: TestUser;

  beforeAll(async () => {
    [admin, olivia] = await Promise.all([demoUser(ADMIN), demoUser(OLIVIA)]);
  });

  it('GET /api/admin/users, GET /api/admin/listings, GET /api/admin/invitations, GET /api/admin/stats: the console rows and counts for a super admin, 403 for a coordinator, 401 without a session, 400 for a bad page', async () => {
    const users = await callApi('/admin/users?limit=10', { token: admin.accessToken });
    expect(users.status, 'a super admin lists accounts').toBe(200);
    const directUsers = (await admin.client.from('users').select('id').order('created_at', { ascending: false }).order('id').range(0, 9)).data;
    expect(ids(users.body), 'the same page as the console query (newest first)').toEqual(ids(directUsers));
    const searched = await callApi(`/admin/users?search=${encodeURIComponent('marcus johnson')}`, { token: admin.accessToken });
    expect(searched.body, 'the search finds the account with its coordinator embedded').toEqual([
      expect.objectContaining({ email: 'marcus.johnson@listingdesk.test', role: 'agent', firstName: 'Marcus', coordinator: { firstName: 'Olivia', lastName: 'Chen' } }),
    ]);

    const listings = await callApi('/admin/listings?limit=5&offset=1', { token: admin.accessToken });
    expect(listings.status, 'a super admin lists listings').toBe(200);
    const directListings = (await admin.client.from('listings').select('id, address, agent:users!agent_id(first_name)').order('created_at', { ascending: false }).order('id').range(1, 5)).data!;
    expect(ids(listings.body), 'the same page as the console query').toEqual(ids(directListings));
    expect(Object.keys(listings.body[0] as Row), 'the spec shape with the agent embedded').toEqual(expect.arrayContaining(['address', 'sellerName', 'listingPrice', 'status', 'createdAt', 'agent']));
    const word = String(directListings[0].address).split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w)) ?? String(directListings[0].address);
    const found = await callApi(`/admin/listings?search=${encodeURIComponent(word)}`, { token: admin.accessToken });
    const searchResult = await admin.client.rpc('admin_search_listings', { search: word }).select('id, created_at').order('created_at', { ascending: false }).order('id').range(0, 99);
    expect(searchResult.error, `the console search for ${word}`).toBeNull();
    const directFound = searchResult.data;
    expect(ids(found.body), 'the search gives the console search result').toEqual(ids(directFound));
    expect(ids(found.body), 'including the listing whose address has the word').toContain(directListings[0].id);

    const invitations = await callApi('/admin/invitations', { token: admin.accessToken });
    expect(invitations.status, 'a super admin lists invitations').toBe(200);
    const directInvitations = (await admin.client.from('invitations').select('id, used').order('created_at', { ascending: false }).order('id').range(0, 99)).data!;
    expect(ids(invitations.body), 'the same rows as the console query').toEqual(ids(directInvitations));
    expect((invitations.body as Row[]).every((row, i) => row.isUsed === directInvitations[i].used), 'isUsed is the used flag').toBe(true);

    const stats = await callApi('/admin/stats', { token: admin.accessToken });
    const direct = (await admin.client.rpc('admin_stats')).data![0];
    expect(stats.body, 'the System Stats counts of admin_stats()').toEqual({
      totalUsers: direct.total_users,
      totalListings: direct.total_listings,
      activeListings: direct.active_listings,
      totalAgents: direct.total_agents,
      totalTcs: direct.total_tcs,
      totalInvitations: direct.total_invitations,
      closedListings: direct.closed_listings,
    });

    for (const path of ['/admin/users', '/admin/listings', '/admin/invitations', '/admin/stats']) {
      const forbidden = await callApi(path, { token: olivia.accessToken });
      expect(forbidden.status, `${path}: a coordinator is refused, not shown their team`).toBe(403);
      expect(forbidden.body.message, `${path}: the database's reason`).toBe('Super admin access required');
      expect((await callApi(path)).status, `${path}: no session`).toBe(401);
    }
    const badPage = await callApi('/admin/users?limit=0', { token: admin.accessToken });
    expect(badPage.status, 'a page of 0 rows is bad input').toBe(400);
    expect(String(badPage.body.message), 'the message names the field').toMatch(/limit/);
  });

  it('POST /api/admin/invitations, DELETE /api/admin/invitations/{id}: a super admin invites and deletes; bad input is 400 and stores nothing; a coordinator changes nothing', async () => {
    const email = uniqueEmail('api-invite');
    const bad = await callApi('/admin/invitations', { method: 'POST', token: admin.accessToken, json: { email: 'not-an-address', role: 'agent' } });
    expect(bad.status, 'a malformed e-mail is bad input').toBe(400);
    expect(String(bad.body.message), 'naming the field').toMatch(/email/);
    const badRole = await callApi('/admin/invitations', { method: 'POST', token: admin.accessToken, json: { email, role: 'super_admin' } });
    expect(badRole.status, 'only tc or agent may be invited').toBe(400);
    expect(String(badRole.body.message), 'naming the field').toMatch(/role/);
    const foreign = await callApi('/admin/invitations', { method: 'POST', token: olivia.accessToken, json: { email, role: 'agent' } });
    expect(foreign.status, 'a coordinator may not invite').toBe(403);
    expect(await invitationCount(email), 'nothing stored by refused calls').toBe(0);
    expect((await callApi('/admin/invitations', { method: 'POST', json: { email, role: 'agent' } })).status, 'no session').toBe(401);

    const sent = await callApi('/admin/invitations', { method: 'POST', token: admin.accessToken, json: { email, role: 'tc' } });
    expect(sent.status, 'created').toBe(201);
    expect(sent.body, 'the spec Invitation shape').toMatchObject({ email, role: 'tc', isUsed: false, used: false });
    const id = sent.body.id as string;
    expect(await invitationCount(email), 'stored once').toBe(1);
    const again = await callApi('/admin/invitations', { method: 'POST', token: admin.accessToken, json: { email, role: 'tc' } });
    expect(again.status, 'a second pending invitation is a conflict').toBe(409);

    const foreignDelete = await callApi(`/admin/invitations/${id}`, { method: 'DELETE', token: olivia.accessToken });
    expect([403, 404], 'a coordinator cannot delete it').toContain(foreignDelete.status);
    expect(await invitationCount(email), 'it is still there').toBe(1);
    const deleted = await callApi(`/admin/invitations/${id}`, { method: 'DELETE', token: admin.accessToken });
    expect(deleted.status, 'deleted: 204').toBe(204);
    expect(await invitationCount(email), 'and gone').toBe(0);
    expect((await callApi(`/admin/invitations/${id}`, { method: 'DELETE', token: admin.accessToken })).status, 'deleting again: 404').toBe(404);
  });

  it("DELETE /api/admin/users/{id}: a super admin deletes an account; a coordinator cannot; one's own active account is a 409", async () => {
    const agent = await createActor('ApiDeleteMe', 'agent');
    const exists = () => withDb(async (db) => (await db.query('select 1 from public.users where id = $1', [agent.id])).rowCount);
    const foreign = await callApi(`/admin/users/${agent.id}`, { method: 'DELETE', token: olivia.accessToken });
    expect(foreign.status, 'a coordinator may not delete accounts').toBe(403);
    expect(await exists(), 'the account is still there').toBe(1);
    expect((await callApi(`/admin/users/${agent.id}`, { method: 'DELETE' })).status, 'no session').toBe(401);

    const own = (await admin.client.rpc('current_account')).data as { id: string };
    const self = await callApi(`/admin/users/${own.id}`, { method: 'DELETE', token: admin.accessToken });
    expect(self.status, 'not the account one is using').toBe(409);

    const deleted = await callApi(`/admin/users/${agent.id}`, { method: 'DELETE', token: admin.accessToken });
    expect(deleted.status, 'deleted: 204').toBe(204);
    expect(await exists(), 'and gone').toBe(0);
    expect((await callApi(`/admin/users/${agent.id}`, { method: 'DELETE', token: admin.accessToken })).status, 'unknown account: 404').toBe(404);
    expect((await callApi('/admin/users/not-a-uuid', { method: 'DELETE', token: admin.accessToken })).status, 'a malformed id names nothing').toBe(404);
  });
});
