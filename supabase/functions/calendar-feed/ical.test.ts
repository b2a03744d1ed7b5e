/**
 * RFC 5545 text rules of the calendar feed: TEXT escaping (§3.3.11), folding
 * at 75 octets without splitting a UTF-8 character (§3.1), UTC times, and a
 * whole calendar that ical.js (a real iCalendar parser) reads back unchanged.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { deadlineEvent, type FeedDeadline } from './feed.ts';
import { buildCalendar, escapeText, foldLine, formatUtc } from './ical.ts';

const octets = (s: string) => new TextEncoder().encode(s).length;

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg'), 'RFC 5545 3.3.11 escapes').toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });
});

describe('foldLine', () => {
  it('keeps a line of 75 octets whole and folds the 76th onto a continuation line', () => {
    expect(foldLine('x'.repeat(75)), '75 octets fit one line').toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76)), 'the 76th octet moves to a line starting with a space').toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('never puts more than 75 octets on a line and never splits a multi-byte character', () => {
    const line = `SUMMARY:${'Café — Ünïcødé 🏡 '.repeat(20)}`;
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    for (const l of lines) expect(octets(l), `"${l}" is at most 75 octets`).toBeLessThanOrEqual(75);
    for (const l of lines.slice(1)) expect(l.startsWith(' '), 'a continuation line starts with one space').toBe(true);
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join(''), 'unfolding gives the line back').toBe(line);
    expect(folded.includes('\uFFFD'), 'no character was cut in two').toBe(false);
  });
});

describe('formatUtc', () => {
  it('writes UTC date-times in the basic format', () => {
    expect(formatUtc(new Date('2026-07-06T04:59:00.000Z'))).toBe('20260706T045900Z');
  });
});

describe('buildCalendar', () => {
  const deadline: FeedDeadline = {
    id: '7d3c1c1e-1111-4222-8333-444455556666',
    listing_id: '10000000-0000-4000-8000-000000000004',
    key: 'option_period_end',
    label: 'Option period ends; call buyer, then seller',
    due_at: '2026-07-10T22:00:00+00:00',
    status: 'open',
    updated_at: '2026-07-01T15:00:00+00:00',
    address: '5502 Shoal Creek Blvd, Austin, TX 78756\nUnit B',
    time_zone: 'America/Chicago',
    rule: `${'10 days after Wed 2026-06-30 '.repeat(4)}is Sat 2026-07-10, 5:00 PM America/Chicago`,
  };

  it('is read back by ical.js with the same summary, time, UID, URL and CRLF line ends', () => {
    const text = buildCalendar({ name: 'Deadlines, mine', productId: '-//Test//EN', events: [deadlineEvent(deadline, 'http://127.0.0.1:5173')] });
    expect(text.endsWith('\r\n'), 'the calendar ends with CRLF').toBe(true);
    expect(text.replace(/\r\n/g, '').includes('\n'), 'no bare LF anywhere').toBe(false);
    for (const line of text.split('\r\n')) expect(octets(line), `line "${line}" is folded at 75 octets`).toBeLessThanOrEqual(75);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const [vevent] = calendar.getAllSubcomponents('vevent');
    const event = new ICAL.Event(vevent);
    expect(event.uid, 'UID is the deadline id').toBe(`${deadline.id}@deadlines.listingdesk`);
    expect(event.summary, 'SUMMARY is "label — address" with commas, semicolons and newlines restored').toBe(`${deadline.label} — ${deadline.address}`);
    expect(event.startDate.toJSDate().toISOString(), 'DTSTART is the due time').toBe('2026-07-10T22:00:00.000Z');
    expect(vevent.getFirstPropertyValue('url'), 'URL opens the Contract tab').toBe(`http://127.0.0.1:5173/listing/${deadline.listing_id}?tab=contract`);
    expect(String(vevent.getFirstPropertyValue('dtstamp')), 'DTSTAMP is when the deadline last changed').toBe('2026-07-01T15:00:00Z');
    expect(String(vevent.getFirstPropertyValue('description')), 'the description keeps the long rule whole').toContain(deadline.rule);
    // ical.js reads X- properties as raw values, so the escaped TEXT shows as written.
    expect(text, 'the calendar name is TEXT-escaped').toContain('\r\nX-WR-CALNAME:Deadlines\\, mine\r\n');
  });

  it('marks done deadlines in the summary and cancels waived ones', () => {
    const done = deadlineEvent({ ...deadline, status: 'done' }, undefined);
    const waived = deadlineEvent({ ...deadline, status: 'waived' }, undefined);
    expect(done.summary.startsWith('Done: '), 'done deadlines say so').toBe(true);
    expect(waived.status, 'a waived deadline is a cancelled event').toBe('CANCELLED');
    expect(done.url, 'without SITE_URL there is no link').toBeUndefined();
  });
});
