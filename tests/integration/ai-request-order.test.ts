/**
 * The order every AI call is checked in (supabase/functions/_shared/ai-request.ts),
 * through the HTTP stack, on the shared stack where no provider is configured:
 * 401 → 403 agents → 413 too large / 400 not JSON → 400 fields → 503 not
 * configured. An agent gets 403 whatever it sends (the app shows it the
 * coming-soon notice), and a malformed or oversized body is refused as such
 * before anyone learns whether AI is configured — in every AI function and in
 * the `/api` AI routes. (tests/integration/api-ai.test.ts checks the agents'
 * 403 on a stack with a provider.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { aiCalls, MALFORMED_JSON, TWO_MB_BODY } from '../support/ai-calls.ts';
import { sendRaw } from '../support/api-client.ts';
import { demoUser, withDb, type TestUser } from '../support/clients.ts';
import { keepSeedData } from '../support/seed-guard.ts';

describe('the order of checks in the AI calls, without a provider', () => {
  keepSeedData();
  let olivia: TestUser;
  let marcus: TestUser;
  let calls: ReturnType<typeof aiCalls>;
  let listingId: string;

  beforeAll(async () => {
    [olivia, marcus] = await Promise.all([demoUser('olivia.chen@listingdesk.test'), demoUser('marcus.johnson@listingdesk.test')]);
    listingId = await withDb(
      async (db) => (await db.query<{ id: string }>("select l.id from public.listings l join public.users u on u.id = l.tc_id where u.email = 'olivia.chen@listingdesk.test' limit 1")).rows[0].id,
    );
    calls = aiCalls(listingId);
  });

  it('agents get 403 from every AI function and /api AI route, whatever they send, though AI is not configured', async () => {
    for (const { path, valid, invalid } of [...calls.functions, ...calls.routes]) {
      for (const [what, body] of [
        ['a valid body', JSON.stringify(valid)],
        ['malformed JSON', MALFORMED_JSON],
        ['a 2 MB body', TWO_MB_BODY],
        ['refused fields', JSON.stringify(invalid)],
      ]) {
        const answer = await sendRaw(path, { token: marcus.accessToken, body });
        expect([answer.status, answer.code], `${path}, an agent with ${what}: 403 (the coming-soon notice), not 503 or 400`).toEqual([403, 'forbidden']);
      }
    }
    const reminders = await sendRaw(`api/smart-reminders/${listingId}`, { method: 'GET', token: marcus.accessToken });
    expect(reminders.status, 'GET /api/smart-reminders/{id}, an agent: 403').toBe(403);
  });

  it('coordinators: malformed JSON is 400 and a 2 MB body 413 before the configuration check; refused fields 400; only a valid call learns AI is not configured (503)', async () => {
    for (const { path, valid, invalid, needsProvider } of [...calls.functions, ...calls.routes]) {
      const malformed = await sendRaw(path, { token: olivia.accessToken, body: MALFORMED_JSON });
      expect([malformed.status, malformed.code], `${path}: malformed JSON is 400 invalid_json`).toEqual([400, 'invalid_json']);
      const large = await sendRaw(path, { token: olivia.accessToken, body: TWO_MB_BODY });
      expect([large.status, large.code], `${path}: a 2 MB body is 413, refused before it is read`).toEqual([413, 'payload_too_large']);
      const refused = await sendRaw(path, { token: olivia.accessToken, body: JSON.stringify(invalid) });
      expect(refused.status, `${path}: refused fields are 400 (zod), before the configuration`).toBe(400);
      const anonymous = await sendRaw(path, { body: MALFORMED_JSON });
      expect(anonymous.status, `${path}: no session is 401 first, whatever the body`).toBe(401);
      if (needsProvider) {
        const answer = await sendRaw(path, { token: olivia.accessToken, body: JSON.stringify(valid) });
        expect([answer.status, answer.code], `${path}: a valid call without a provider is 503 ai_not_configured`).toEqual([503, 'ai_not_configured']);
      }
    }
  });

  it('ai-status: GET and an empty or `{}` POST answer the configuration; a malformed POST is 400 and a 2 MB one 413', async () => {
    for (const [method, body] of [['GET', undefined], ['POST', undefined], ['POST', '{}']] as const) {
      const answer = await sendRaw('ai-status', { method, token: marcus.accessToken, body });
      expect(answer.status, `${method} ${body ?? '(no body)'}: 200 for any signed-in caller`).toBe(200);
    }
    const malformed = await sendRaw('ai-status', { token: olivia.accessToken, body: MALFORMED_JSON });
    expect([malformed.status, malformed.code], 'malformed JSON: 400, not 200').toEqual([400, 'invalid_json']);
    const large = await sendRaw('ai-status', { token: olivia.accessToken, body: TWO_MB_BODY });
    expect([large.status, large.code], 'a 2 MB body: 413, not 200').toEqual([413, 'payload_too_large']);
  });
});
