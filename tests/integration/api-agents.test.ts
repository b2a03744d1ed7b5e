/**
 * Agents, assignments, the caller's profile and the role switcher through
 * the `/api` surface: the same rows the app's direct queries return, the
 * database functions deciding (assign_agent, unassign_agent,
 * coordinator_agents, update_own_profile, switch_role), and refusals
 * (another team 403/404 with nothing changed, malformed payloads 400 naming
 * the field, no session 401).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api-client.ts';
import { demoUser, withDb, type TestUser } from '../support/clients.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';
import { keepSeedData } from '../support/seed-guard.ts';

const OLIVIA = 'olivia.chen@listingdesk.test';
const MARCUS = 'marcus.johnson@listingdesk.test';
const DAVID = 'david.kim@listingdesk.test';
const ADMIN = 'admin@listingdesk.test';
const SWITCHER = 'switcher@listingdesk.test';

type Row = Record<string, unknown>;
const ids = (rows: unknown) => (rows as Row[]).map((r) => r.id);

async function accountId(email: string, role: string): Promise<string> {
  return withDb(async (db) => (await db.query<{ id: string }>(`select id from public.users where email = $1 and role = $2`, [email, role])).rows[0].id);
}

async function account(id: string): Promise<Row> {
  return withDb(async (db) => (await db.query(`select email, first_name, last_name, phone, mls_system, brokerage, role, assigned_tc_id from public.users where id = $1`, [id])).rows[0]);
}

async function tokenOf(actor: Actor): Promise<string> {
  return (await actor.client.auth.getSession()).data.session!.access_token;
}

describe('/api agents and profile', () => {
  keepSeedData();
  let olivia: TestUser;
  let david: TestUser;
  let admin: TestUser;
  let marcus: TestUser;
  let oliviaId: string;
  let marcusId: string;

  beforeAll(async () => {
    [olivia, david, admin, marcus] = await Promise.all([OLIVIA, DAVID, ADMIN, MARCUS].map((email) => demoUser(email)));
    [oliviaId, marcusId] = await Promise.all([accountId(OLIVIA, 'tc'), accountId(MARCUS, 'agent')]);
  });

  it('GET /api/agents, GET /api/agents/by-tc/{tcId} and GET /api/agents/unassigned list the same agents as the app, with counts', async () => {
    const cards = await callApi('/agents', { token: olivia.accessToken });
    expect(cards.status).toBe(200);
    const direct = (await olivia.client.from('agent_overview').select('id, listing_count, task_count').eq('assigned_tc_id', oliviaId).order('first_name').order('last_name').order('id')).data!;
    expect(ids(cards.body), "a coordinator's agent cards are the dashboard's query's").toEqual(ids(direct));
    expect((cards.body as unknown as Row[]).find((c) => c.id === marcusId), 'cards carry the spec counts').toMatchObject({
      firstName: 'Marcus',
      listingCount: direct.find((d) => d.id === marcusId)!.listing_count,
      taskCount: direct.find((d) => d.id === marcusId)!.task_count,
    });

    const byTc = await callApi(`/agents/by-tc/${oliviaId}`, { token: olivia.accessToken });
    expect(ids(byTc.body), 'by-tc for oneself is the same list').toEqual(ids(direct));
    const byAdmin = await callApi(`/agents/by-tc/${oliviaId}?limit=1`, { token: admin.accessToken });
    expect(ids(byAdmin.body), 'a super admin reads any coordinator, paged').toEqual(ids(direct).slice(0, 1));
    const foreign = await callApi(`/agents/by-tc/${oliviaId}`, { token: david.accessToken });
    expect(foreign.status, "another coordinator may not list Olivia's agents").toBe(403);
    expect(ids((await callApi('/agents', { token: david.accessToken })).body), "nor do they appear in the other coordinator's cards").not.toContain(marcusId);
    const teamCards = await callApi('/agents?limit=500', { token: marcus.accessToken });
    const teamDirect = (await marcus.client.from('agent_overview').select('id').order('first_name').order('last_name').order('id').limit(500)).data!;
    expect(ids(teamCards.body), "an agent's cards are their team's, exactly what RLS lets them read").toEqual(ids(teamDirect));
    expect(ids(teamCards.body), 'their own among them').toContain(marcusId);
    const notTc = await callApi(`/agents/by-tc/${marcusId}`, { token: admin.accessToken });
    expect(notTc.status, 'an id that is no coordinator is 404').toBe(404);

    const available = await callApi('/agents/unassigned', { token: olivia.accessToken });
    expect(available.status).toBe(200);
    const directAvailable = (await olivia.client.rpc('available_agents').select('id, first_name, last_name').order('first_name').order('last_name').order('id')).data!;
    expect(ids(available.body), 'unassigned agents as available_agents() gives them to the app').toEqual(ids(directAvailable));
    expect(Object.keys((available.body as unknown as Row[])[0]).sort(), 'only name, e-mail, avatar').toEqual(['createdAt', 'email', 'firstName', 'id', 'lastName', 'profileImageUrl']);
    const asAgent = await callApi('/agents/unassigned', { token: marcus.accessToken });
    expect(asAgent.status, 'agents may not list unassigned agents').toBe(403);

    const badPage = await callApi('/agents?limit=9999', { token: olivia.accessToken });
    expect([badPage.status, String(badPage.body.message)], 'a page above 500 is 400 naming limit').toEqual([400, expect.stringMatching(/limit/)]);
    for (const path of ['/agents', `/agents/by-tc/${oliviaId}`, '/agents/unassigned']) {
      const anonymous = await callApi(path);
      expect([anonymous.status, anonymous.body.message], `GET ${path} without a session`).toEqual([401, 'Unauthorized']);
    }
  });

  it("GET /api/agents/{agentId}/listings and GET /api/activity-log/user/{agentId}: an agent's listings with open-task counts and activity, for their coordinator only", async () => {
    const listings = await callApi(`/agents/${marcusId}/listings`, { token: olivia.accessToken });
    expect(listings.status).toBe(200);
    const direct = (await olivia.client.from('listings').select('id, tasks(id)').eq('agent_id', marcusId).neq('tasks.status', 'completed').order('created_at', { ascending: false }).order('id')).data!;
    expect(ids(listings.body), "the agent's listings as the app's query, newest first").toEqual(ids(direct));
    expect(
      (listings.body as unknown as Row[]).map((l) => l.openTaskCount),
      'open-task counts as the app computes them',
    ).toEqual(direct.map((l) => l.tasks.length));
    expect((listings.body as unknown as Row[])[0], 'spec Listing fields').toEqual(expect.objectContaining({ address: expect.any(String), photoUrls: expect.any(Array), agentId: marcusId }));

    const activity = await callApi(`/activity-log/user/${marcusId}?limit=5`, { token: olivia.accessToken });
    expect(activity.status).toBe(200);
    const directActivity = (await olivia.client.from('activity_log').select('id, action').eq('user_id', marcusId).order('created_at', { ascending: false }).order('id').range(0, 4)).data!;
    expect(ids(activity.body), "the agent's activity as the app's query").toEqual(ids(directActivity));
    expect(activity.body.length, 'the seed has activity for Marcus').toBeGreaterThan(0);

    for (const path of [`/agents/${marcusId}/listings`, `/activity-log/user/${marcusId}`]) {
      const foreign = await callApi(path, { token: david.accessToken });
      expect(foreign.status, `another team's coordinator gets 404 for GET ${path}`).toBe(404);
      const anonymous = await callApi(path);
      expect([anonymous.status, anonymous.body.message], `GET ${path} without a session`).toEqual([401, 'Unauthorized']);
    }
  });

  it('POST /api/agents/{id}/assign-tc and POST /api/agents/{id}/unassign-tc go through assign_agent() and unassign_agent()', async () => {
    const [tcA, tcB, agent] = await Promise.all([createActor('ApiTcA', 'tc'), createActor('ApiTcB', 'tc'), createActor('ApiAgent', 'agent')]);
    const [tokenA, tokenB] = await Promise.all([tokenOf(tcA), tokenOf(tcB)]);

    const badId = await callApi(`/agents/${agent.id}/assign-tc`, { method: 'POST', token: tokenA, json: { tcId: 'me' } });
    expect([badId.status, String(badId.body.message)], 'a malformed tcId is 400 naming it').toEqual([400, expect.stringMatching(/tcId/)]);
    expect((await account(agent.id!)).assigned_tc_id, 'still unassigned').toBeNull();

    const assigned = await callApi(`/agents/${agent.id}/assign-tc`, { method: 'POST', token: tokenA, json: { tcId: tcA.id } });
    expect(assigned.status, 'a coordinator takes an unassigned agent: 204').toBe(204);
    expect((await account(agent.id!)).assigned_tc_id, 'assigned to them').toBe(tcA.id);
    const direct = (await tcA.client.from('agent_overview').select('id').eq('assigned_tc_id', tcA.id!)).data!;
    expect(ids(direct), 'the app now lists the agent as theirs').toEqual([agent.id]);

    const steal = await callApi(`/agents/${agent.id}/assign-tc`, { method: 'POST', token: tokenB, json: { tcId: tcB.id } });
    expect([403, 409], "another coordinator cannot take someone else's agent").toContain(steal.status);
    const release = await callApi(`/agents/${agent.id}/unassign-tc`, { method: 'POST', token: tokenB, json: {} });
    expect(release.status, "another coordinator cannot release someone else's agent").toBe(403);
    const foreignDemo = await callApi(`/agents/${marcusId}/unassign-tc`, { method: 'POST', token: david.accessToken, json: {} });
    expect(foreignDemo.status, "nor one of a demo team's agents").toBe(403);
    expect([(await account(agent.id!)).assigned_tc_id, (await account(marcusId)).assigned_tc_id], 'nothing changed').toEqual([tcA.id, oliviaId]);

    const unassigned = await callApi(`/agents/${agent.id}/unassign-tc`, { method: 'POST', token: tokenA, json: {} });
    expect(unassigned.status, 'their coordinator releases them: 204').toBe(204);
    expect((await account(agent.id!)).assigned_tc_id, 'unassigned again').toBeNull();

    for (const action of ['assign-tc', 'unassign-tc']) {
      const anonymous = await callApi(`/agents/${agent.id}/${action}`, { method: 'POST', json: {} });
      expect([anonymous.status, anonymous.body.message], `POST /api/agents/{id}/${action} without a session`).toEqual([401, 'Unauthorized']);
    }
  });

  it("PUT /api/profile writes the caller's own account (e-mail through Auth's confirmed change); PUT /api/user/role only for the privileged sign-in", async () => {
    const agent = await createActor('ApiProfile', 'agent');
    const token = await tokenOf(agent);
    const before = await account(oliviaId);

    const saved = await callApi('/profile', {
      method: 'PUT',
      token,
      json: { firstName: 'Pat', lastName: 'Lee', email: agent.email, phone: '555-0100', mlsSystem: 'CRMLS', mlsUsername: 'plee', licenseNumber: 'L-1', brokerage: 'Lee Realty', brokerageAddress: '1 Main St' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body, 'the saved profile in the spec User shape, no e-mail change pending').toMatchObject({ id: agent.id, firstName: 'Pat', lastName: 'Lee', phone: '555-0100', mlsSystem: 'CRMLS', brokerage: 'Lee Realty', pendingEmail: null });
    const direct = (await agent.client.from('users').select('first_name, phone, mls_system').eq('id', agent.id!).single()).data;
    expect(direct, 'the app reads the same values').toEqual({ first_name: 'Pat', phone: '555-0100', mls_system: 'CRMLS' });

    const tcForm = await callApi('/profile', { method: 'PUT', token, json: { firstName: 'Patricia', lastName: 'Lee', email: agent.email, phone: '' } });
    expect(tcForm.body, "the coordinator form's four fields: blank phone cleared, the others kept").toMatchObject({ firstName: 'Patricia', phone: null, mlsSystem: 'CRMLS', brokerage: 'Lee Realty' });

    const newEmail = `moved-${agent.id!.slice(0, 8)}@example.test`;
    const moved = await callApi('/profile', { method: 'PUT', token, json: { firstName: 'Patricia', lastName: 'Lee', email: newEmail } });
    expect(moved.body, 'a new address waits for its confirmation link').toMatchObject({ email: agent.email, pendingEmail: newEmail });
    const pending = await withDb(async (db) => (await db.query(`select email, email_change from auth.users where id = $1`, [agent.authId])).rows[0]);
    expect(pending, "Auth holds the change until confirmed; the account keeps the sign-in's address").toEqual({ email: agent.email, email_change: newEmail });

    const noName = await callApi('/profile', { method: 'PUT', token, json: { firstName: ' ', lastName: 'Lee', email: agent.email } });
    expect([noName.status, String(noName.body.message)], 'a blank first name is 400 naming it').toEqual([400, expect.stringMatching(/firstName/)]);
    const badEmail = await callApi('/profile', { method: 'PUT', token, json: { firstName: 'X', lastName: 'Lee', email: 'not-an-address' } });
    expect([badEmail.status, String(badEmail.body.message)], 'a malformed e-mail is 400 naming it').toEqual([400, expect.stringMatching(/email/)]);
    const otherAccount = await callApi('/profile', { method: 'PUT', token, json: { id: oliviaId, firstName: 'X', lastName: 'Y', email: agent.email } });
    expect([otherAccount.status, String(otherAccount.body.message)], "naming another account is refused, naming id").toEqual([400, expect.stringMatching(/id/)]);
    expect(await account(agent.id!), 'the refused calls changed nothing').toMatchObject({ first_name: 'Patricia', last_name: 'Lee' });
    expect(await account(oliviaId), "another person's profile is never touched").toEqual(before);

    const refused = await callApi('/user/role', { method: 'PUT', token: olivia.accessToken, json: { role: 'super_admin' } });
    expect(refused.status, 'the role switcher is only for the privileged sign-in').toBe(403);
    expect((await account(oliviaId)).role, 'role unchanged').toBe('tc');
    const switcher = await demoUser(SWITCHER);
    const badRole = await callApi('/user/role', { method: 'PUT', token: switcher.accessToken, json: { role: 'king' } });
    expect([badRole.status, String(badRole.body.message)], 'an unknown role is 400 naming it').toEqual([400, expect.stringMatching(/role/)]);
    const switched = await callApi('/user/role', { method: 'PUT', token: switcher.accessToken, json: { role: 'agent' } });
    expect([switched.status, switched.body], 'the privileged sign-in switches').toEqual([200, { role: 'agent' }]);
    expect((await switcher.client.from('users').select('role, original_role').eq('email', SWITCHER).single()).data, 'the app sees the new role').toEqual({ role: 'agent', original_role: 'tc' });
    const back = await callApi('/user/role', { method: 'PUT', token: switcher.accessToken, json: { role: 'tc' } });
    expect(back.body, 'and back').toEqual({ role: 'tc' });

    for (const path of ['/profile', '/user/role']) {
      const anonymous = await callApi(path, { method: 'PUT', json: { role: 'tc', firstName: 'X', lastName: 'Y' } });
      expect([anonymous.status, anonymous.body.message], `PUT /api${path} without a session`).toEqual([401, 'Unauthorized']);
    }
  });
});
