/**
 * What every AI function shares, through the HTTP stack: whether a provider
 * is configured (never the key), the ai_interactions log only the server
 * writes, and the per-sign-in rate limit the database keeps atomically.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startAiStack, type AiStack } from '../support/ai-stack.ts';
import { anonClient, demoUser, serviceClient, withDb } from '../support/clients.ts';

const OLIVIA = 'olivia.chen@listingdesk.test';
const MARCUS = 'marcus.johnson@listingdesk.test';

async function openEntry(authUserId: string, perMinute: number) {
  const { data, error } = await serviceClient()
    .rpc('begin_ai_interaction', {
      auth_user_id: authUserId,
      interaction_type: 'chat',
      input_text: 'Which listings are missing documents?',
      input_chars: 120,
      model: 'fake-model',
      requests_per_minute: perMinute,
    })
    .single<{ interaction_id: string | null; account_id: string; account_role: string; may_use_ai: boolean; retry_after_seconds: number }>();
  expect(error, 'the service role may open entries').toBeNull();
  return data!;
}

describe('AI provider settings', () => {
  let ai: AiStack;
  beforeAll(async () => {
    ai = await startAiStack();
  }, 120_000);
  afterAll(async () => {
    await ai?.stop();
  });

  it('a stack without a key says AI is not configured; one with a key says so and names the model, never the key', async () => {
    const olivia = await demoUser(OLIVIA);
    const plain = await olivia.client.functions.invoke('ai-status', { method: 'GET' });
    expect(plain.error, 'any signed-in caller may ask').toBeNull();
    expect(plain.data).toEqual({ configured: false, model: null, requestsPerMinute: null });

    const configuredOlivia = await demoUser(OLIVIA, ai.info);
    const configured = await configuredOlivia.client.functions.invoke('ai-status', { method: 'GET' });
    expect(configured.data).toEqual({ configured: true, model: FAKE_AI_MODEL, requestsPerMinute: 1000 });
    expect(JSON.stringify(configured.data), 'the key is never part of an answer').not.toContain(FAKE_AI_KEY);

    const anonymous = await anonClient().functions.invoke('ai-status', { method: 'GET' });
    expect((anonymous.error as { context?: Response } | null)?.context?.status, 'anonymous callers are refused').toBe(401);
  });
});

describe('ai_interactions and the rate limit', () => {
  it('entries are opened by the server only, for coordinators and super admins, within the per-minute budget', async () => {
    const [olivia, marcus] = await Promise.all([demoUser(OLIVIA), demoUser(MARCUS)]);
    await withDb((db) => db.query('delete from public.ai_interactions where user_id in (select id from public.users where auth_user_id = $1)', [olivia.id]));

    const agent = await openEntry(marcus.id, 5);
    expect(agent.may_use_ai, 'an agent may not use the AI tools').toBe(false);
    expect(agent.interaction_id, 'and nothing is logged for them').toBeNull();

    const opened = [];
    for (let i = 0; i < 3; i++) opened.push(await openEntry(olivia.id, 3));
    expect(opened.every((o) => o.may_use_ai && o.interaction_id), 'three calls fit a budget of three').toBe(true);
    const refused = await openEntry(olivia.id, 3);
    expect(refused.interaction_id, 'the fourth call within the minute is refused').toBeNull();
    expect(refused.retry_after_seconds, 'with the seconds until the oldest call leaves the window').toBeGreaterThanOrEqual(1);
    expect(refused.retry_after_seconds).toBeLessThanOrEqual(60);

    const finished = await serviceClient().rpc('finish_ai_interaction', {
      interaction_id: opened[0].interaction_id,
      output_text: 'Two listings are missing documents.',
      output_chars: 35,
    });
    expect(finished.error).toBeNull();
    const own = await olivia.client.from('ai_interactions').select('type, input, output, input_chars, output_chars, model, status, latency_ms').order('created_at');
    expect(own.data?.length, 'a coordinator reads their own entries').toBe(3);
    expect(own.data?.[0]).toMatchObject({ type: 'chat', output: 'Two listings are missing documents.', input_chars: 120, output_chars: 35, model: 'fake-model', status: 'ok' });
    expect(own.data?.[0].latency_ms).toBeGreaterThanOrEqual(0);
    const agentView = await marcus.client.from('ai_interactions').select('id');
    expect(agentView.data, "an agent reads no one else's entries").toEqual([]);

    // Callers can neither forge, rewrite nor delete entries (deleting would reset the budget).
    const forged = await olivia.client.from('ai_interactions').insert({ type: 'chat', input: 'forged' });
    expect(forged.status, 'inserting is refused').toBe(403);
    const rewritten = await olivia.client.from('ai_interactions').update({ output: 'rewritten' }).eq('user_id', opened[0].account_id).select('id');
    expect(rewritten.status, 'updating is refused').toBe(403);
    const deleted = await olivia.client.from('ai_interactions').delete().eq('user_id', opened[0].account_id).select('id');
    expect(deleted.data ?? [], 'deleting removes nothing').toEqual([]);
    const still = await openEntry(olivia.id, 3);
    expect(still.interaction_id, 'so the budget is still spent').toBeNull();

    for (const rpc of ['begin_ai_interaction', 'finish_ai_interaction']) {
      const direct = await olivia.client.rpc(rpc, {});
      expect([401, 403, 404], `${rpc} is not callable with a user's token`).toContain(direct.status);
    }
  });
});
