/**
 * iCalendar (RFC 5545) text for a feed of deadlines: pure functions, no I/O,
 * so they run the same in Deno and in the unit tests.
 *
 * - TEXT values escape backslash, semicolon, comma and newlines (§3.3.11);
 * - content lines are folded at 75 octets, never inside a UTF-8 character,
 *   each continuation starting with one space (§3.1); lines end with CRLF;
 * - times are UTC (`…Z`), so no VTIMEZONE is needed;
 * - a VEVENT with DTSTART and neither DTEND nor DURATION ends when it starts
 *   (§3.6.1): a deadline is a moment, shown at its due time.
 */

export interface FeedEvent {
  /** Stable per deadline, so calendar apps update the event instead of adding one. */
  uid: string;
  /** When the deadline last changed (DTSTAMP and LAST-MODIFIED). */
  stamp: Date;
  start: Date;
  summary: string;
  description?: string;
  url?: string;
  /** CANCELLED for waived deadlines: calendar apps strike or hide them. */
  status?: 'CONFIRMED' | 'CANCELLED';
  categories?: string[];
}

export interface Feed {
  name: string;
  /** A unique product identifier of the generator (PRODID). */
  productId: string;
  events: FeedEvent[];
}

/** A TEXT value: `\` `;` `,` escaped, every line break as `\n`. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** 20260704T045900Z */
export function formatUtc(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/**
 * One content line folded into lines of at most 75 octets (CRLF excluded),
 * breaking only between characters (a code point's UTF-8 bytes stay together).
 */
export function foldLine(line: string): string {
  // Most lines are short ASCII: nothing to fold.
  if (line.length <= 75 && !/[^ -~]/.test(line)) return line;
  const out: string[] = [];
  let start = 0;
  let octets = 0;
  for (let i = 0; i < line.length; ) {
    const code = line.codePointAt(i)!;
    const units = code > 0xffff ? 2 : 1;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    // 75 octets per line; a continuation line's leading space is one of them.
    if (octets + size > 75) {
      out.push((out.length ? ' ' : '') + line.slice(start, i));
      start = i;
      octets = 1;
    }
    octets += size;
    i += units;
  }
  out.push((out.length ? ' ' : '') + line.slice(start));
  return out.join('\r\n');
}

function property(name: string, value: string): string {
  return foldLine(`${name}:${value}`);
}

function event(e: FeedEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    property('UID', e.uid),
    property('DTSTAMP', formatUtc(e.stamp)),
    property('LAST-MODIFIED', formatUtc(e.stamp)),
    property('DTSTART', formatUtc(e.start)),
    property('SUMMARY', escapeText(e.summary)),
  ];
  if (e.description) lines.push(property('DESCRIPTION', escapeText(e.description)));
  // URL is a URI value, not TEXT: no backslash escaping.
  if (e.url) lines.push(property('URL', e.url));
  if (e.categories?.length) lines.push(property('CATEGORIES', e.categories.map(escapeText).join(',')));
  lines.push(property('STATUS', e.status ?? 'CONFIRMED'), property('TRANSP', 'TRANSPARENT'), 'END:VEVENT');
  return lines;
}

/** The whole VCALENDAR, CRLF line ends, ready to serve as text/calendar. */
export function buildCalendar(feed: Feed): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    property('PRODID', feed.productId),
    'CALSCALE:GREGORIAN',
    // No METHOD: DTSTAMP then means "last revised" (§3.8.7.2), which keeps
    // every fetch of an unchanged deadline byte-identical.
    property('X-WR-CALNAME', escapeText(feed.name)),
    // How often subscribers should fetch again (RFC 7986, and Apple/Outlook's own).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...feed.events.flatMap(event),
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}
