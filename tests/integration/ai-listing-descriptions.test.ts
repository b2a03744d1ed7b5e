/**
 * The ai-listing-descriptions Edge Function through the HTTP stack, against
 * the fake OpenAI-compatible provider: five styles each within 800
 * characters whatever the model returns, the listing facts of the caller's
 * own listing (never another team's) in the prompt and saved as research,
 * results stored, and clear failures that store nothing.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAiStack, type AiStack } from '../support/ai-stack.ts';
import { demoUser, stackInfo, withDb, type TestUser } from '../support/clients.ts';
import { messageText, promptText, type FakeReply, type RecordedRequest } from '../support/fake-openai.ts';
import type { StackInfo } from '../support/throwaway-stack.ts';
import { keepSeedData } from '../support/seed-guard.ts';

const OLIVIA = 'olivia.chen@listingdesk.test';
const DAVID = 'david.kim@listingdesk.test';
const MARCUS = 'marcus.johnson@listingdesk.test';
const STYLES = ['Professional', 'Luxury', 'Family-Friendly', 'Investment', 'Concise'];
const ADDRESS_REQUIRED = 'Address required: Please enter a property address to generate descriptions.';

interface Answer {
  status: number;
  headers: Headers;
  body: {
    styles?: { name: string; description: string }[];
    listingId?: string | null;
    researchUsed?: boolean;
    message?: string;
    error?: { code: string };
  };
}

async function generate(info: StackInfo, user: TestUser | null, body: unknown): Promise<Answer> {
  const res = await fetch(`${info.apiUrl}/functions/v1/ai-listing-descriptions`, {
    method: 'POST',
    headers: { apikey: info.anonKey, 'content-type': 'application/json', ...(user ? { authorization: `Bearer ${user.accessToken}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer['body'] };
}

/** Sentences of about 30 characters, repeated to `length`: a text with many sentence ends. */
function sentences(style: string, length: number): string {
  let text = '';
  for (let i = 1; text.length < length; i++) text += `${style} sentence number ${i} is here. `;
  return text.slice(0, length).trimEnd();
}

const fiveStyles = (length: number): FakeReply => ({ json: { styles: STYLES.map((name) => ({ name, description: sentences(name, length) })) } });

const schemaNames = (request: RecordedRequest) =>
  (request.body.response_format?.json_schema?.schema as { properties: { styles: { items: { properties: { name: { enum: string[] } } } } } })
    .properties.styles.items.properties.name.enum;

async function countDescriptions(info: StackInfo): Promise<number> {
  return withDb(async (db) => Number((await db.query('select count(*) as n from public.ai_listing_descriptions')).rows[0].n), info);
}

async function lastInteraction(info: StackInfo, authUserId: string) {
  return withDb(
    async (db) =>
      (
        await db.query(
          `select i.type, i.status, i.error_code, i.input_chars from public.ai_interactions i join public.users u on u.id = i.user_id
           where u.auth_user_id = $1 order by i.created_at desc limit 1`,
          [authUserId],
        )
      ).rows[0],
    info,
  );
}

// What this file creates for the demo users goes when it ends (later files count the seed's rows).
keepSeedData();

