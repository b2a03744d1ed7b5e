/**
 * The private calendar feed as a calendar app sees it: GET
 * /functions/v1/calendar-feed/<token>.ics with no key or session, parsed by
 * ical.js. It lists exactly the deadlines its owner may read (their team's,
 * not another team's), with a stable UID per deadline, escaped text and lines
 * folded at 75 octets; a replaced or turned-off token answers 404, as does
 * any malformed one (never a 500); the token is only ever stored hashed.
 */
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, stackInfo, withDb } from '../support/clients.ts';
import { addDeadline, createTeam, listingOf, recordContract, setDeadlineStatus, type Team } from '../support/contract-fixtures.ts';
import type { Actor } from '../support/seed-rls-actors.ts';

let mine: Team, theirs: Team;
let myDeadlines: string[], theirDeadlines: string[];
const ADDRESS = '12 Feed St, Unit 3; Austin, TX 78701';
const TRICKY_LABEL = 'Walk-through; bring keys, garage remote\nand the HOA fob';
const LONG_LABEL = `Deliver the signed addendum for sale of other property, with lender letter — ${'é'.repeat(40)}`;
const DAY = 86_400_000;

const feedUrl = (token: string) => `${stackInfo().apiUrl}/functions/v1/calendar-feed/${token}.ics`;
/** A calendar app: a plain GET, no apikey, no Authorization. */
const fetchFeed = (token: string) => fetch(feedUrl(token));

async function enable(actor: Actor): Promise<string> {
  const { data, error } = await actor.client.rpc('enable_calendar_feed');
  expect(error, `${actor.key} turns the feed on`).toBeNull();
  expect(data, 'the token is 64 hex characters').toMatch(/^[0-9a-f]{64}$/);
  return data as string;
}

async function events(token: string): Promise<{ text: string; events: ICAL.Event[] }> {
  const res = await fetchFeed(token);
  const text = await res.text();
  expect(res.status, `the feed answers 200: ${text.slice(0, 200)}`).toBe(200);
  expect(res.headers.get('content-type'), 'served as text/calendar').toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { text, events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

beforeAll(async () => {
  mine = await createTeam('Feed');
  theirs = await createTeam('FeedOther');
  const listing = await listingOf(mine, ADDRESS);
  const today = new Date().toISOString().slice(0, 10);
  const contract = await recordContract(mine.agent, listing, { form: 'trec-20-18', effective_date: today, option_days: 7, closing_date: new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10) });
  const tricky = await addDeadline(mine.agent, contract, TRICKY_LABEL, new Date(Date.now() + 5 * DAY));
  const long = await addDeadline(mine.coordinator, contract, LONG_LABEL, new Date(Date.now() + 6 * DAY));
  await setDeadlineStatus(mine.agent, long, 'done');
  const { data } = await mine.agent.client.from('contract_deadlines').select('id').eq('contract_id', contract);
  myDeadlines = (data as { id: string }[]).map((d) => d.id).sort();
  expect(myDeadlines, 'computed and custom deadlines exist').toEqual(expect.arrayContaining([tricky, long]));

  const other = await listingOf(theirs, '99 Elsewhere Rd, Dallas, TX');
  const otherContract = await recordContract(theirs.agent, other, { form: 'trec-20-18', effective_date: today, option_days: 5 });
  const { data: otherRows } = await theirs.agent.client.from('contract_deadlines').select('id').eq('contract_id', otherContract);
  theirDeadlines = (otherRows as { id: string }[]).map((d) => d.id);
});

describe('calendar feed: what a calendar app gets', () => {
  it('parses with ical.js and lists exactly the deadlines of the owner\'s transactions', async () => {
    const token = await enable(mine.coordinator);
    const { events: list } = await events(token);
    const ids = list.map((e) => e.uid.replace(/@deadlines\.listingdesk$/, '')).sort();
    expect(ids, 'one event per deadline of the coordinator\'s transaction').toEqual(myDeadlines);
    for (const id of theirDeadlines) expect(ids, 'another team\'s deadlines are absent').not.toContain(id);

    const tricky = list.find((e) => e.summary.startsWith('Walk-through'))!;
    expect(tricky.summary, 'SUMMARY is "label — address", commas, semicolons and the newline intact after parsing').toBe(`${TRICKY_LABEL} — ${ADDRESS}`);
    const done = list.find((e) => e.summary.includes('signed addendum'))!;
    expect(done.summary.startsWith('Done: '), 'a done deadline says so').toBe(true);
    const option = list.find((e) => e.summary.startsWith('Option period'))!;
    expect(option.component.getFirstPropertyValue('url'), 'URL opens the listing\'s Contract tab').toMatch(/\/listing\/[0-9a-f-]{36}\?tab=contract$/);
    expect(option.component.getFirstPropertyValue('dtstamp'), 'every event has a DTSTAMP').toBeTruthy();
  });

  it('escapes TEXT and folds lines at 75 octets in the raw text (RFC 5545)', async () => {
    const { text } = await events(await enable(mine.agent));
    expect(text, 'semicolon, comma and newline escaped').toContain('Walk-through\\; bring keys\\, garage remote\\nand the HOA fob');
    expect(text.replace(/\r\n/g, '').includes('\n'), 'every line ends with CRLF').toBe(false);
    const lines = text.split('\r\n');
    for (const line of lines) expect(new TextEncoder().encode(line).length, `"${line}" is at most 75 octets`).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(' ')), 'long lines were folded').toBe(true);
  });

  it('keeps each UID (and the whole feed) the same from one fetch to the next', async () => {
    const token = await enable(mine.coordinator);
    const first = await events(token);
    const second = await events(token);
    expect(second.events.map((e) => e.uid), 'UIDs are stable').toEqual(first.events.map((e) => e.uid));
    expect(second.text, 'an unchanged feed is byte-identical (DTSTAMP is the last change)').toBe(first.text);
  });
});

