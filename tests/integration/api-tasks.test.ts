/**
 * Requirement tasks and coordinator responses through the `/api` surface:
 * the spec's shapes and the same rows the app's direct queries return, both
 * task-creation payloads, the agent's answer and the coordinator's toggle
 * through the database functions, and refusals (another team 403/404 with
 * nothing changed, malformed payloads 400 naming the field, no session 401).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api-client.ts';
import { demoUser, withDb, type TestUser } from '../support/clients.ts';
import { keepSeedData } from '../support/seed-guard.ts';

const OLIVIA = 'olivia.chen@listingdesk.test';
const MARCUS = 'marcus.johnson@listingdesk.test';
const DAVID = 'david.kim@listingdesk.test';

type Row = Record<string, unknown>;
const ids = (rows: unknown) => (rows as Row[]).map((r) => r.id);

async function accountId(email: string, role: string): Promise<string> {
  return withDb(async (db) => (await db.query<{ id: string }>(`select id from public.users where email = $1 and role = $2`, [email, role])).rows[0].id);
}

async function count(sql: string, params: unknown[]): Promise<number> {
  return withDb(async (db) => Number((await db.query<{ n: string }>(sql, params)).rows[0].n));
}

async function taskRow(id: string): Promise<Row> {
  return withDb(async (db) => (await db.query(`select status, agent_response, is_read_by_agent, completed_at, last_reminded_at from public.tasks where id = $1`, [id])).rows[0]);
}

describe('/api tasks', () => {
  keepSeedData();
  let olivia: TestUser;
  let marcus: TestUser;
  let david: TestUser;
  let oliviaId: string;
  let marcusId: string;
  let davidId: string;
  let listingId: string;

  beforeAll(async () => {
    [olivia, marcus, david] = await Promise.all([demoUser(OLIVIA), demoUser(MARCUS), demoUser(DAVID)]);
    [oliviaId, marcusId, davidId] = await Promise.all([accountId(OLIVIA, 'tc'), accountId(MARCUS, 'agent'), accountId(DAVID, 'tc')]);
    listingId = await withDb(
      async (db) => (await db.query<{ id: string }>(`select id from public.listings where agent_id = $1 and tc_id = $2 order by created_at limit 1`, [marcusId, oliviaId])).rows[0].id,
    );
  });

  it('POST /api/tasks (both payloads), GET /api/listings/{id}/tasks and GET /api/tasks/{userId} answer the spec shape and the rows of the direct queries', async () => {
    const detail = await callApi('/tasks', {
      method: 'POST',
      token: olivia.accessToken,
      json: { title: 'API: signed disclosure', description: 'Seller disclosure, signed', priority: 'high', assignedToId: marcusId, createdById: davidId, listingId, status: 'pending' },
    });
    expect(detail.status, "the detail screen's payload creates a task").toBe(201);
    expect(detail.body, 'spec Task shape; the creator is the caller whatever createdById says').toMatchObject({
      listingId,
      title: 'API: signed disclosure',
      priority: 'high',
      status: 'pending',
      isReadByAgent: false,
      assignedToId: marcusId,
      createdById: oliviaId,
      agentResponse: null,
      assignedTo: { id: marcusId, firstName: 'Marcus', lastName: 'Johnson' },
    });
    const dashboard = await callApi('/tasks', {
      method: 'POST',
      token: olivia.accessToken,
      json: { listingId, assignedTo: marcusId, createdBy: oliviaId, title: 'API: HOA documents', description: '', priority: 'low', dueDate: '2026-12-01' },
    });
    expect(dashboard.status, "the coordinator screen's payload creates a task").toBe(201);
    expect(dashboard.body, 'due date and priority stored as sent').toMatchObject({ priority: 'low', dueDate: '2026-12-01', description: null, createdById: oliviaId });

    const byListing = await callApi(`/listings/${listingId}/tasks`, { token: olivia.accessToken });
    expect(byListing.status).toBe(200);
    const direct = (await olivia.client.from('tasks').select('id').eq('listing_id', listingId).order('created_at', { ascending: false }).order('id')).data!;
    expect(ids(byListing.body), "the coordinator gets the same tasks as the app's query, newest first").toEqual(ids(direct));
    expect(ids(byListing.body).slice(0, 2), 'the new tasks come first').toEqual(expect.arrayContaining([detail.body.id, dashboard.body.id]));

    const agentView = await callApi(`/listings/${listingId}/tasks?limit=1`, { token: marcus.accessToken });
    expect(agentView.body, 'paged by limit').toHaveLength(1);

    const mine = await callApi(`/tasks/${marcusId}`, { token: marcus.accessToken });
    expect(mine.status).toBe(200);
    const directMine = (await marcus.client.from('tasks').select('id, listing_id, is_read_by_agent').eq('assigned_to_id', marcusId).order('created_at', { ascending: false }).order('id')).data!;
    expect(ids(mine.body), "the agent's tasks are the app's query's").toEqual(ids(directMine));
    expect((mine.body as unknown as Row[])[0], 'tasks carry listingId and isReadByAgent').toMatchObject({ listingId: directMine[0].listing_id, isReadByAgent: directMine[0].is_read_by_agent });

    const before = await count(`select count(*) n from public.tasks where listing_id = $1`, [listingId]);
    const foreignList = await callApi(`/listings/${listingId}/tasks`, { token: david.accessToken });
    expect(foreignList.status, "another team's coordinator cannot list the listing's tasks").toBe(404);
    const foreignAgent = await callApi(`/tasks/${marcusId}`, { token: david.accessToken });
    expect(foreignAgent.status, "nor another team's agent's tasks").toBe(404);
    const foreignCreate = await callApi('/tasks', { method: 'POST', token: david.accessToken, json: { listingId, assignedToId: marcusId, title: 'Hijack', priority: 'high' } });
    expect(foreignCreate.status, "another team's coordinator cannot create a task there").toBe(403);
    const agentCreate = await callApi('/tasks', { method: 'POST', token: marcus.accessToken, json: { listingId, assignedToId: marcusId, title: 'Self-assigned' } });
    expect(agentCreate.status, 'an agent cannot create tasks').toBe(403);

    const noTitle = await callApi('/tasks', { method: 'POST', token: olivia.accessToken, json: { listingId, assignedToId: marcusId, title: '  ' } });
    expect(noTitle.status).toBe(400);
    expect(String(noTitle.body.message), 'the 400 names the title').toMatch(/title/);
    const badPriority = await callApi('/tasks', { method: 'POST', token: olivia.accessToken, json: { listingId, assignedToId: marcusId, title: 'x', priority: 'asap' } });
    expect(String(badPriority.body.message), 'the 400 names the priority').toMatch(/priority/);
    const noAgent = await callApi('/tasks', { method: 'POST', token: olivia.accessToken, json: { listingId, title: 'x' } });
    expect(String(noAgent.body.message), 'the 400 names the assignee').toMatch(/assignedToId/);
    const badDate = await callApi('/tasks', { method: 'POST', token: olivia.accessToken, json: { listingId, assignedTo: marcusId, title: 'x', dueDate: 'soon' } });
    expect(String(badDate.body.message), 'the 400 names the due date').toMatch(/dueDate/);
    expect(await count(`select count(*) n from public.tasks where listing_id = $1`, [listingId]), 'nothing was stored by the refused calls').toBe(before);

    for (const [path, method] of [[`/listings/${listingId}/tasks`, 'GET'], [`/tasks/${marcusId}`, 'GET'], ['/tasks', 'POST']] as const) {
      const anonymous = await callApi(path, { method, json: method === 'POST' ? { listingId, assignedToId: marcusId, title: 'x' } : undefined });
      expect([anonymous.status, anonymous.body.message], `${method} ${path} without a session`).toEqual([401, 'Unauthorized']);
    }
  });

  it('PUT /api/tasks/{id}/read, PUT /api/tasks/{id} (agent answer, coordinator toggle) and PUT /api/tasks/{id}/resend go through the database functions', async () => {
    const created = await callApi('/tasks', { method: 'POST', token: olivia.accessToken, json: { listingId, assignedToId: marcusId, title: 'API: inspection report', priority: 'high' } });
    const taskId = created.body.id as string;

    const foreignRead = await callApi(`/tasks/${taskId}/read`, { method: 'PUT', token: david.accessToken });
    expect([403, 404], "another team's coordinator cannot mark it read").toContain(foreignRead.status);
    expect((await taskRow(taskId)).is_read_by_agent, 'still unread').toBe(false);
    const read = await callApi(`/tasks/${taskId}/read`, { method: 'PUT', token: marcus.accessToken });
    expect(read.status, 'the assignee marks it read: 204').toBe(204);
    expect((await taskRow(taskId)).is_read_by_agent, 'marked read').toBe(true);

    const blank = await callApi(`/tasks/${taskId}`, { method: 'PUT', token: marcus.accessToken, json: { agentResponse: '   ', status: 'completed' } });
    expect(blank.status).toBe(400);
    expect(String(blank.body.message), 'the 400 names agentResponse').toMatch(/agentResponse/);
    const badStatus = await callApi(`/tasks/${taskId}`, { method: 'PUT', token: olivia.accessToken, json: { status: 'in_review' } });
    expect(String(badStatus.body.message), 'the 400 names status').toMatch(/status/);
    const empty = await callApi(`/tasks/${taskId}`, { method: 'PUT', token: olivia.accessToken, json: {} });
    expect(empty.status, 'an empty update is 400').toBe(400);
    expect(await taskRow(taskId), 'nothing changed by the refused updates').toMatchObject({ status: 'pending', agent_response: null });

    const partial = await callApi(`/tasks/${taskId}`, { method: 'PUT', token: marcus.accessToken, json: { agentResponse: 'Booked for Friday', status: 'pending' } });
    expect(partial.status).toBe(200);
    expect(partial.body, 'an answer that keeps the task open').toMatchObject({ agentResponse: 'Booked for Friday', status: 'pending', completedAt: null });

    const foreignResend = await callApi(`/tasks/${taskId}/resend`, { method: 'PUT', token: david.accessToken });
    expect(foreignResend.status, "another team's coordinator cannot resend it").toBe(403);
    expect((await taskRow(taskId)).last_reminded_at, 'not resent').toBeNull();
    const resent = await callApi(`/tasks/${taskId}/resend`, { method: 'PUT', token: olivia.accessToken });
    expect(resent.status).toBe(200);
    expect(resent.body, 'resent: unread again, reminder stamped').toMatchObject({ id: taskId, isReadByAgent: false });
    expect(resent.body.lastRemindedAt, 'reminder stamped').toBeTruthy();

    const answered = await callApi(`/tasks/${taskId}`, { method: 'PUT', token: marcus.accessToken, json: { agentResponse: 'Report uploaded', status: 'completed', completedAt: '1999-01-01T00:00:00Z' } });
    expect(answered.body, "the agent's answer completes the task (spec part 1 §4)").toMatchObject({ agentResponse: 'Report uploaded', status: 'completed', assignedTo: { firstName: 'Marcus' } });
    expect(String(answered.body.completedAt), 'completedAt is stamped by the database, not taken from the payload').not.toMatch(/^1999/);
    const resendDone = await callApi(`/tasks/${taskId}/resend`, { method: 'PUT', token: olivia.accessToken });
    expect(resendDone.status, 'a completed task is not resent').toBe(409);

    const agentToggle = await callApi(`/tasks/${taskId}`, { method: 'PUT', token: marcus.accessToken, json: { status: 'pending' } });
    expect(agentToggle.status, 'an agent cannot toggle completion').toBe(403);
    const foreignToggle = await callApi(`/tasks/${taskId}`, { method: 'PUT', token: david.accessToken, json: { status: 'pending' } });
    expect(foreignToggle.status, "another team's coordinator cannot toggle it").toBe(403);
    expect((await taskRow(taskId)).status, 'still completed').toBe('completed');
    const reopened = await callApi(`/tasks/${taskId}`, { method: 'PUT', token: olivia.accessToken, json: { status: 'pending' } });
    expect(reopened.body, 'the coordinator reopens it').toMatchObject({ status: 'pending', completedAt: null });
    const direct = (await olivia.client.from('tasks').select('status, completed_at, agent_response').eq('id', taskId).single()).data!;
    expect(direct, 'the direct query sees the same state').toEqual({ status: 'pending', completed_at: null, agent_response: 'Report uploaded' });

    const unknown = await callApi(`/tasks/${crypto.randomUUID()}`, { method: 'PUT', token: olivia.accessToken, json: { status: 'completed' } });
    expect(unknown.status, 'an unknown task is 404').toBe(404);
    for (const path of [`/tasks/${taskId}`, `/tasks/${taskId}/read`, `/tasks/${taskId}/resend`]) {
      const anonymous = await callApi(path, { method: 'PUT', json: path.endsWith(taskId) ? { status: 'completed' } : undefined });
      expect([anonymous.status, anonymous.body.message], `PUT ${path} without a session`).toEqual([401, 'Unauthorized']);
    }
  });

  it("POST /api/tc-responses sends the coordinator's response to the listing's agent as the caller", async () => {
    const sent = await callApi('/tc-responses', { method: 'POST', token: olivia.accessToken, json: { listingId, tcId: davidId, agentId: marcusId, responseType: 'note', content: 'API: keys are with the neighbour' } });
    expect(sent.status).toBe(201);
    expect(sent.body, 'the response is recorded as the caller whatever tcId says').toMatchObject({ listingId, agentId: marcusId, tcId: oliviaId, responseType: 'note', isRead: false });
    const seenByAgent = (await marcus.client.from('tc_responses').select('id, content').eq('id', sent.body.id as string)).data;
    expect(seenByAgent, 'the agent reads it through the app').toEqual([{ id: sent.body.id, content: 'API: keys are with the neighbour' }]);

    const before = await count(`select count(*) n from public.tc_responses where listing_id = $1`, [listingId]);
    const foreign = await callApi('/tc-responses', { method: 'POST', token: david.accessToken, json: { listingId, tcId: davidId, agentId: marcusId, responseType: 'note', content: 'Hijack' } });
    expect(foreign.status, "another team's coordinator cannot respond on the listing").toBe(403);
    const badType = await callApi('/tc-responses', { method: 'POST', token: olivia.accessToken, json: { listingId, tcId: oliviaId, agentId: marcusId, responseType: 'fax', content: 'x' } });
    expect([badType.status, String(badType.body.message)], 'the 400 names responseType').toEqual([400, expect.stringMatching(/responseType/)]);
    const blank = await callApi('/tc-responses', { method: 'POST', token: olivia.accessToken, json: { listingId, tcId: oliviaId, agentId: marcusId, responseType: 'note', content: ' ' } });
    expect([blank.status, String(blank.body.message)], 'the 400 names content').toEqual([400, expect.stringMatching(/content/)]);
    expect(await count(`select count(*) n from public.tc_responses where listing_id = $1`, [listingId]), 'nothing stored by the refused calls').toBe(before);
    const anonymous = await callApi('/tc-responses', { method: 'POST', json: { listingId, agentId: marcusId, responseType: 'note', content: 'x' } });
    expect([anonymous.status, anonymous.body.message], 'no session').toEqual([401, 'Unauthorized']);
  });
});
