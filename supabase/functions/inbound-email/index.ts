/**
 * Mail to a listing's forwarding address (listing-{id}@{domain}).
 *
 * POST /inbound-email — a mail provider's inbound webhook (or the local SMTP
 * listener) posts the raw RFC 5322 message as the body, authenticated with
 * INBOUND_EMAIL_SECRET (secret.ts: 401 without it, 503 when unset). Mail from
 * someone working on the listing is filed at once as a note (201), a reply
 * from one of the listing's parties (its contact's e-mail) at once as a
 * message on the listing's thread (201, `messageId`); anyone else's, or
 * mail for a listing that does not exist, is kept for review (202); the same
 * Message-ID again is acknowledged without filing (200); over a rate limit 429.
 *
 * POST /inbound-email/accept `{ "id": "<inbound email id>" }` — a reviewer
 * (their own token) accepts pending mail: accept_inbound_email() checks and
 * claims it, then it is filed exactly as above, attributed to the reviewer.
 */
import { z, type SupabaseClient } from '../_shared/deps.ts';
import { handler, HttpError, json } from '../_shared/http.ts';
import { createAdminClient, createUserClient, requireUser } from '../_shared/supabase.ts';
import { parseJsonBody } from '../_shared/validate.ts';
import { fileMessage, fileReply } from './file.ts';
import { attachmentSummary, MAX_MESSAGE_BYTES, readMessage } from './message.ts';
import { inboundSecret, requireProvider } from './secret.ts';

const RAW_BUCKET = 'inbound-email';
const limit = (name: string, fallback: number) => Number(Deno.env.get(name) ?? '') || fallback;

async function readRaw(req: Request): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(req.headers.get('Content-Length') ?? 0) > MAX_MESSAGE_BYTES) throw new HttpError(413, 'message_too_large', 'Messages are limited to 25 MB');
  const raw = new Uint8Array(await req.arrayBuffer());
  if (raw.length > MAX_MESSAGE_BYTES) throw new HttpError(413, 'message_too_large', 'Messages are limited to 25 MB');
  if (raw.length === 0) throw new HttpError(400, 'invalid_message', 'The body must be the raw message');
  return raw;
}

async function forwardingDomain(admin: SupabaseClient): Promise<string | null> {
  const { data, error } = await admin.rpc('inbound_email_domain');
  if (error) throw new Error(`inbound_email_domain: ${error.message}`);
  return (data as string | null) || null;
}

/** Retention without a scheduler: discarded and unclaimed mail older than 30 days goes on each delivery. */
async function purgeOldMail(admin: SupabaseClient): Promise<void> {
  const { data, error } = await admin.rpc('purge_inbound_emails');
  if (error) return console.error('purge_inbound_emails', error.message);
  const paths = ((data ?? []) as (string | null)[]).filter((p): p is string => !!p);
  if (paths.length) await admin.storage.from(RAW_BUCKET).remove(paths);
}

interface Recorded {
  outcome: 'recorded' | 'duplicate' | 'rate_limited';
  id?: string;
  status?: string;
  scope?: string;
  listing_id?: string | null;
  sender_account_id?: string | null;
  party_id?: string | null;
  raw_path?: string | null;
}

async function receive(req: Request): Promise<Response> {
  const secret = inboundSecret();
  const raw = await readRaw(req);
  await requireProvider(req, raw, secret);
  const admin = createAdminClient();
  const message = await readMessage(raw, await forwardingDomain(admin));
  await purgeOldMail(admin);

  const { data, error } = await admin.rpc('receive_inbound_email', {
    message_id: message.messageId,
    listing_id: message.listingId,
    recipient: message.recipient,
    sender: message.sender,
    sender_name: message.senderName,
    subject: message.subject,
    body: message.text,
    attachments: attachmentSummary(message.parsed),
    sender_hourly_limit: limit('INBOUND_EMAIL_SENDER_HOURLY_LIMIT', 30),
    listing_hourly_limit: limit('INBOUND_EMAIL_LISTING_HOURLY_LIMIT', 120),
  });
  if (error) throw new Error(`receive_inbound_email: ${error.message}`);
  const recorded = data as Recorded;
  if (recorded.outcome === 'duplicate') return json({ status: 'duplicate', id: recorded.id }, 200);
  if (recorded.outcome === 'rate_limited') {
    throw new HttpError(429, 'rate_limited', `Too many messages for this ${recorded.scope} in the last hour; try again later`, undefined, { 'Retry-After': '3600' });
  }
  const id = recorded.id!;
  try {
    if (recorded.status === 'pending_review') {
      const { error: uploadError } = await admin.storage.from(RAW_BUCKET).upload(recorded.raw_path!, raw, { contentType: 'message/rfc822' });
      if (uploadError) throw new Error(`storing the raw message: ${uploadError.message}`);
      return json({ status: 'pending_review', id }, 202);
    }
    if (recorded.party_id) {
      const reply = await fileReply(admin, id, message, recorded.listing_id!);
      return json({ status: 'filed', id, messageId: reply.messageId, documents: reply.documents, refused: reply.refused }, 201);
    }
    const filed = await fileMessage(admin, id, message, recorded.listing_id!, recorded.sender_account_id!);
    return json({ status: 'filed', id, noteId: filed.noteId, documents: filed.documents, refused: filed.refused }, 201);
  } catch (failure) {
    // Forget the record so that the provider's retry of the same Message-ID is handled afresh.
    await admin.from('inbound_emails').delete().eq('id', id);
    throw failure;
  }
}

const acceptSchema = z.object({ id: z.uuid() });

async function accept(req: Request): Promise<Response> {
  await requireUser(req);
  const { id } = await parseJsonBody(req, acceptSchema);
  const { data, error } = await createUserClient(req).rpc('accept_inbound_email', { email_id: id });
  if (error) {
    if (error.code === 'P0002') throw new HttpError(404, 'not_found', 'No such mail waiting for your review');
    if (error.code === 'PT409') throw new HttpError(409, 'already_handled', error.message);
    throw new Error(`accept_inbound_email: ${error.message}`);
  }
  const mail = data as { id: string; listing_id: string; raw_path: string; reviewed_by: string };
  const admin = createAdminClient();
  try {
    const { data: blob, error: downloadError } = await admin.storage.from(RAW_BUCKET).download(mail.raw_path);
    if (downloadError || !blob) throw new Error(`reading the raw message: ${downloadError?.message}`);
    // Parsed without the domain rule: the address matched when the mail arrived.
    const message = await readMessage(new Uint8Array(await blob.arrayBuffer()), null);
    const filed = await fileMessage(admin, mail.id, message, mail.listing_id, mail.reviewed_by);
    await admin.storage.from(RAW_BUCKET).remove([mail.raw_path]);
    return json({ status: 'filed', id: mail.id, noteId: filed.noteId, documents: filed.documents, refused: filed.refused }, 201);
  } catch (failure) {
    await admin.rpc('reopen_inbound_email', { email_id: mail.id });
    throw failure;
  }
}

Deno.serve(
  handler((req) => {
    if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'POST a raw message, or { id } to /accept');
    return new URL(req.url).pathname.replace(/\/+$/, '').endsWith('/accept') ? accept(req) : receive(req);
  }),
);
