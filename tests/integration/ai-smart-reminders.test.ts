/**
 * Smart reminders with and without a model: the rule reminders are the
 * source of truth; a configured model only reorders and rephrases them, and
 * any answer that adds or drops one, a provider failure or the rate limit
 * gives the rule strings back unchanged.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAiStack, type AiStack } from '../support/ai-stack.ts';
import { demoUser, stackInfo, withDb, type TestUser } from '../support/clients.ts';
import { messageText } from '../support/fake-openai.ts';
import type { StackInfo } from '../support/throwaway-stack.ts';
import { keepSeedData } from '../support/seed-guard.ts';

const OLIVIA = 'olivia.chen@listingdesk.test';

interface Answer {
  status: number;
  body: { reminders?: string[]; phrasedByModel?: boolean };
}

async function remind(info: StackInfo, user: TestUser, listingId: string): Promise<Answer> {
  const res = await fetch(`${info.apiUrl}/functions/v1/smart-reminders`, {
    method: 'POST',
    headers: { apikey: info.anonKey, 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` },
    body: JSON.stringify({ listingId }),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** A listing of Olivia's agent Marcus with no documents, no photos and an overdue task: three rule reminders. */
async function listingWithReminders(info: StackInfo): Promise<{ id: string; task: string }> {
  const task = `Inspection ${crypto.randomUUID().slice(0, 6)}`;
  const id = await withDb(async (db) => {
    const marcus = (await db.query<{ id: string }>("select id from public.users where email = 'marcus.johnson@listingdesk.test'")).rows[0].id;
    const listing = (await db.query<{ id: string }>('insert into public.listings (address, agent_id) values ($1, $2) returning id', [`${task} Way`, marcus])).rows[0].id;
    await db.query("insert into public.tasks (listing_id, assigned_to_id, title, due_date) values ($1, $2, $3, current_date - 3)", [listing, marcus, task]);
    return listing;
  }, info);
  return { id, task };
}

// What this file creates for the demo users goes when it ends (later files count the seed's rows).
keepSeedData();

describe('smart reminders without a provider', () => {
  it('are the rule strings, not phrased by a model', async () => {
    const olivia = await demoUser(OLIVIA);
    const { id, task } = await listingWithReminders(stackInfo());
    const answer = await remind(stackInfo(), olivia, id);
    expect(answer.status).toBe(200);
    expect(answer.body.reminders?.[0], 'the overdue rule comes first').toBe(`"${task}" is overdue by 3 days. Follow up with the agent.`);
    expect(answer.body.reminders?.length, 'overdue, no documents, no photos').toBe(3);
    expect(answer.body.phrasedByModel, 'no model involved').toBe(false);
  });
});

describe('a stale status', () => {
  it('is named by its label from listing_statuses (issue 52: labels are defined once)', async () => {
    const olivia = await demoUser(OLIVIA);
    // Created ready 10 days ago (a trusted insert keeps created_at; updated_at starts there) and not touched since.
    const id = await withDb(async (db) => {
      const marcus = (await db.query<{ id: string }>("select id from public.users where email = 'marcus.johnson@listingdesk.test'")).rows[0].id;
      return (await db.query<{ id: string }>(
        "insert into public.listings (address, agent_id, status, created_at) values ($1, $2, 'ready', now() - interval '10 days') returning id",
        [`Stale ${crypto.randomUUID().slice(0, 6)} Way`, marcus],
      )).rows[0].id;
    });
    const answer = await remind(stackInfo(), olivia, id);
    expect(answer.status).toBe(200);
    expect(answer.body.reminders, 'the stale rule names the status by its label').toContain('The listing has been unchanged in "Ready" for 10 days. Check whether it can move forward.');
  });
});

describe('smart reminders with a provider', () => {
  let ai: AiStack;
  let olivia: TestUser;
  beforeAll(async () => {
    ai = await startAiStack();
    olivia = await demoUser(OLIVIA, ai.info);
  }, 120_000);
  afterAll(async () => {
    await ai?.stop();
  });
  beforeEach(() => ai.fake.reset());

  it('are reordered and phrased by the model, then served from the cache while the rules are unchanged', async () => {
    const { id, task } = await listingWithReminders(ai.info);
    ai.fake.respond(() => ({
      json: {
        reminders: [
          { index: 2, text: 'Ask the agent for photos.' },
          { index: 0, text: `Chase "${task}": 3 days late.` },
          { index: 1, text: 'Request the listing agreement.' },
        ],
      },
    }));
    const answer = await remind(ai.info, olivia, id);
    expect(answer.status).toBe(200);
    expect(answer.body.reminders, "the model's order and wording").toEqual(['Ask the agent for photos.', `Chase "${task}": 3 days late.`, 'Request the listing agreement.']);
    expect(answer.body.phrasedByModel, 'phrased by the model').toBe(true);
    const sent = messageText(ai.fake.requests[0].body.messages[1]);
    expect(sent, 'the rule reminders are sent with their indices').toContain(`"index":0,"text":"\\"${task}\\" is overdue by 3 days.`);
    expect(ai.fake.requests[0].body.response_format?.type, 'structured output').toBe('json_schema');

    const again = await remind(ai.info, olivia, id);
    expect(again.body.reminders, 'the next poll gets the same phrasing').toEqual(answer.body.reminders);
    expect(ai.fake.requests.length, 'from the cache, without another model call').toBe(1);
  });

  it('an invented extra reminder or a missing one gives the rule strings', async () => {
    for (const reminders of [
      [0, 1, 2, 3].map((index) => ({ index, text: `Reminder ${index}` })),
      [0, 1].map((index) => ({ index, text: `Reminder ${index}` })),
    ]) {
      const { id, task } = await listingWithReminders(ai.info);
      ai.fake.respond(() => ({ json: { reminders } }));
      const answer = await remind(ai.info, olivia, id);
      expect(answer.body.reminders?.[0], `${reminders.length} reminders from the model for 3 rules: the rules win`).toBe(
        `"${task}" is overdue by 3 days. Follow up with the agent.`,
      );
      expect(answer.body.reminders?.length, 'exactly the three rule reminders').toBe(3);
      expect(answer.body.phrasedByModel, 'not phrased').toBe(false);
    }
  });

  it('a provider failure or the rate limit gives the rule strings', async () => {
    for (const reply of [{ error: 500 as const }, { error: 429 as const, retryAfter: 3 }, { hang: true as const }]) {
      const { id } = await listingWithReminders(ai.info);
      ai.fake.respond(() => reply);
      const answer = await remind(ai.info, olivia, id);
      expect(answer.status, `${JSON.stringify(reply)}: reminders still answer`).toBe(200);
      expect(answer.body.reminders?.length, 'the three rule reminders').toBe(3);
      expect(answer.body.phrasedByModel).toBe(false);
    }

    const { id } = await listingWithReminders(ai.info);
    ai.fake.reset();
    ai.fake.respond(() => ({ json: { reminders: [] } }));
    // Fill this sign-in's budget for the minute (the stack allows 1000 calls).
    await withDb(
      (db) =>
        db.query(
          `insert into public.ai_interactions (user_id, type, input, status)
           select u.id, 'chat', 'filler', 'ok' from public.users u, generate_series(1, 1000) where u.auth_user_id = $1`,
          [olivia.id],
        ),
      ai.info,
    );
    const limited = await remind(ai.info, olivia, id);
    expect(limited.status, 'over the AI rate limit the reminders still answer').toBe(200);
    expect(limited.body.reminders?.length, 'with the rule strings').toBe(3);
    expect(ai.fake.requests.length, 'and the model is not called').toBe(0);
  }, 60_000);
});