describe('calendar feed: tokens', () => {
  it('a new token makes the old URL 404; turning it off makes the new one 404', async () => {
    const old = await enable(mine.coordinator);
    const fresh = await enable(mine.coordinator);
    expect(fresh, 'a new secret each time').not.toBe(old);
    const gone = await fetchFeed(old);
    expect(gone.status, 'the replaced URL answers 404').toBe(404);
    await gone.body?.cancel();
    expect((await fetchFeed(fresh)).status, 'the new URL works').toBe(200);

    const { data, error } = await mine.coordinator.client.rpc('disable_calendar_feed');
    expect(error).toBeNull();
    expect(data, 'it was on').toBe(true);
    const off = await fetchFeed(fresh);
    expect(off.status, 'after turning the feed off its URL answers 404').toBe(404);
    await off.body?.cancel();
  });

  it('answers 404, never 500, to malformed and unknown tokens', async () => {
    const base = `${stackInfo().apiUrl}/functions/v1/calendar-feed`;
    for (const url of [base, `${base}/`, `${base}/nothex.ics`, `${base}/${'A'.repeat(64)}.ics`, `${base}/${'0'.repeat(64)}.ics`, `${base}/${'0'.repeat(64)}`, `${base}/${'0'.repeat(64)}.ics/x`, `${base}/%00.ics`]) {
      const res = await fetch(url);
      expect(res.status, `${url.slice(base.length) || '(none)'} is not a feed`).toBe(404);
      await res.body?.cancel();
    }
    const post = await fetch(feedUrl('0'.repeat(64)), { method: 'POST' });
    expect(post.status, 'only GET reads a feed').toBe(405);
    await post.body?.cancel();
  });

  it('stores only the hash, readable by nobody through the API; the owner sees that it is on', async () => {
    const token = await enable(mine.agent);
    const stored = await withDb(async (db) => (await db.query('select token_hash from public.calendar_feeds where user_id = $1', [mine.agent.id])).rows[0].token_hash as string);
    expect(stored, 'the token itself is not stored').not.toBe(token);
    const own = await mine.agent.client.from('calendar_feeds').select('user_id, created_at');
    expect(own.data?.map((r) => r.user_id), 'the owner sees their feed is on').toEqual([mine.agent.id]);
    const hash = await mine.agent.client.from('calendar_feeds').select('token_hash');
    expect(hash.status, 'not even the owner reads the hash').toBe(403);
    const others = await theirs.coordinator.client.from('calendar_feeds').select('user_id, created_at');
    expect(others.data, 'nobody sees someone else\'s feed').toEqual([]);
    expect((await anonClient().rpc('enable_calendar_feed')).status, 'anon cannot make a feed').toBe(401);
    const direct = await mine.agent.client.rpc('calendar_feed_deadlines', { token_hash: stored });
    expect(direct.status, 'the feed query is for the function (service role) only').toBe(403);
  });

  it('follows the owner\'s rights at each fetch: a coordinator demoted to agent no longer sees their team\'s deadlines', async () => {
    const token = await enable(theirs.coordinator);
    expect((await events(token)).events.map((e) => e.uid.split('@')[0]).sort(), 'as coordinator: the team\'s deadlines').toEqual([...theirDeadlines].sort());
    await withDb((db) => db.query(`update public.users set role = 'agent' where id = $1`, [theirs.coordinator.id]));
    try {
      expect((await events(token)).events, 'as agent without listings: nothing').toEqual([]);
    } finally {
      await withDb((db) => db.query(`update public.users set role = 'tc' where id = $1`, [theirs.coordinator.id]));
    }
  });
});
