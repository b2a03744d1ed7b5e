/**
 * A person's private calendar feed: GET /functions/v1/calendar-feed/<token>.ics
 * (verify_jwt = false: calendar apps send no token; the secret in the URL is
 * the credential). The token is hashed here and only the hash reaches the
 * database, whose public.calendar_feed_deadlines() decides the owner's scope
 * exactly as the contract_deadlines read policy would (service role, so the
 * owner's rights are computed there, never taken from the request). Unknown,
 * revoked, stopped (unused for 180 days) or malformed tokens: 404. The
 * database records each fetch (at most once a minute). The answer is RFC 5545
 * text (ical.ts).
 *
 * Caching: `Cache-Control: private, no-cache` with a strong ETag. no-cache
 * lets a calendar app or proxy keep the file but obliges it to ask us before
 * each use, and asking reaches the token check first, so a new address,
 * turning the feed off or its stopping takes effect at the very next fetch
 * (the 5-minute max-age it had could serve a revoked feed). The ETag keeps
 * that cheap for the apps that revalidate (Apple Calendar, Thunderbird,
 * Outlook's HTTP stack send If-None-Match): an unchanged feed, which is
 * byte-identical from one fetch to the next, is a 304 without the body.
 * no-store would forbid the copy and so the 304; max-age=0 lets some caches
 * serve the stale copy when the origin cannot be reached.
 *
 * CPU: one RPC and string building; at the 1,000-event cap the feed is about
 * 700 KB and costs ~22 ms of CPU (`npm run bench -- calendar-feed`), well
 * inside hosted Edge Functions' 2 s of CPU per request.
 */
import { errorResponse, handler, HttpError } from '../_shared/http.ts';
import { createAdminClient } from '../_shared/supabase.ts';
import { deadlineEvent, type FeedDeadline } from './feed.ts';
import { buildCalendar } from './ical.ts';

const TOKEN_PATH = /\/calendar-feed\/([0-9a-f]{64})\.ics$/;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Unknown, revoked, stopped or malformed: the same 404, kept by no cache. */
function notFound(): Response {
  return errorResponse(404, 'not_found', 'calendar feed not found', undefined, { 'Cache-Control': 'no-store' });
}

/** If-None-Match (RFC 9110 §13.1.2): `*` or a list of entity tags, weak ones compared weakly. */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

Deno.serve(
  handler(async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'method_not_allowed', 'Calendar feeds are read with GET');
    const token = TOKEN_PATH.exec(new URL(req.url).pathname)?.[1];
    if (!token) return notFound();
    const { data, error } = await createAdminClient().rpc('calendar_feed_deadlines', { token_hash: await sha256Hex(token) });
    if (error?.code === 'PT404') return notFound();
    if (error) throw new Error(`calendar_feed_deadlines: ${error.message}`);
    const siteUrl = Deno.env.get('SITE_URL') || undefined;
    const body = buildCalendar({
      name: 'ListingDesk deadlines',
      productId: '-//ListingDesk//Contract deadlines//EN',
      events: (data as FeedDeadline[]).map((d) => deadlineEvent(d, siteUrl)),
    });
    const etag = `"${(await sha256Hex(body)).slice(0, 32)}"`;
    const headers = {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="listingdesk-deadlines.ics"',
      // Private: the URL is a secret. no-cache: kept copies are checked with us before each use (see above).
      'Cache-Control': 'private, no-cache',
      ETag: etag,
    };
    if (matches(req.headers.get('If-None-Match'), etag)) return new Response(null, { status: 304, headers });
    return new Response(req.method === 'HEAD' ? null : body, { headers });
  }),
);
