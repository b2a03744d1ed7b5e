/**
 * The AI calls of the `/api` surface (part 2 §7) and the smart reminders of
 * part 1 §7, on a stack whose functions use the fake provider: each wraps
 * the function the app uses, as the caller — same answers, same refusals,
 * same rate limit and log — and reads history, patterns and insights under
 * RLS with the caller's own filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiCalls, MALFORMED_JSON, TWO_MB_BODY } from '../support/ai-calls.ts';
import { callApi, sendRaw } from '../support/api-client.ts';
import { startAiStack, type AiStack } from '../support/ai-stack.ts';
import { demoUser, withDb, type TestUser } from '../support/clients.ts';

const STYLES = ['Professional', 'Luxury', 'Family-Friendly', 'Investment', 'Concise'];

describe('/api AI calls', () => {
  let ai: AiStack;
  let olivia: TestUser;
  let david: TestUser;
  let marcus: TestUser;
  let oliviaListing: { id: string; address: string };

  const api = (path: string, options: Parameters<typeof callApi>[1] = {}) => callApi(path, { ...options, info: ai.info });
  const conversationRows = (user: TestUser) => withDb(async (db) => (await db.query('select count(*)::int as n from public.ai_conversations c join public.users u on u.id = c.user_id where u.auth_user_id = $1', [user.id])).rows[0].n as number, ai.info);

  beforeAll(async () => {
    ai = await startAiStack();
    [olivia, david, marcus] = await Promise.all(['olivia.chen', 'david.kim', 'marcus.johnson'].map((name) => demoUser(`${name}@listingdesk.test`, ai.info)));
    oliviaListing = await withDb(
      async (db) =>
        (
          await db.query<{ id: string; address: string }>(
            `select l.id, l.address from public.listings l join public.users u on u.id = l.tc_id where u.email = 'olivia.chen@listingdesk.test' order by l.created_at limit 1`,
          )
        ).rows[0],
      ai.info,
    );
  }, 120_000);
  afterAll(async () => {
    await ai?.stop();
  });

  it('POST /api/ai/query answers once complete and stores the exchange; GET /api/ai/conversations equals the direct history; DELETE /api/ai/conversations clears only the caller’s', async () => {
    ai.fake.respond(() => ({ text: 'You have **two** listings without documents.' }));
    const asked = await api('/ai/query', { method: 'POST', token: olivia.accessToken, json: { query: 'Which listings lack documents?' } });
    expect(asked.status).toBe(200);
    expect(asked.body.response, 'the whole answer in one JSON answer').toBe('You have **two** listings without documents.');
    expect((asked.body.entries as unknown as { role: string }[]).map((e) => e.role), 'the stored question and answer').toEqual(['user', 'assistant']);

    ai.fake.respond(() => ({ text: 'David, nothing is missing.' }));
    expect((await api('/ai/query', { method: 'POST', token: david.accessToken, json: { query: 'Anything missing?' } })).status).toBe(200);

    const history = await api('/ai/conversations', { token: olivia.accessToken });
    const me = (await olivia.client.rpc('current_account_id')).data as string;
    const direct = (await olivia.client.from('ai_conversations').select('id, role, content, timestamp').eq('user_id', me).order('timestamp')).data!;
    expect(history.body, 'the same entries, oldest first, in the spec shape').toEqual(direct);
    expect(JSON.stringify(history.body), "nothing of David's chat").not.toContain('David, nothing is missing');

    const blank = await api('/ai/query', { method: 'POST', token: olivia.accessToken, json: { query: '  ' } });
    expect(blank.status, 'a blank question').toBe(400);
    expect(String(blank.body.message)).toMatch(/query/);
    const agent = await api('/ai/query', { method: 'POST', token: marcus.accessToken, json: { query: 'Hello?' } });
    expect(agent.status, 'agents do not use the assistant').toBe(403);
    expect((await api('/ai/conversations')).status, 'no session').toBe(401);
    expect(await conversationRows(marcus), 'refusals store nothing').toBe(0);

    const cleared = await api('/ai/conversations', { method: 'DELETE', token: olivia.accessToken });
    expect(cleared.status).toBe(204);
    expect(await conversationRows(olivia), "Olivia's history is gone").toBe(0);
    expect(await conversationRows(david), "David's is untouched").toBe(2);
  });

  it('POST /api/ai/query passes the provider failures and the rate limit on with their status; nothing is stored', async () => {
    ai.fake.respond(() => ({ error: 500 }));
    const failed = await api('/ai/query', { method: 'POST', token: olivia.accessToken, json: { query: 'Summarise my week' } });
    expect(failed.status, 'a provider failure is a 5xx with a message').toBeGreaterThanOrEqual(500);
    expect(String(failed.body.message)).not.toBe('');
    expect(await conversationRows(olivia), 'nothing stored').toBe(0);

    // Spend Olivia's budget for this minute (the stack allows 1,000 calls per minute).
    await withDb(
      (db) =>
        db.query(
          `insert into public.ai_interactions (user_id, type, input_chars, status) select u.id, 'chat', 1, 'ok' from public.users u, generate_series(1, 1000) where u.auth_user_id = $1 limit 1000`,
          [olivia.id],
        ),
      ai.info,
    );
    try {
      const limited = await api('/ai/query', { method: 'POST', token: olivia.accessToken, json: { query: 'One more?' } });
      expect(limited.status, 'over the per-person limit: 429').toBe(429);
      expect(limited.headers.get('retry-after'), 'with Retry-After').toMatch(/^\d+$/);
      expect(String(limited.body.message)).toMatch(/Too many AI requests/);
    } finally {
      await withDb((db) => db.query(`delete from public.ai_interactions where input_chars = 1 and user_id in (select id from public.users where auth_user_id = $1)`, [olivia.id]), ai.info);
    }
    expect(await conversationRows(olivia), 'still nothing stored').toBe(0);
  });

  it('POST /api/ai/listing-description answers five styles within 800 characters; a blank address is the spec’s 400', async () => {
    ai.fake.respond(() => ({ json: { styles: STYLES.map((name) => ({ name, description: `${name} home. Bright rooms and a calm street.` })) } }));
    const answer = await api('/ai/listing-description', { method: 'POST', token: olivia.accessToken, json: { address: oliviaListing.address, highlights: ['Renovated kitchen', 'Large yard'] } });
    expect(answer.status).toBe(200);
    const styles = answer.body.styles as unknown as { name: string; description: string }[];
    expect(styles.map((s) => s.name)).toEqual(STYLES);
    expect(styles.every((s) => s.description.length <= 800), 'each at most 800 characters').toBe(true);
    expect(answer.body.listingId, "the caller's listing at that address was used").toBe(oliviaListing.id);

    const before = await withDb(async (db) => (await db.query('select count(*)::int as n from public.ai_listing_descriptions')).rows[0].n as number, ai.info);
    const blank = await api('/ai/listing-description', { method: 'POST', token: olivia.accessToken, json: { address: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Address required: Please enter a property address to generate descriptions.');
    const foreign = await api('/ai/listing-description', { method: 'POST', token: david.accessToken, json: { address: oliviaListing.address } });
    expect(foreign.body.listingId ?? null, "another team's listing is never used").toBeNull();
    expect((await api('/ai/listing-description', { method: 'POST', token: marcus.accessToken, json: { address: oliviaListing.address } })).status, 'agents').toBe(403);
    const after = await withDb(async (db) => (await db.query('select count(*)::int as n from public.ai_listing_descriptions')).rows[0].n as number, ai.info);
    expect(after - before, 'only the permitted call (David’s plain one) stored rows').toBe(5);
  });

  it('POST /api/ai/workflow/generate-insights, GET /api/ai/workflow/insights and GET /api/ai/workflow/patterns: the caller’s own, like the direct queries', async () => {
    // Olivia assigns a task and Marcus answers it: patterns the insights draw on.
    await withDb(async (db) => {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.tasks (listing_id, assigned_to_id, created_by_id, title, created_at)
         select l.id, l.agent_id, l.tc_id, 'API insight task', now() - interval '2 days' from public.listings l where l.id = $1 returning id`,
        [oliviaListing.id],
      );
      await db.query(`update public.tasks set agent_response = 'Done', responded_at = now(), status = 'completed', completed_at = now() where id = $1`, [rows[0].id]);
    }, ai.info);

    ai.fake.respond(() => ({ error: 500 }));
    const generated = await api('/ai/workflow/generate-insights', { method: 'POST', token: olivia.accessToken, json: {} });
    expect(generated.status, 'statistics keep working when the model fails').toBe(200);
    expect(Array.isArray(generated.body)).toBe(true);

    const insights = await api('/ai/workflow/insights', { token: olivia.accessToken });
    const directInsights = (await olivia.client.from('ai_learning_insights').select('id').eq('is_active', true)).data!;
    expect((insights.body as unknown as { id: string }[]).map((i) => i.id).sort(), 'the active insights the app reads').toEqual(directInsights.map((i) => i.id).sort());

    const patterns = await api('/ai/workflow/patterns', { token: olivia.accessToken });
    const directPatterns = (await olivia.client.from('ai_workflow_patterns').select('id').order('timestamp', { ascending: false }).order('id').limit(100)).data!;
    expect((patterns.body as unknown as { id: string }[]).map((p) => p.id), 'the same patterns, newest first').toEqual(directPatterns.map((p) => p.id));
    expect((patterns.body as unknown as { actionType: string }[])[0], 'camelCase shape').toHaveProperty('actionType');

    const davidsView = await api('/ai/workflow/patterns', { token: david.accessToken });
    const oliviaIds = new Set(directPatterns.map((p) => p.id));
    expect((davidsView.body as unknown as { id: string }[]).some((p) => oliviaIds.has(p.id)), "another coordinator sees none of Olivia's patterns").toBe(false);
    expect((await api('/ai/workflow/patterns?agentId=nope', { token: olivia.accessToken })).status, 'a malformed agentId').toBe(400);
    expect((await api('/ai/workflow/generate-insights', { method: 'POST', token: marcus.accessToken, json: {} })).status, 'agents').toBe(403);
    expect((await api('/ai/workflow/insights')).status, 'no session').toBe(401);
  });

  it('GET /api/smart-reminders/{listingId} answers the function’s strings to the coordinator; other teams 404, agents 403', async () => {
    ai.fake.respond(() => ({ error: 500 }));
    const answer = await api(`/smart-reminders/${oliviaListing.id}`, { token: olivia.accessToken });
    expect(answer.status).toBe(200);
    const direct = await olivia.client.functions.invoke('smart-reminders', { body: { listingId: oliviaListing.id } });
    expect(answer.body, 'the same list of plain strings').toEqual((direct.data as { reminders: string[] }).reminders);
    expect((await api(`/smart-reminders/${oliviaListing.id}`, { token: david.accessToken })).status, 'another team').toBe(404);
    expect((await api(`/smart-reminders/${oliviaListing.id}`, { token: marcus.accessToken })).status, 'agents').toBe(403);
    expect((await api('/smart-reminders/not-a-listing', { token: olivia.accessToken })).status, 'a malformed id').toBe(404);
    expect((await api(`/smart-reminders/${oliviaListing.id}`)).status, 'no session').toBe(401);
  });

  it('with a provider configured, agents still get 403 from every AI function and /api AI route before anything they send is read; nothing reaches the model', async () => {
    ai.fake.reset();
    ai.fake.respond(() => ({ text: 'should not be asked' }));
    const { functions, routes } = aiCalls(oliviaListing.id);
    for (const { path, valid, invalid } of [...functions, ...routes]) {
      for (const [what, body] of [
        ['a valid body', JSON.stringify(valid)],
        ['malformed JSON', MALFORMED_JSON],
        ['a 2 MB body', TWO_MB_BODY],
        ['refused fields', JSON.stringify(invalid)],
      ]) {
        const answer = await sendRaw(path, { token: marcus.accessToken, body, info: ai.info });
        expect([answer.status, answer.code], `${path}, an agent with ${what}: 403 whatever the configuration`).toEqual([403, 'forbidden']);
      }
    }
    expect(ai.fake.requests, 'no agent call reaches the provider').toHaveLength(0);
  });
});
