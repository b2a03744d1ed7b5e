/**
 * Mail to a listing's forwarding address (issue 17), through the local SMTP
 * listener and the inbound-email function: members' mail is filed (note,
 * documents, notifications) once; strangers' mail and mail for unknown
 * listings waits unfiled; the function refuses unauthenticated posts; the
 * review inbox follows RLS over REST and Realtime.
 */
import crypto from 'node:crypto';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser, serviceClient, stackInfo, withDb, type TestUser } from '../support/clients.ts';
import { listingAddress, SAMPLE_JPEG, SAMPLE_PDF, sendInboundMail } from '../support/inbound-mail.ts';
import { subscribed, waitFor } from '../support/realtime.ts';
import { startThrowawayStack } from '../support/throwaway-stack.ts';
import { keepSeedData } from '../support/seed-guard.ts';

interface Mail {
  id: string;
  status: string;
  listing_id: string | null;
  note_id: string | null;
  sender: string;
  subject: string;
  attachments: { name: string; type: string; size: number }[];
}

let marcus: TestUser;
let olivia: TestUser;
let sarah: TestUser;
let listingId: string;
let marcusAccount: string;
let oliviaAccount: string;
const channels: RealtimeChannel[] = [];

async function mailRow(messageId: string): Promise<Mail | undefined> {
  return withDb(async (db) => (await db.query<Mail>('select * from public.inbound_emails where message_id = $1', [messageId])).rows[0]);
}

async function count(sql: string, params: unknown[]): Promise<number> {
  return withDb(async (db) => Number((await db.query<{ n: string }>(`select count(*) as n from (${sql}) s`, params)).rows[0]!.n));
}

const postRaw = (headers: Record<string, string>, body = 'From: a@b.test\r\nTo: x@y.test\r\nSubject: hi\r\n\r\nbody\r\n') =>
  fetch(`${stackInfo().apiUrl}/functions/v1/inbound-email`, { method: 'POST', headers: { 'Content-Type': 'message/rfc822', ...headers }, body });

beforeAll(async () => {
  [marcus, olivia, sarah] = await Promise.all(['marcus.johnson', 'olivia.chen', 'sarah.thompson'].map((n) => demoUser(`${n}@listingdesk.test`)));
  const row = await withDb(
    async (db) =>
      (
        await db.query<{ listing: string; agent: string; tc: string }>(
          `select l.id as listing, l.agent_id as agent, l.tc_id as tc from public.listings l
           join public.users u on u.id = l.agent_id where u.email = 'marcus.johnson@listingdesk.test' and l.tc_id is not null
           order by l.created_at limit 1`,
        )
      ).rows[0]!,
  );
  listingId = row.listing;
  marcusAccount = row.agent;
  oliviaAccount = row.tc;
});

afterAll(async () => {
  for (const channel of channels) await channel.unsubscribe();
});

// What this file creates for the demo users goes when it ends (later files count the seed's rows).
keepSeedData();

