/**
 * Messages to a listing's parties, sent (verify_jwt = false; this function
 * checks the caller itself): POST by the scheduler only — pg_cron through
 * pg_net on hosted Supabase, the local stack's timer (stack/jobs.ts) — with
 * the service role key as bearer token. Each call claims the approved
 * messages that are due (public.claim_party_messages(): re-rendered first, so
 * the text sent is the text stored; each an outbox row, so concurrent calls
 * never take the same message), mails each one through SMTP (From the
 * coordinator's name at the system sender's address, Reply-To the listing's
 * own address, the message's own Message-ID) and records the outcome
 * (public.finish_party_message(): sent, or tried again after the outbox's
 * back-off and failed after the fifth attempt). Body (optional):
 * `{ "at": "<ISO time>" }`, the clock, for tests. Answers `{ sent, failed }`.
 */
import { z } from '../_shared/deps.ts';
import { handler, HttpError, json } from '../_shared/http.ts';
import { sendEach, smtpMailer } from '../_shared/mailer.ts';
import { requireScheduler } from '../_shared/scheduler.ts';
import { createAdminClient } from '../_shared/supabase.ts';
import { parseJsonBody } from '../_shared/validate.ts';
import { fallbackInboundDomain, partyMail, type ClaimedPartyMessage } from './mail.ts';

const body = z.object({ at: z.iso.datetime({ offset: true }).optional() }).strict();

Deno.serve(
  handler(async (req) => {
    if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'POST to send the messages to parties that are due');
    requireScheduler(req, 'messages to parties');
    const { at } = await parseJsonBody(req, body);
    // Configuration first: a message is claimed only when it can be sent.
    const mailer = smtpMailer();
    const db = createAdminClient();
    const { data, error } = await db.rpc('claim_party_messages', at ? { at } : {});
    if (error) throw new Error(`claim_party_messages: ${error.message}`);
    const domain = fallbackInboundDomain({ INBOUND_EMAIL_DOMAIN: Deno.env.get('INBOUND_EMAIL_DOMAIN'), SITE_URL: Deno.env.get('SITE_URL') });
    const counts = await sendEach(
      mailer,
      (data ?? []) as ClaimedPartyMessage[],
      (message) => partyMail(message, domain),
      async (message, failure) => {
        const finish = await db.rpc('finish_party_message', { id: message.id, error: failure });
        if (finish.error) console.error(`finish_party_message ${message.id}: ${finish.error.message}`);
      },
      (message) => `party message ${message.id}`,
    );
    return json(counts);
  }),
);
