/**
 * The smart-reminders Edge Function against the seeded demo data: who may
 * ask (coordinators and super admins), what RLS lets them see (only their
 * listings), what it answers (rule-based strings), and bad input.
 */
import { createClient } from '@supabase/supabase-js';
import { describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { stackInfo, withDb } from '../support/clients.ts';

const PASSWORD = 'ListingDesk!2024';

async function tokenFor(email: string): Promise<string> {
  const info = stackInfo();
  const client = createClient(info.apiUrl, info.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return data.session.access_token;
}

async function listingId(addressPrefix: string): Promise<string> {
  return withDb(async (db) => (await db.query<{ id: string }>('select id from public.listings where address like $1', [`${addressPrefix}%`])).rows[0].id);
}

async function ask(token: string | null, body: unknown): Promise<{ status: number; body: { reminders?: string[]; error?: { code: string } } }> {
  const info = stackInfo();
  const res = await fetch(`${info.apiUrl}/functions/v1/smart-reminders`, {
    method: 'POST',
    headers: { apikey: info.anonKey, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { reminders?: string[]; error?: { code: string } } };
}

describe('smart-reminders function', () => {
  test("the listing's coordinator gets rule-based reminders for the seeded listing", async () => {
    // 1418 Barton Hills: no documents, no photos, one unread open task due later.
    const id = await listingId('1418 Barton Hills Dr');
    const answer = await ask(await tokenFor('olivia.chen@listingdesk.test'), { listingId: id });
    expect(answer.status, 'the coordinator is answered').toBe(200);
    expect(answer.body.reminders, 'missing documents are reported').toContain('No documents have been uploaded yet. Request the listing agreement and seller disclosure.');
    expect(answer.body.reminders, 'missing photos are reported').toContain('The listing has no photos yet. Ask the agent for a main property image.');
  });

  test('a super admin is answered too', async () => {
    const answer = await ask(await tokenFor('admin@listingdesk.test'), { listingId: await listingId('2207 Windsor Rd') });
    expect(answer.status, 'super admins may read reminders').toBe(200);
    expect(answer.body.reminders?.some((r) => r.includes('Confirm HOA contact')), 'the responded open task is flagged for review').toBe(true);
  });

  test('agents are refused, another coordinator sees no such listing, anonymous callers and bad bodies are rejected', async () => {
    const id = await listingId('1418 Barton Hills Dr');
    expect((await ask(await tokenFor('marcus.johnson@listingdesk.test'), { listingId: id })).status, 'the listing agent is not a coordinator: 403').toBe(403);
    expect((await ask(await tokenFor('david.kim@listingdesk.test'), { listingId: id })).status, "another team's coordinator cannot see the listing: 404").toBe(404);
    expect((await ask(null, { listingId: id })).status, 'no token: 401').toBe(401);
    const token = await tokenFor('olivia.chen@listingdesk.test');
    const bad = await ask(token, { listingId: 'not-a-uuid' });
    expect(bad.status, 'a malformed id is a 400').toBe(400);
    expect(bad.body.error?.code, 'with the validation code').toBe('invalid_body');
    expect((await ask(token, '{nope')).status, 'invalid JSON is a 400').toBe(400);
  });
});