describe('mail from someone working on the listing', () => {
  const messageId = `<${crypto.randomUUID()}@marcus.test>`;

  it('files the body as one e-mail note and the PDF and JPEG as byte-identical documents, notifying the coordinator', async () => {
    const before = await count('select 1 from public.notifications where user_id = $1', [oliviaAccount]);
    await sendInboundMail(stackInfo(), {
      from: 'Marcus Johnson <marcus.johnson@listingdesk.test>',
      to: listingAddress(listingId),
      subject: 'Signed purchase agreement',
      text: 'Seller signed today. Inspection report attached.',
      messageId,
      attachments: [
        { filename: 'purchase-agreement.pdf', content: SAMPLE_PDF, contentType: 'application/pdf' },
        { filename: 'front-door.jpg', content: SAMPLE_JPEG, contentType: 'image/jpeg' },
      ],
    });
    const mail = await mailRow(messageId);
    expect(mail?.status, 'a member\'s mail is filed at once').toBe('filed');

    const notes = await withDb(async (db) => (await db.query('select * from public.notes where id = $1', [mail!.note_id])).rows);
    expect(notes, 'one note for the mail').toHaveLength(1);
    expect(notes[0].is_email, 'the note carries the e-mail marker (E-mail badge)').toBe(true);
    expect(notes[0].user_id, 'the note is attributed to the sender').toBe(marcusAccount);
    expect(notes[0].content.split('\n')[0], 'the subject is the note\'s first line').toBe('Signed purchase agreement');
    expect(notes[0].content, 'the body is in the note').toContain('Seller signed today. Inspection report attached.');

    const { data: documents } = await marcus.client.from('documents').select('id, file_name, file_url, file_type, uploaded_by').eq('listing_id', listingId).in('file_name', ['purchase-agreement.pdf', 'front-door.jpg']);
    expect(documents?.map((d) => d.file_name).sort(), 'both attachments became listing documents the agent can read').toEqual(['front-door.jpg', 'purchase-agreement.pdf']);
    for (const document of documents!) {
      expect(notes[0].content, 'the note links to each filed document').toContain(`#document-${document.id}`);
      const { data: blob } = await marcus.client.storage.from('listing-documents').download(document.file_url);
      const expected = document.file_name.endsWith('.pdf') ? SAMPLE_PDF : SAMPLE_JPEG;
      expect(Buffer.from(await blob!.arrayBuffer()).equals(expected), `${document.file_name} is stored byte for byte`).toBe(true);
    }

    const after = await withDb(async (db) => (await db.query('select title from public.notifications where user_id = $1 order by created_at desc limit 10', [oliviaAccount])).rows.map((r) => r.title));
    expect(after.length, 'the coordinator got notifications').toBeGreaterThan(0);
    expect(await count('select 1 from public.notifications where user_id = $1', [oliviaAccount]), 'the coordinator is notified of the mail and its documents').toBe(before + 3);
    expect(after, 'the coordinator is told about the mail').toContain('New e-mail: Signed purchase agreement');
    expect(await count("select 1 from public.notifications where user_id = $1 and source_id = $2", [marcusAccount, mail!.note_id]), 'the sender is not notified of their own mail').toBe(0);
  });

  it('files the same Message-ID only once', async () => {
    const notesBefore = await count('select 1 from public.notes where listing_id = $1', [listingId]);
    const documentsBefore = await count('select 1 from public.documents where listing_id = $1', [listingId]);
    await sendInboundMail(stackInfo(), { from: 'marcus.johnson@listingdesk.test', to: listingAddress(listingId), subject: 'Signed purchase agreement', text: 'again', messageId, attachments: [{ filename: 'purchase-agreement.pdf', content: SAMPLE_PDF }] });
    expect(await count('select 1 from public.notes where listing_id = $1', [listingId]), 'no second note').toBe(notesBefore);
    expect(await count('select 1 from public.documents where listing_id = $1', [listingId]), 'no second document').toBe(documentsBefore);
  });

  it('refuses an .exe attachment and says so in the note; Bcc to the listing address is found too', async () => {
    const id = `<${crypto.randomUUID()}@marcus.test>`;
    await sendInboundMail(stackInfo(), {
      from: 'olivia.chen@listingdesk.test',
      to: 'someone@elsewhere.test',
      bcc: listingAddress(listingId),
      subject: 'Installer',
      html: '<p>Please <b>run</b> this</p><script>alert(1)</script>',
      messageId: id,
      attachments: [{ filename: 'setup.exe', content: Buffer.from('MZ not really a program'), contentType: 'application/pdf' }],
    });
    const mail = await mailRow(id);
    expect(mail?.status, 'the coordinator\'s mail is filed').toBe('filed');
    const note = await withDb(async (db) => (await db.query('select content from public.notes where id = $1', [mail!.note_id])).rows[0]);
    expect(note.content, 'the refused attachment is listed in the note').toContain('setup.exe: not an accepted file type');
    expect(note.content, 'the HTML body is kept as text').toContain('Please run this');
    expect(note.content, 'no markup reaches the note').not.toContain('<');
    expect(await count("select 1 from public.documents where listing_id = $1 and file_name = 'setup.exe'", [listingId]), 'the .exe is not filed').toBe(0);
  });
});

