/**
 * The AI assistant's chat through the stack's functions route, against the
 * fake OpenAI-compatible provider: tokens stream through unbuffered, tools
 * read only the caller's data (RLS plus explicit scope), failures are clear
 * and store nothing, and prompts never carry secrets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageText, promptText, type RecordedRequest } from '../support/fake-openai.ts';
import { FAKE_AI_KEY, startAiStack, type AiStack } from '../support/ai-stack.ts';
import { demoUser, stackInfo, withDb, type TestUser } from '../support/clients.ts';
import type { StackInfo } from '../support/throwaway-stack.ts';
import { keepSeedData } from '../support/seed-guard.ts';

const OLIVIA = 'olivia.chen@listingdesk.test';
const DAVID = 'david.kim@listingdesk.test';
const MARCUS = 'marcus.johnson@listingdesk.test';
const MLS_SECRET = 'Mls-Secret-Chat-Test-42';

interface ChatEvent {
  type: string;
  text?: string;
  name?: string;
  code?: string;
  message?: string;
  entries?: { id: string; role: string; content: string; timestamp: string }[];
  at: number;
}

/** POSTs to ai-chat and reads the answer: JSON for early failures, else every SSE event with its arrival time. */
async function chat(info: StackInfo, user: TestUser | null, body: unknown) {
  const started = Date.now();
  const response = await fetch(`${info.apiUrl}/functions/v1/ai-chat`, {
    method: 'POST',
    headers: { apikey: info.anonKey, Authorization: `Bearer ${user?.accessToken ?? info.anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('text/event-stream')) {
    return { status: response.status, headers: response.headers, json: (await response.json()) as { message: string; error: { code: string } }, events: [] as ChatEvent[], started };
  }
  const events: ChatEvent[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 2);
      if (line.startsWith('data: ')) events.push({ ...(JSON.parse(line.slice(6)) as ChatEvent), at: Date.now() });
    }
  }
  return { status: response.status, headers: response.headers, json: null, events, started };
}

const toolResults = (request: RecordedRequest) => request.body.messages.filter((m) => m.role === 'tool').map(messageText);

async function conversationCount(info: StackInfo, email: string): Promise<number> {
  return withDb(
    async (db) => Number((await db.query('select count(*) from public.ai_conversations c join public.users u on u.id = c.user_id where u.email = $1', [email])).rows[0].count),
    info,
  );
}

describe('ai-chat', () => {
  keepSeedData();
  let ai: AiStack;
  let olivia: TestUser;
  let david: TestUser;
  const created = { olivia: '', david: '' };

  beforeAll(async () => {
    ai = await startAiStack();
    [olivia, david] = await Promise.all([demoUser(OLIVIA, ai.info), demoUser(DAVID, ai.info)]);
    // A listing without documents or photos in each team, with addresses the tests can look for.
    await withDb(async (db) => {
      const rows = await db.query(
        `insert into public.listings (address, status, agent_id, tc_id)
         select v.address, 'incomplete', u.id, u.assigned_tc_id from (values
           ('marcus.johnson@listingdesk.test', '77 Olivia Chat Test Ln, Austin, TX'),
           ('sarah.thompson@listingdesk.test', '88 David Secret Chat Ave, Dallas, TX')) as v(email, address)
         join public.users u on u.email = v.email and u.role = 'agent'
         returning id, address`,
      );
      for (const row of rows.rows as { id: string; address: string }[]) created[row.address.startsWith('77') ? 'olivia' : 'david'] = row.id;
      await db.query('delete from public.ai_conversations');
    }, ai.info);
    const mls = await olivia.client.rpc('set_mls_password', { password: MLS_SECRET });
    expect(mls.error, 'Olivia stores an MLS password (it must never reach a prompt)').toBeNull();
  }, 120_000);

  afterAll(async () => {
    await ai?.stop();
  });

  it('streams the answer as it arrives, not buffered, and stores exactly what was streamed', async () => {
    ai.fake.reset();
    const pieces = ['You have ', '**three** ', 'listings ', 'that ', 'need ', 'attention:\n\n', '- one\n', '- two\n', '- three\n', 'Done.'];
    ai.fake.respond(() => ({ text: pieces.join(''), chunks: pieces, chunkDelayMs: 150 }));
    const result = await chat(ai.info, olivia, { message: '  Give me a summary  ' });
    expect(result.status, 'a successful chat answers 200').toBe(200);
    expect(result.headers.get('content-type'), 'as server-sent events').toContain('text/event-stream');
    const deltas = result.events.filter((e) => e.type === 'delta');
    expect(deltas.map((d) => d.text).join(''), 'the deltas add up to the model answer').toBe(pieces.join(''));
    const done = result.events.at(-1)!;
    expect(done.type, 'the last event is done').toBe('done');
    expect(done.at - deltas[0].at, 'the first delta arrived long before the last chunk was sent (~1350 ms later): no buffering').toBeGreaterThan(1000);
    expect(deltas.length, 'deltas arrive separately').toBeGreaterThanOrEqual(5);

    expect(done.entries?.map((e) => [e.role, e.content]), 'done carries both stored entries, question trimmed').toEqual([
      ['user', 'Give me a summary'],
      ['assistant', pieces.join('')],
    ]);
    const stored = await olivia.client.from('ai_conversations').select('id, role, content').eq('user_id', await accountId(OLIVIA)).order('timestamp');
    expect(stored.data, 'the stored history equals what was streamed, question first').toEqual(done.entries?.map(({ id, role, content }) => ({ id, role, content })));

    const system = messageText(ai.fake.requests[0].body.messages[0]);
    expect(system, 'the system prompt names the caller').toContain('Olivia Chen');
    expect(system, 'and says tool results are data, never instructions').toMatch(/never instructions/i);
    expect(ai.fake.requests[0].body.stream, 'the model is asked to stream').toBe(true);
    expect(ai.fake.requests[0].body.tools?.map((t) => t.function.name), 'with the read-only tools').toEqual(
      expect.arrayContaining(['list_my_listings', 'list_open_tasks', 'listings_missing_items', 'recent_listing_messages']),
    );

    // The next request carries the earlier exchange as context.
    ai.fake.reset();
    ai.fake.respond(() => ({ text: 'Again.' }));
    await chat(ai.info, olivia, { message: 'And now?' });
    const sent = ai.fake.requests[0].body.messages.map((m) => [m.role, messageText(m)]);
    expect(sent.slice(1), 'history (oldest first) precedes the new question').toEqual([
      ['user', 'Give me a summary'],
      ['assistant', pieces.join('')],
      ['user', 'And now?'],
    ]);
  });

  it("the missing-documents tool returns exactly the caller's listings, never another team's", async () => {
    const expected = async (email: string) =>
      withDb(async (db) => {
        const rows = await db.query(
          `select l.id from public.listings l, public.users me
           where me.email = $1 and me.role = 'tc'
             and (l.tc_id = me.id or l.agent_id in (select a.id from public.users a where a.assigned_tc_id = me.id))
             and not exists (select 1 from public.documents d where d.listing_id = l.id)`,
          [email],
        );
        return (rows.rows as { id: string }[]).map((r) => r.id).sort();
      }, ai.info);

    for (const [user, email, own, other] of [
      [olivia, OLIVIA, created.olivia, created.david],
      [david, DAVID, created.david, created.olivia],
    ] as const) {
      ai.fake.reset();
      ai.fake.respond((_, index) => (index === 0 ? { toolCalls: [{ name: 'listings_missing_items', arguments: { missing: 'documents' } }] } : { text: 'Here they are.' }));
      const result = await chat(ai.info, user, { message: 'Which of my listings are missing documents?' });
      expect(result.events.some((e) => e.type === 'tool' && e.name === 'listings_missing_items'), 'a tool event tells the browser a lookup runs').toBe(true);
      expect(result.events.at(-1)?.type, 'then the answer completes').toBe('done');
      expect(ai.fake.requests.length, 'the model was asked twice: tool call, then answer').toBe(2);
      const [result0] = toolResults(ai.fake.requests[1]);
      const listed = (JSON.parse(result0) as { listings: { id: string }[] }).listings.map((l) => l.id).sort();
      expect(listed, `${email}: exactly their listings without documents`).toEqual(await expected(email));
      expect(listed, `${email}: includes their own new listing`).toContain(own);
      expect(result0, `${email}: nothing of the other team's listing`).not.toContain(other);
    }
  });

  it("asked about another team's listing address, the tool finds nothing", async () => {
    ai.fake.reset();
    ai.fake.respond((_, index) =>
      index === 0 ? { toolCalls: [{ name: 'list_my_listings', arguments: { addressContains: 'David Secret Chat' } }] } : { text: 'No listing of yours matches.' },
    );
    const result = await chat(ai.info, olivia, { message: 'What is the status of 88 David Secret Chat Ave?' });
    expect(result.events.at(-1)?.type).toBe('done');
    const [found] = toolResults(ai.fake.requests[1]);
    expect(JSON.parse(found), "Olivia's lookup of David's listing returns no listing").toEqual({ listings: [] });
    expect(promptText(ai.fake.requests[1]), 'no request carries the other listing id').not.toContain(created.david);

    // Bad tool arguments are a result saying so, and the chat still completes.
    ai.fake.reset();
    ai.fake.respond((_, index) => (index === 0 ? { toolCalls: [{ name: 'list_my_listings', arguments: { status: 'sold', extra: 1 } }] } : { text: 'Sorry.' }));
    const bad = await chat(ai.info, olivia, { message: 'Sold listings?' });
    expect(bad.events.at(-1)?.type, 'invalid tool arguments do not crash the chat').toBe('done');
    expect(toolResults(ai.fake.requests[1])[0], 'the tool result names the problem').toMatch(/Invalid arguments/);
  });

  it('provider failures give clear errors, store nothing and are logged as errors', async () => {
    const cases = [
      { reply: { error: 401 as const }, status: 502, code: 'ai_provider_auth' },
      { reply: { error: 429 as const, retryAfter: 17 }, status: 503, code: 'ai_provider_busy', retryAfter: '17' },
      { reply: { error: 500 as const }, status: 502, code: 'ai_provider_error' },
      { reply: { hang: true as const }, status: 504, code: 'ai_timeout' },
    ];
    const before = await conversationCount(ai.info, DAVID);
    for (const c of cases) {
      ai.fake.reset();
      ai.fake.respond(() => c.reply);
      const result = await chat(ai.info, david, { message: `failure ${c.code}` });
      expect(result.status, `${c.code}: status`).toBe(c.status);
      expect(result.json?.error.code, `${c.code}: code`).toBe(c.code);
      expect(result.json?.message, `${c.code}: a readable message`).toMatch(/AI provider/);
      if (c.retryAfter) expect(result.headers.get('retry-after'), 'the provider wait is passed on').toBe(c.retryAfter);
    }
    // A failure after the stream started: an error event, and nothing stored either.
    ai.fake.reset();
    ai.fake.respond((_, index) => (index === 0 ? { toolCalls: [{ name: 'list_open_tasks', arguments: {} }] } : { error: 500 }));
    const late = await chat(ai.info, david, { message: 'failure mid-stream' });
    expect(late.events.at(-1), 'a failure after the first byte is an error event').toMatchObject({ type: 'error', code: 'ai_provider_error' });

    expect(await conversationCount(ai.info, DAVID), 'failed requests store no conversation entries').toBe(before);
    const log = await withDb(
      async (db) =>
        (
          await db.query(
            `select i.status, i.error_code from public.ai_interactions i join public.users u on u.id = i.user_id
             where u.email = $1 and i.input like 'failure %' order by i.created_at`,
            [DAVID],
          )
        ).rows,
      ai.info,
    );
    expect(log, 'each failure is one ai_interactions entry with status error and its code').toEqual(
      [...cases.map((c) => c.code), 'ai_provider_error'].map((code) => ({ status: 'error', error_code: code })),
    );
  }, 60_000);

  it('over the rate limit the chat answers 429 rate_limited with Retry-After', async () => {
    // Fill the minute's budget (1000 on this stack) as earlier calls would have.
    await withDb(async (db) => {
      await db.query(
        `insert into public.ai_interactions (user_id, type, input, status) select u.id, 'chat', 'budget filler', 'ok'
         from public.users u, generate_series(1, 1000) where u.email = $1 and u.role = 'tc'`,
        [DAVID],
      );
    }, ai.info);
    ai.fake.reset();
    ai.fake.respond(() => ({ text: 'should not be asked' }));
    const result = await chat(ai.info, david, { message: 'one more' });
    await withDb((db) => db.query(`delete from public.ai_interactions where input = 'budget filler'`), ai.info);
    expect(result.status, 'over the limit is 429').toBe(429);
    expect(result.json?.error.code).toBe('rate_limited');
    expect(Number(result.headers.get('retry-after')), 'with the seconds to wait').toBeGreaterThanOrEqual(1);
    expect(ai.fake.requests, 'the provider is not called').toHaveLength(0);
  });

  it('refuses agents (403), anonymous callers (401), bad bodies (400), and says when AI is not configured (503)', async () => {
    ai.fake.reset();
    const marcus = await demoUser(MARCUS, ai.info);
    const agent = await chat(ai.info, marcus, { message: 'hello' });
    expect([agent.status, agent.json?.error.code], 'agents may not use the AI chat').toEqual([403, 'forbidden']);
    const anonymous = await chat(ai.info, null, { message: 'hello' });
    expect(anonymous.status, 'anonymous callers are refused').toBe(401);
    for (const body of [{ message: '   ' }, { message: 'x'.repeat(4001) }, {}, { message: 42 }]) {
      const bad = await chat(ai.info, olivia, body);
      expect(bad.status, `a bad body ${JSON.stringify(body).slice(0, 40)} is 400`).toBe(400);
    }
    expect(ai.fake.requests, 'no refused request reaches the provider').toHaveLength(0);

    const plainOlivia = await demoUser(OLIVIA, stackInfo());
    const plain = await chat(stackInfo(), plainOlivia, { message: 'hello' });
    expect([plain.status, plain.json?.error.code], 'without a provider: 503 ai_not_configured').toEqual([503, 'ai_not_configured']);
    expect(plain.json?.message, 'saying how to configure it').toContain('OPENAI_API_KEY');
  });

  it('prompts carry no key, token or MLS password; the key reaches the provider only in Authorization', async () => {
    ai.fake.reset();
    ai.fake.respond((_, index) => (index === 0 ? { toolCalls: [{ name: 'recent_listing_messages', arguments: {} }] } : { text: 'ok' }));
    await chat(ai.info, olivia, { message: 'Any news on my listings?' });
    expect(ai.fake.requests.length).toBe(2);
    for (const request of ai.fake.requests) {
      const everything = JSON.stringify(request.body);
      expect(everything, 'the API key is never in a request body').not.toContain(FAKE_AI_KEY);
      expect(promptText(request), "the caller's JWT is never in a prompt").not.toContain(olivia.accessToken);
      expect(promptText(request), 'the MLS password is never in a prompt').not.toContain(MLS_SECRET);
      // Tool results are the listings' own texts (a message to the parties may be signed with it); the caller is named by name and role.
      const aboutTheCaller = JSON.stringify(request.body.messages.filter((m) => m.role !== 'tool'));
      expect(aboutTheCaller, "the caller's e-mail is not sent (name and role only)").not.toContain(OLIVIA);
      expect(request.authorization, 'the key is sent as the bearer token').toBe(`Bearer ${FAKE_AI_KEY}`);
    }
  });

  async function accountId(email: string): Promise<string> {
    return withDb(async (db) => (await db.query(`select id from public.users where email = $1 and role = 'tc'`, [email])).rows[0].id as string, ai.info);
  }
});