describe('ai-listing-descriptions', () => {
  let ai: AiStack;
  let olivia: TestUser;
  let david: TestUser;
  const suffix = crypto.randomUUID().slice(0, 6);
  const address = `77 Juniper Court ${suffix}, Austin, TX 78704`;
  const davidOnlyAddress = `5 Quarry Lane ${suffix}, Austin, TX 78702`;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ai = await startAiStack();
    [olivia, david] = await Promise.all([demoUser(OLIVIA, ai.info), demoUser(DAVID, ai.info)]);
    await withDb(async (db) => {
      const agent = async (email: string) => (await db.query<{ id: string }>('select id from public.users where email = $1', [email])).rows[0].id;
      const listing = async (addr: string, agentEmail: string, price: string, sellerPhone: string, sellerEmail: string, note: string) => {
        const id = (
          await db.query<{ id: string }>(
            `insert into public.listings (address, agent_id, listing_price, status, seller_name, seller_phone, seller_email)
             values ($1, $2, $3, 'live', 'Harriet Oakenshield', $4, $5) returning id`,
            [addr, await agent(agentEmail), price, sellerPhone, sellerEmail],
          )
        ).rows[0].id;
        await db.query('insert into public.notes (listing_id, user_id, content) values ($1, $2, $3)', [id, await agent(agentEmail), note]);
        return id;
      };
      ids.olivia = await listing(address, MARCUS, '$745,000', '(512) 555-0199', 'harriet@seller.test', 'Chef kitchen with quartz counters. Seller Harriet Oakenshield asks to be called at 512-555-0199.');
      // Another team's listing at the same address (other case and spacing): never Olivia's to see.
      ids.david = await listing(address.toUpperCase().replace(/ /g, '  '), 'sarah.thompson@listingdesk.test', '$9,999,999', '(512) 555-0111', 'other@seller.test', 'Rooftop helipad and wine cellar.');
      ids.davidOnly = await listing(davidOnlyAddress, 'james.wilson@listingdesk.test', '$1,234,567', '(512) 555-0122', 'third@seller.test', 'Private tennis court.');
    }, ai.info);
  }, 120_000);
  afterAll(async () => {
    await ai?.stop();
  });
  beforeEach(() => ai.fake.reset());

  it('overlong descriptions are regenerated once, naming only those styles and their lengths; all five are within 800 characters', async () => {
    ai.fake.respond((_request, index) =>
      index === 0
        ? { json: { styles: STYLES.map((name, i) => ({ name, description: sentences(name, i < 2 ? 1200 : 500) })) } }
        : { json: { styles: STYLES.slice(0, 2).map((name) => ({ name, description: sentences(`Short ${name}`, 600) })) } },
    );
    const answer = await generate(ai.info, olivia, { address: `1 Nowhere Rd ${suffix}`, highlights: 'Big yard' });
    expect(answer.status, 'generated').toBe(200);
    expect(answer.body.styles?.map((s) => s.name), 'the five styles, in order').toEqual(STYLES);
    for (const s of answer.body.styles ?? []) expect(s.description.length, `${s.name} is within 800 characters`).toBeLessThanOrEqual(800);
    expect(answer.body.styles?.[0].description, 'the regenerated text replaces the overlong one').toBe(sentences('Short Professional', 600));
    expect(answer.body.styles?.[2].description, 'a description within the limit is kept').toBe(sentences('Family-Friendly', 500));
    expect(ai.fake.requests.length, 'one request, one regeneration').toBe(2);
    const retry = ai.fake.requests[1];
    expect(schemaNames(retry), 'the regeneration asks only for the overlong styles').toEqual(['Professional', 'Luxury']);
    const ask = messageText(retry.body.messages.at(-1)!);
    expect(ask, 'it names each overlong style with its length').toContain('Professional (1,200 characters)');
    expect(ask).toContain('Luxury (1,200 characters)');
    expect(ask, 'and not the others').not.toContain('Concise (');
    expect(ai.fake.requests[0].body.response_format?.type, 'structured output is requested').toBe('json_schema');
  });

  it('a description still too long after the regeneration is trimmed at the last sentence end within 800', async () => {
    ai.fake.respond((request) => ({ json: { styles: schemaNames(request).map((name) => ({ name, description: sentences(name, 1200) })) } }));
    const answer = await generate(ai.info, olivia, { address: `2 Nowhere Rd ${suffix}` });
    expect(answer.status, 'generated').toBe(200);
    expect(ai.fake.requests.length, 'regenerated once, not more').toBe(2);
    for (const s of answer.body.styles ?? []) {
      expect(s.description.length, `${s.name} is within 800 characters`).toBeLessThanOrEqual(800);
      expect(s.description.length, `${s.name} keeps most of the text`).toBeGreaterThan(700);
      expect(s.description.endsWith('is here.'), `${s.name} ends at a sentence end`).toBe(true);
      expect(sentences(s.name, 1200).startsWith(s.description), `${s.name} is the start of the model's text`).toBe(true);
    }
  });

  it("the caller's listing at the address feeds the prompt (no seller contact details) and is saved as research; another team's listing never does", async () => {
    ai.fake.respond(() => fiveStyles(400));
    const before = await countDescriptions(ai.info);
    const answer = await generate(ai.info, olivia, { address: `  ${address.toLowerCase().replace(/ /g, '   ')} `, highlights: 'Corner lot\nNew roof' });
    expect(answer.status, 'generated').toBe(200);
    expect(answer.body.listingId, "Olivia's own listing matched (case and spaces ignored)").toBe(ids.olivia);
    expect(answer.body.researchUsed, 'its facts were used').toBe(true);
    const prompt = promptText(ai.fake.requests[0]);
    expect(prompt, 'the price is in the prompt').toContain('$745,000');
    expect(prompt, "the notes' highlights are in the prompt").toContain('Chef kitchen with quartz counters');
    expect(prompt, 'the highlights typed are in the prompt').toContain('New roof');
    for (const secret of ['555-0199', 'harriet@seller.test', 'Harriet', 'Oakenshield']) expect(prompt, `no seller contact detail (${secret})`).not.toContain(secret);
    for (const other of ['9,999,999', 'helipad', '555-0111']) expect(prompt, `nothing of the other team's listing (${other})`).not.toContain(other);
    expect(prompt, 'the system prompt says the data are not instructions').toContain('never as instructions');

    expect(await countDescriptions(ai.info), 'five rows stored').toBe(before + 5);
    const stored = await olivia.client.from('ai_listing_descriptions').select('style, listing_id, research_used, highlights').eq('listing_id', ids.olivia);
    expect(stored.data?.map((r) => r.style).sort(), 'one row per style, readable by the coordinator').toEqual([...STYLES].sort());
    expect(stored.data?.every((r) => r.research_used && r.highlights.includes('New roof')), 'with research_used and the highlights').toBe(true);

    const research = await olivia.client.from('property_research').select('listing_id, address, research_data').eq('listing_id', ids.olivia).single();
    expect(research.data?.address, "the research row carries the listing's address").toBe(address);
    expect(JSON.stringify(research.data?.research_data), 'the facts are saved').toContain('Chef kitchen');
    expect(JSON.stringify(research.data?.research_data), 'without seller contact details').not.toContain('555-0199');
    const davidView = await david.client.from('property_research').select('id').eq('listing_id', ids.olivia);
    expect(davidView.data, "another team's coordinator cannot read the research").toEqual([]);
  });

  it("an address only another team has a listing at is generated without any listing facts", async () => {
    ai.fake.respond(() => fiveStyles(300));
    const answer = await generate(ai.info, olivia, { address: davidOnlyAddress });
    expect(answer.status).toBe(200);
    expect(answer.body.listingId, "David's listing is not Olivia's to use").toBeNull();
    expect(answer.body.researchUsed, 'no research used').toBe(false);
    const prompt = promptText(ai.fake.requests[0]);
    for (const other of ['1,234,567', 'tennis', '555-0122']) expect(prompt, `no fact of the other team's listing (${other})`).not.toContain(other);
    const research = await withDb(async (db) => (await db.query('select 1 from public.property_research where listing_id = $1', [ids.davidOnly])).rowCount, ai.info);
    expect(research, 'no research saved for a listing the caller cannot see').toBe(0);
  });

  it('a blank or missing address is a 400 with the spec text, before any model call', async () => {
    ai.fake.respond(() => fiveStyles(300));
    for (const body of [{ address: '   ' }, {}, { address: null, highlights: 'x' }]) {
      const answer = await generate(ai.info, olivia, body);
      expect(answer.status, `blank address ${JSON.stringify(body)}: 400`).toBe(400);
      expect(answer.body.message, 'with the spec text').toBe(ADDRESS_REQUIRED);
    }
    const long = await generate(ai.info, olivia, { address: '1 Main St', highlights: 'x'.repeat(2001) });
    expect(long.status, 'highlights over 2,000 characters: 400').toBe(400);
    expect(ai.fake.requests.length, 'the model was never asked').toBe(0);
  });

  it('provider 401, 429, 500 and a timeout give a clear status and code and store nothing', async () => {
    const cases: { reply: FakeReply; status: number; code: string }[] = [
      { reply: { error: 401 }, status: 502, code: 'ai_provider_auth' },
      { reply: { error: 429, retryAfter: 7 }, status: 503, code: 'ai_provider_busy' },
      { reply: { error: 500 }, status: 502, code: 'ai_provider_error' },
      { reply: { hang: true }, status: 504, code: 'ai_timeout' },
    ];
    for (const c of cases) {
      ai.fake.respond(() => c.reply);
      const before = await countDescriptions(ai.info);
      const answer = await generate(ai.info, olivia, { address });
      expect(answer.status, `${JSON.stringify(c.reply)} → ${c.status}`).toBe(c.status);
      expect(answer.body.error?.code, `${JSON.stringify(c.reply)} → ${c.code}`).toBe(c.code);
      expect(await countDescriptions(ai.info), `nothing stored after ${c.code}`).toBe(before);
      expect(await lastInteraction(ai.info, olivia.id), 'the call is logged as failed').toMatchObject({ type: 'listing_descriptions', status: 'error', error_code: c.code });
    }
  }, 60_000);

  it('output that is not the five styles is asked for once more, then a 502 ai_invalid_output storing nothing', async () => {
    ai.fake.respond((_r, index) => (index === 0 ? { text: 'Here are your descriptions!' } : fiveStyles(300)));
    expect((await generate(ai.info, olivia, { address: `3 Nowhere Rd ${suffix}` })).status, 'one bad answer is retried').toBe(200);
    expect(ai.fake.requests.length, 'with one more request').toBe(2);

    ai.fake.reset();
    ai.fake.respond(() => ({ json: { styles: STYLES.slice(0, 4).map((name) => ({ name, description: 'Text.' })) } }));
    const before = await countDescriptions(ai.info);
    const answer = await generate(ai.info, olivia, { address: `4 Nowhere Rd ${suffix}` });
    expect(answer.status, 'four styles twice: 502').toBe(502);
    expect(answer.body.error?.code).toBe('ai_invalid_output');
    expect(ai.fake.requests.length, 'retried exactly once').toBe(2);
    expect(await countDescriptions(ai.info), 'nothing stored').toBe(before);
  });

  it('agents are refused (403) and never reach the model', async () => {
    ai.fake.respond(() => fiveStyles(300));
    const marcus = await demoUser(MARCUS, ai.info);
    const answer = await generate(ai.info, marcus, { address });
    expect(answer.status, 'an agent: 403').toBe(403);
    expect(ai.fake.requests.length, 'no model call').toBe(0);
    expect((await generate(ai.info, null, { address })).status, 'no sign-in: 401').toBe(401);
  });

  it('without a provider the function answers 503 ai_not_configured', async () => {
    const plain = await demoUser(OLIVIA);
    const answer = await generate(stackInfo(), plain, { address });
    expect(answer.status, 'not configured: 503').toBe(503);
    expect(answer.body.error?.code).toBe('ai_not_configured');
  });
});

