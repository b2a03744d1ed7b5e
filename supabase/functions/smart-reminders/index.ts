/**
 * Smart reminders for one listing (spec part 1 §2 Notes tab, §7
 * GET /api/smart-reminders/{listingId}): a list of plain strings for the
 * listing's coordinator or a super admin.
 *
 * The rules (overdue and unanswered tasks, responses awaiting review, missing
 * documents or photos, a stale status) are the source of truth; with a model
 * configured they are prioritised and phrased by it (phrasing.ts), never added
 * to, and any AI failure falls back to the rule strings.
 *
 * Everything is read with the caller's own client, so RLS decides what the
 * reminders may mention: a listing the caller cannot see is a 404.
 *
 * POST { listingId } → 200 { reminders: string[], phrasedByModel: boolean }
 */
import { acceptAiRequest, SMART_REMINDERS_REFUSAL } from '../_shared/ai-request.ts';
import { handler, HttpError, json } from '../_shared/http.ts';
import { z } from '../_shared/deps.ts';
import { phraseReminders } from './phrasing.ts';
import { buildReminders, type ReminderFacts } from './rules.ts';

const bodySchema = z.object({ listingId: z.uuid() });

Deno.serve(
  handler(async (req) => {
    const { user, db, body } = await acceptAiRequest(req, {
      methods: ['POST'],
      who: 'coordinators',
      refusal: SMART_REMINDERS_REFUSAL,
      body: bodySchema,
      provider: 'optional',
    });
    const { listingId } = body;

    const [listing, tasks, documents] = await Promise.all([
      // The status's label comes with it from listing_statuses (listings.status references it).
      db.from('listings').select('id, status, property_image_url, photo_urls, agent_id, created_at, updated_at, listing_statuses(label)').eq('id', listingId).maybeSingle(),
      db.from('tasks').select('title, status, agent_response, due_date, created_at, responded_at, is_read_by_agent').eq('listing_id', listingId),
      db.from('documents').select('id', { count: 'exact', head: true }).eq('listing_id', listingId),
    ]);
    for (const result of [listing, tasks, documents]) {
      if (result.error) throw new HttpError(500, 'query_failed', result.error.message);
    }
    if (!listing.data) throw new HttpError(404, 'not_found', 'Listing not found');

    const { listing_statuses: statusRow, ...row } = listing.data;
    const facts: ReminderFacts = {
      listing: { ...row, status_label: statusRow?.label ?? row.status },
      tasks: tasks.data ?? [],
      documentCount: documents.count ?? 0,
    };
    const { reminders, phrasedByModel } = await phraseReminders(user, listingId, buildReminders(facts, new Date()));
    return json({ reminders, phrasedByModel }, 200, { 'Cache-Control': 'no-store' });
  }),
);
