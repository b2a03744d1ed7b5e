/**
 * Calendar feed tokens expire and revocation is immediate (issue 51 item 11),
 * as a calendar app sees it (a plain GET, no key) and as the owner sees it
 * (supabase-js signed in):
 *
 * - the feed is never served from a cache without asking us again
 *   (`Cache-Control: private, no-cache` with an ETag; a matching
 *   If-None-Match is a 304 without the body), so a new address or turning
 *   the feed off makes the old address 404 at the very next fetch, even to
 *   a client revalidating what it cached;
 * - each fetch is recorded (last_fetched_at, written at most once a minute),
 *   which the owner reads and nobody else;
 * - a feed not fetched for 180 days stops: its address answers 404 like a
 *   revoked one, the owner sees when it stopped, and resume_calendar_feed()
 *   turns it on again with the same address.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, stackInfo, withDb } from '../support/clients.ts';
import { createTeam, listingOf, recordContract, type Team } from '../support/contract-fixtures.ts';
import type { Actor } from '../support/seed-rls-actors.ts';

let team: Team, other: Team;
const DAY = 86_400_000;

const feedUrl = (token: string) => `${stackInfo().apiUrl}/functions/v1/calendar-feed/${token}.ics`;

async function enable(actor: Actor): Promise<string> {
  const { data, error } = await actor.client.rpc('enable_calendar_feed');
  expect(error, `${actor.key} turns the feed on`).toBeNull();
  return data as string;
}

async function status(token: string, headers: Record<string, string> = {}): Promise<number> {
  const res = await fetch(feedUrl(token), { headers });
  await res.body?.cancel();
  return res.status;
}

interface FeedRow {
  user_id: string;
  created_at: string;
  last_fetched_at: string | null;
  expires_at: string;
}

async function ownRow(actor: Actor): Promise<FeedRow | null> {
  const { data, error } = await actor.client.from('calendar_feeds').select('user_id, created_at, last_fetched_at, expires_at').maybeSingle();
  expect(error, `${actor.key} reads their calendar feed`).toBeNull();
  return data as FeedRow | null;
}

beforeAll(async () => {
  team = await createTeam('FeedHard');
  other = await createTeam('FeedHardOther');
  const listing = await listingOf(team, '3 Revoked Rd, Austin, TX 78701');
  await recordContract(team.agent, listing, { form: 'trec-20-18', effective_date: new Date().toISOString().slice(0, 10), option_days: 7 });
});

describe('calendar feed: no cache keeps a revoked address alive', () => {
  it('answers Cache-Control: private, no-cache with an ETag, and 304 to a matching If-None-Match', async () => {
    const token = await enable(team.agent);
    const res = await fetch(feedUrl(token));
    const body = await res.text();
    expect(res.status, 'the feed answers').toBe(200);
    expect(res.headers.get('cache-control'), 'caches must ask again before each use (no max-age to serve a revoked feed from)').toBe('private, no-cache');
    const etag = res.headers.get('etag');
    expect(etag, 'a strong validator of the calendar').toMatch(/^"[0-9a-f]{32,64}"$/);
    const again = await fetch(feedUrl(token), { headers: { 'If-None-Match': etag! } });
    expect(again.status, 'unchanged: 304, no body to send again').toBe(304);
    expect(again.headers.get('etag'), 'the 304 repeats the validator').toBe(etag);
    expect(await again.text(), 'a 304 has no body').toBe('');
    expect(await status(token, { 'If-None-Match': '"0000"' }), 'another validator gets the calendar').toBe(200);
    expect(body, 'the calendar itself').toContain('BEGIN:VCALENDAR');
  });

  it('a new address or turning the feed off makes the old address 404 at the next fetch, revalidation included', async () => {
    const first = await enable(team.coordinator);
    const cached = await fetch(feedUrl(first));
    const etag = cached.headers.get('etag')!;
    await cached.body?.cancel();
    const second = await enable(team.coordinator);
    expect(await status(first, { 'If-None-Match': etag }), 'the replaced address: 404, not 304, for a client revalidating its copy').toBe(404);
    expect(await status(second), 'the new address works').toBe(200);
    await team.coordinator.client.rpc('disable_calendar_feed');
    const off = await fetch(feedUrl(second));
    await off.body?.cancel();
    expect(off.status, 'turned off: 404 at once').toBe(404);
    expect(off.headers.get('cache-control'), 'a 404 is not kept either').toBe('no-store');
  });
});

describe('calendar feed: last fetched', () => {
  it('records each fetch (at most once a minute), readable by the owner only', async () => {
    const token = await enable(team.agent);
    const fresh = await ownRow(team.agent);
    expect(fresh?.last_fetched_at, 'a new address has never been fetched').toBeNull();

    const before = Date.now();
    expect(await status(token), 'a calendar app fetches the feed').toBe(200);
    const fetched = await ownRow(team.agent);
    expect(fetched?.last_fetched_at, 'the fetch is recorded').not.toBeNull();
    expect(Math.abs(Date.parse(fetched!.last_fetched_at!) - before), 'at the time of the fetch').toBeLessThan(60_000);
    const runsFor = Date.parse(fetched!.expires_at) - Date.parse(fetched!.last_fetched_at!);
    expect(Math.abs(runsFor - 180 * DAY), 'the feed now stops only 180 days after this fetch (give or take a clock change)').toBeLessThanOrEqual(3_600_000);

    // Backdated 30 s: within the minute, a fetch writes nothing.
    await withDb((db) => db.query(`update public.calendar_feeds set last_fetched_at = last_fetched_at - interval '30 seconds' where user_id = $1`, [team.agent.id]));
    const backdated = await ownRow(team.agent);
    expect(await status(token), 'fetched again').toBe(200);
    expect((await ownRow(team.agent))?.last_fetched_at, 'a fetch within a minute of the last one is not written').toBe(backdated?.last_fetched_at);
    // Backdated 2 minutes: written again.
    await withDb((db) => db.query(`update public.calendar_feeds set last_fetched_at = now() - interval '2 minutes' where user_id = $1`, [team.agent.id]));
    expect(await status(token), 'fetched a few minutes later').toBe(200);
    expect(Date.now() - Date.parse((await ownRow(team.agent))!.last_fetched_at!), 'recorded again').toBeLessThan(60_000);

    expect(await ownRow(other.coordinator), 'nobody else sees it (another team\'s coordinator)').toBeNull();
    const teammate = await team.coordinator.client.from('calendar_feeds').select('user_id, last_fetched_at').eq('user_id', team.agent.id);
    expect(teammate.data, 'not even the agent\'s own coordinator').toEqual([]);
    const anon = await anonClient().from('calendar_feeds').select('user_id, last_fetched_at');
    expect(anon.data ?? [], 'nor anyone signed out').toEqual([]);
    const forged = await team.agent.client.from('calendar_feeds').update({ last_fetched_at: new Date().toISOString() }).eq('user_id', team.agent.id).select();
    expect(forged.status, 'the owner cannot write it either').toBe(403);
  });
});

describe('calendar feed: unused for 180 days', () => {
  it('stops (404 like a revoked one, nothing recorded), the owner sees when, and turning it on again keeps the address', async () => {
    const token = await enable(other.agent);
    // As if the last fetch was 181 days ago (and the feed made a year ago).
    await withDb((db) =>
      db.query(
        `update public.calendar_feeds set created_at = now() - interval '365 days', last_fetched_at = now() - interval '181 days',
           expires_at = now() - interval '1 day' where user_id = $1`,
        [other.agent.id],
      ),
    );
    const stale = await ownRow(other.agent);
    expect(await status(token), 'a feed unused for 180 days answers 404').toBe(404);
    expect(await ownRow(other.agent), 'the refused fetch records nothing and revives nothing').toEqual(stale);
    expect(Date.parse(stale!.expires_at), 'the owner reads when it stopped (in the past)').toBeLessThan(Date.now());

    const resumed = await other.agent.client.rpc('resume_calendar_feed');
    expect(resumed.error, 'the owner turns it on again').toBeNull();
    const after = await ownRow(other.agent);
    expect(Date.parse(after!.expires_at) - Date.now(), 'it runs for another 180 days').toBeGreaterThan(179 * DAY);
    expect({ created_at: after!.created_at, last_fetched_at: after!.last_fetched_at }, 'the same address, its history kept').toEqual({
      created_at: stale!.created_at,
      last_fetched_at: stale!.last_fetched_at,
    });
    expect(await status(token), 'calendars already subscribed get the feed again at the same address').toBe(200);

    await other.agent.client.rpc('disable_calendar_feed');
    const none = await other.agent.client.rpc('resume_calendar_feed');
    expect({ status: none.status, message: none.error?.message }, 'with no feed there is nothing to turn on again').toEqual({
      status: 404,
      message: 'no calendar feed to turn on again: turn it on for a new address',
    });
    expect((await anonClient().rpc('resume_calendar_feed')).status, 'signed out: 401').toBe(401);
  });
});
