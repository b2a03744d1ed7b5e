/**
 * The daily deadline digest (verify_jwt = false; this function checks the
 * caller itself): POST by the scheduler only — pg_cron through pg_net every
 * 15 minutes on hosted Supabase, the local stack's timer (stack/jobs.ts) —
 * with the service role key as bearer token. Each call claims the
 * coordinators whose 7:00 AM digest is due (public.claim_deadline_digests(),
 * at most once per coordinator and local day, never for one with nothing
 * due; each is an outbox row keyed digest:<coordinator>:<local date>), mails
 * each one and records the outcome (public.finish_deadline_digest()); a
 * failed send is tried again by a later call that day, after the outbox's
 * back-off. Body (optional): `{ "at": "<ISO time>" }`, the clock, for
 * tests. Answers `{ sent, failed }`.
 */
import { z } from '../_shared/deps.ts';
import { handler, HttpError, json } from '../_shared/http.ts';
import { sendEach, smtpMailer } from '../_shared/mailer.ts';
import { requireScheduler } from '../_shared/scheduler.ts';
import { createAdminClient } from '../_shared/supabase.ts';
import { parseJsonBody } from '../_shared/validate.ts';
import { renderDigest, type DigestRecipient } from './digest.ts';

const body = z.object({ at: z.iso.datetime({ offset: true }).optional() }).strict();

Deno.serve(
  handler(async (req) => {
    if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'POST to send the digests that are due');
    requireScheduler(req, 'deadline digests');
    const { at } = await parseJsonBody(req, body);
    // Configuration first: a digest is claimed only when it can be sent.
    const mailer = smtpMailer();
    const db = createAdminClient();
    const { data, error } = await db.rpc('claim_deadline_digests', at ? { at } : {});
    if (error) throw new Error(`claim_deadline_digests: ${error.message}`);
    const siteUrl = Deno.env.get('SITE_URL') || undefined;
    const counts = await sendEach(
      mailer,
      data as DigestRecipient[],
      (recipient) => renderDigest(recipient, siteUrl),
      async (recipient, failure) => {
        const finish = await db.rpc('finish_deadline_digest', { coordinator_id: recipient.coordinator_id, local_date: recipient.local_date, error: failure });
        if (finish.error) console.error(`finish_deadline_digest: ${finish.error.message}`);
      },
      (recipient) => `deadline digest to ${recipient.email}`,
    );
    return json(counts);
  }),
);