describe('mail from strangers and for unknown listings', () => {
  it('keeps a stranger\'s mail unfiled in the review inbox, visible live to the coordinator only, until accepted', async () => {
    const seen: { olivia: Mail[]; sarah: Mail[] } = { olivia: [], sarah: [] };
    for (const [who, user] of [['olivia', olivia], ['sarah', sarah]] as const) {
      const channel = user.client.channel(`inbox-${who}-${crypto.randomUUID()}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'inbound_emails' }, (p) => seen[who].push(p.new as Mail));
      await subscribed(channel);
      channels.push(channel);
    }
    const messageId = `<${crypto.randomUUID()}@stranger.test>`;
    const notesBefore = await count('select 1 from public.notes where listing_id = $1', [listingId]);
    await sendInboundMail(stackInfo(), { from: 'Title Company <closing@stranger.test>', to: listingAddress(listingId), subject: 'Title commitment', text: 'See attached.', messageId, attachments: [{ filename: 'title.pdf', content: SAMPLE_PDF }] });
    const mail = await mailRow(messageId);
    expect(mail?.status, 'a stranger\'s mail waits for review').toBe('pending_review');
    expect(mail?.attachments, 'the inbox shows the attachments').toEqual([{ name: 'title.pdf', type: 'application/pdf', size: SAMPLE_PDF.length }]);
    expect(await count('select 1 from public.notes where listing_id = $1', [listingId]), 'nothing is filed before review').toBe(notesBefore);

    await waitFor(() => seen.olivia.some((m) => m.id === mail!.id), 'the coordinator\'s live review inbox');
    const { data: oliviaInbox } = await olivia.client.from('inbound_emails').select('id, sender, subject, status').eq('listing_id', listingId).eq('status', 'pending_review');
    expect(oliviaInbox?.map((m) => m.id), 'the coordinator reads the pending mail over REST').toContain(mail!.id);
    const { data: sarahInbox } = await sarah.client.from('inbound_emails').select('id').eq('id', mail!.id);
    expect(sarahInbox, 'another team cannot read the review inbox over REST').toEqual([]);
    expect(seen.sarah.map((m) => m.id), 'another team receives nothing over Realtime').not.toContain(mail!.id);
    const { data: raw } = await sarah.client.storage.from('inbound-email').download(`listings/${listingId}/${mail!.id}.eml`);
    expect(raw, 'another team cannot download the raw message').toBeNull();

    const stranger = await sarah.client.functions.invoke('inbound-email/accept', { body: { id: mail!.id } });
    expect((stranger.error as { context?: Response } | null)?.context?.status, 'another team cannot accept it').toBe(404);
    const accepted = await olivia.client.functions.invoke('inbound-email/accept', { body: { id: mail!.id } });
    expect(accepted.error, 'the coordinator accepts it').toBeNull();
    const filed = await mailRow(messageId);
    expect(filed?.status, 'accepted mail is filed').toBe('filed');
    const note = await withDb(async (db) => (await db.query('select user_id, content, is_email from public.notes where id = $1', [filed!.note_id])).rows[0]);
    expect(note.user_id, 'accepted mail is filed as the reviewer').toBe(oliviaAccount);
    expect(note.content, 'the note names the real sender').toContain('From: Title Company <closing@stranger.test>');
    expect(await count("select 1 from public.documents where listing_id = $1 and file_name = 'title.pdf'", [listingId]), 'its attachment is filed').toBe(1);
    const again = await olivia.client.functions.invoke('inbound-email/accept', { body: { id: mail!.id } });
    expect((again.error as { context?: Response } | null)?.context?.status, 'accepting twice is a conflict').toBe(409);
  });

  it('lets the agent discard a stranger\'s mail, which is then never filed and purged after 30 days', async () => {
    const messageId = `<${crypto.randomUUID()}@spam.test>`;
    await sendInboundMail(stackInfo(), { from: 'offers@spam.test', to: listingAddress(listingId), subject: 'Cheap loans', text: 'Click here', messageId });
    const mail = await mailRow(messageId);
    const { error } = await marcus.client.rpc('discard_inbound_email', { email_id: mail!.id });
    expect(error, 'the listing\'s agent may discard pending mail').toBeNull();
    expect((await mailRow(messageId))?.status, 'the mail is discarded').toBe('discarded');
    const accept = await marcus.client.functions.invoke('inbound-email/accept', { body: { id: mail!.id } });
    expect((accept.error as { context?: Response } | null)?.context?.status, 'discarded mail cannot be accepted').toBe(409);

    await withDb((db) => db.query("update public.inbound_emails set received_at = now() - interval '31 days' where id = $1", [mail!.id]));
    const { error: purgeError } = await serviceClient().rpc('purge_inbound_emails');
    expect(purgeError, 'the service role runs the retention purge').toBeNull();
    expect(await mailRow(messageId), 'discarded mail older than 30 days is deleted').toBeUndefined();
  });

  it('does not file mail for a listing that does not exist', async () => {
    const messageId = `<${crypto.randomUUID()}@marcus.test>`;
    await sendInboundMail(stackInfo(), { from: 'marcus.johnson@listingdesk.test', to: listingAddress(crypto.randomUUID()), subject: 'Wrong listing', text: 'Oops', messageId });
    const mail = await mailRow(messageId);
    expect(mail?.status, 'mail for an unknown listing waits unclaimed').toBe('pending_review');
    expect(mail?.listing_id, 'it belongs to no listing').toBeNull();
    expect(mail?.note_id, 'nothing was filed').toBeNull();
  });
});

describe('the inbound-email function', () => {
  it('answers 401 without the shared secret or with a wrong signature', async () => {
    expect((await postRaw({})).status, 'no secret: 401').toBe(401);
    expect((await postRaw({ 'X-Inbound-Signature': 'sha256=00' })).status, 'a wrong signature: 401').toBe(401);
    expect((await postRaw({ Authorization: `Basic ${Buffer.from('inbound:wrong').toString('base64')}` })).status, 'a wrong Basic password: 401').toBe(401);
  });

  it('answers 503 "inbound e-mail not configured" while INBOUND_EMAIL_SECRET is unset', async () => {
    const unconfigured = await startThrowawayStack({ functionsEnv: { INBOUND_EMAIL_SECRET: '' } });
    try {
      const res = await fetch(`${unconfigured.info.apiUrl}/functions/v1/inbound-email`, { method: 'POST', headers: { Authorization: 'Basic aW5ib3VuZDp4' }, body: 'From: a@b.test\r\n\r\nx' });
      expect(res.status, 'no secret configured: 503').toBe(503);
      expect(((await res.json()) as { message: string }).message, 'the answer says why').toBe('inbound e-mail not configured');
    } finally {
      await unconfigured.stop();
    }
  }, 120_000);

  it('accepts the secret as Basic password and answers 422 for a message without a listing address', async () => {
    const res = await postRaw({ Authorization: `Basic ${Buffer.from(`inbound:${stackInfo().inboundEmailSecret}`).toString('base64')}` });
    expect(res.status, 'authenticated, but no listing-{id}@ recipient: 422').toBe(422);
  });

  it('refuses a message with more than 20 attachments (the SMTP client gets 550 with the reason)', async () => {
    const messageId = `<${crypto.randomUUID()}@marcus.test>`;
    const attachments = Array.from({ length: 21 }, (_, i) => ({ filename: `page-${i + 1}.txt`, content: Buffer.from(`page ${i + 1}`) }));
    await expect(
      sendInboundMail(stackInfo(), { from: 'marcus.johnson@listingdesk.test', to: listingAddress(listingId), subject: 'Too many', text: 'x', messageId, attachments }),
      'over the attachment cap the mail is refused with a clear reason',
    ).rejects.toThrow(/550.*at most 20 attachments/);
    expect(await mailRow(messageId), 'nothing is recorded').toBeUndefined();
  });

  it('rate-limits per sender', async () => {
    const service = serviceClient();
    const args = { listing_id: listingId, recipient: listingAddress(listingId), sender: `burst-${crypto.randomUUID()}@stranger.test`, sender_name: '', subject: 's', body: 'b', attachments: [], sender_hourly_limit: 1 };
    const first = await service.rpc('receive_inbound_email', { ...args, message_id: crypto.randomUUID() });
    const second = await service.rpc('receive_inbound_email', { ...args, message_id: crypto.randomUUID() });
    expect(first.data.outcome, 'the first message is recorded').toBe('recorded');
    expect(second.data, 'the second within the hour is refused').toEqual({ outcome: 'rate_limited', scope: 'sender' });
  });

  it('never lets API callers mark a note as e-mail or call the service functions', async () => {
    const { data } = await marcus.client.from('notes').insert({ listing_id: listingId, user_id: marcusAccount, content: 'typed', is_email: true }).select('is_email').single();
    expect(data?.is_email, 'a typed note is never marked as e-mail').toBe(false);
    const { error } = await marcus.client.rpc('file_inbound_email', { email_id: crypto.randomUUID(), author_id: marcusAccount, note_content: 'x', documents: [] });
    expect(error, 'filing is for the service role only').not.toBeNull();
  });
});