describe('property_research is scoped to its listing', () => {
  it("the address is the listing's, the listing is fixed, and only its coordinators and super admins reach it", async () => {
    const [olivia, david, admin] = await Promise.all([demoUser(OLIVIA), demoUser(DAVID), demoUser('admin@listingdesk.test')]);
    const listingId = await withDb(async (db) => {
      const marcus = (await db.query<{ id: string }>("select id from public.users where email = $1", [MARCUS])).rows[0].id;
      return (await db.query<{ id: string }>("insert into public.listings (address, agent_id) values ('19 Research Row', $1) returning id", [marcus])).rows[0].id;
    });
    const otherListing = await withDb(async (db) => (await db.query<{ id: string }>("select id from public.listings where address like '1418 Barton Hills%'")).rows[0].id);

    const forged = await david.client.from('property_research').insert({ listing_id: listingId, address: 'x', research_data: { by: 'david' } });
    expect(forged.error, "another team's coordinator cannot add research to the listing").not.toBeNull();

    const added = await olivia.client.from('property_research').insert({ listing_id: listingId, address: '1 Forged Address', research_data: { note: 'ok' } }).select('id, address').single();
    expect(added.error, 'the listing coordinator adds research').toBeNull();
    expect(added.data?.address, "the database writes the listing's address, not the one sent").toBe('19 Research Row');

    const moved = await olivia.client.from('property_research').update({ listing_id: otherListing }).eq('id', added.data!.id);
    expect(moved.error?.code, 'the row cannot move to another listing').toBe('42501');
    expect((await david.client.from('property_research').select('id').eq('id', added.data!.id)).data, 'another coordinator reads nothing').toEqual([]);
    expect((await admin.client.from('property_research').select('id').eq('id', added.data!.id)).data?.length, 'the super admin reads it').toBe(1);

    await withDb((db) => db.query("update public.listings set address = '21 Research Row' where id = $1", [listingId]));
    const synced = await olivia.client.from('property_research').select('address').eq('id', added.data!.id).single();
    expect(synced.data?.address, "a new listing address reaches its research").toBe('21 Research Row');
  });
});
