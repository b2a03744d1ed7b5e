/**
 * A person's private calendar feed: GET /functions/v1/calendar-feed/<token>.ics
 * (verify_jwt = false: calendar apps send no token; the secret in the URL is
 * the credential). The token is hashed here and only the hash reaches the
 * database, whose public.calendar_feed_deadlines() decides the owner's scope
 * exactly as the contract_deadlines read policy would (service role, so the
 * owner's rights are computed there, never taken from the request). Unknown,
 * revoked or malformed tokens: 404. The answer is RFC 5545 text (ical.ts).
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

Deno.serve(
  handler(async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'method_not_allowed', 'Calendar feeds are read with GET');
    const token = TOKEN_PATH.exec(new URL(req.url).pathname)?.[1];
    if (!token) return errorResponse(404, 'not_found', 'calendar feed not found');
    const { data, error } = await createAdminClient().rpc('calendar_feed_deadlines', { token_hash: await sha256Hex(token) });
    if (error?.code === 'PT404') return errorResponse(404, 'not_found', 'calendar feed not found');
    if (error) throw new Error(`calendar_feed_deadlines: ${error.message}`);
    const siteUrl = Deno.env.get('SITE_URL') || undefined;
    const body = buildCalendar({
      name: 'ListingDesk deadlines',
      productId: '-//ListingDesk//Contract deadlines//EN',
      events: (data as FeedDeadline[]).map((d) => deadlineEvent(d, siteUrl)),
    });
    return new Response(req.method === 'HEAD' ? null : body, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="listingdesk-deadlines.ics"',
        // Private: the URL is a secret; calendar apps fetch again within the hour.
        'Cache-Control': 'private, max-age=300',
      },
    });
  }),
);
