/**
 * Message templates and the party outbox (issue 55, part B), through the HTTP
 * stack with real sign-ins: templates are checked when saved (an unknown merge
 * field is a 400 naming it; agents 403; a coordinator cannot change a global
 * template, 403); a key-date trigger creates one message per occurrence under
 * five concurrent job runs; an amendment moving the key date re-renders the
 * queued message (old → new, changed since you looked); a message held for a
 * missing lender waits once a lender is added; approve, edit (merge fields stay
 * live), skip, send now, and the sent copy on the listing's thread; the agent
 * 403, another team 404 and reads nothing; an event template (status change)
 * creates its message once.
 * Key dates are in April 2031, where no other test's contract lies.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, withDb } from '../support/clients.ts';
import { createTeam, listingOf, recordContract, type Team } from '../support/contract-fixtures.ts';
import { toldAndReaders } from '../support/live-changes.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';

let teamA: Team, teamB: Team, admin: Actor;
let listingId: string, contractId: string;
let optionTemplate: string, lenderTemplate: string;

interface PartyMessage {
  id: string;
  status: string;
  subject: string;
  body: string;
  body_source: string;
  send_at: string;
  held_reason: string | null;
  changed_at: string | null;
  previous: { body: string; send_at: string } | null;
  to_recipients: { name: string; email: string; role: string }[];
  trigger_reason: string;
  attempts: number;
  occurrence_key: string;
}

const mail = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@party-messages.test`;
const answer = (r: { status: number; error: { message: string } | null }) => ({ status: r.status, message: r.error?.message });

/** A template saved through the API by `actor`. */
const saveTemplate = (actor: Actor, fields: Record<string, unknown>) =>
  actor.client.from('message_templates').insert({ name: 'Test template', ...fields }).select('id').single<{ id: string }>();

/** The messages of a template on a listing, as the listing's coordinator reads them. */
async function messagesOf(templateId: string, listing = listingId): Promise<PartyMessage[]> {
  const { data, error } = await teamA.coordinator.client
    .from('party_messages')
    .select('*')
    .eq('template_id', templateId)
    .eq('listing_id', listing)
    .order('created_at');
  expect(error, 'the coordinator reads the listing’s party messages').toBeNull();
  return data as PartyMessage[];
}

const act = (actor: Actor, fn: string, args: Record<string, unknown>) => actor.client.rpc(fn, args).single<PartyMessage>();

beforeAll(async () => {
  teamA = await createTeam('PartyMsgA');
  teamB = await createTeam('PartyMsgB');
  admin = await createActor('PartyMsgAdmin', 'super_admin');
  listingId = await listingOf(teamA, '88 Outbox Lane, Austin, TX 78704');
  const buyer = await teamA.coordinator.client.rpc('add_listing_party', {
    listing_id: listingId,
    role: 'buyer',
    contact: { name: 'Celia Ortiz', display_name: 'Celia', email: mail('celia') },
  });
  expect(buyer.error, 'the coordinator adds the buyer').toBeNull();
  const option = await saveTemplate(teamA.coordinator, {
    subject: 'Option period ends {{ date.option_period_end.day }}',
    body: 'Hi {{ buyer.display_name }}, the option period on {{listing.address}} ends {{date.option_period_end}}.\n{{coordinator.signature}}',
    to_roles: ['buyer'],
    trigger_kind: 'key_date',
    trigger_deadline_key: 'option_period_end',
    trigger_offset_days: -1,
  });
  expect(option.error, 'the coordinator saves a key-date template').toBeNull();
  optionTemplate = option.data!.id;
  const lender = await saveTemplate(teamA.coordinator, {
    subject: 'Loan timeline for {{ listing.address }}',
    body: 'Dear {{lender.name}}, the option period ends {{date.option_period_end}}.',
    to_roles: ['lender'],
    trigger_kind: 'key_date',
    trigger_deadline_key: 'option_period_end',
    trigger_offset_days: -1,
  });
  expect(lender.error, 'the coordinator saves a template to the lender').toBeNull();
  lenderTemplate = lender.data!.id;
  // Option period: Tue 2031-04-01 + 10 days = Fri 2031-04-11, 5:00 PM CDT; one day before at 9:00 AM.
  contractId = await recordContract(teamA.agent, listingId, {
    form: 'trec-20-18',
    effective_date: '2031-04-01',
    option_days: 10,
    time_zone: 'America/Chicago',
  });
});

describe('message templates are checked when saved', () => {
  it('an unknown merge field is a 400 naming it; an unknown role and a key-date trigger without days are 400 naming the field', async () => {
    const unknown = await saveTemplate(teamA.coordinator, { subject: 'Hi', body: 'Dear {{ buyer.nmae }}', to_roles: ['buyer'], trigger_kind: 'manual' });
    expect(answer(unknown), 'the typo is named').toEqual({ status: 400, message: 'unknown merge field {{buyer.nmae}}' });
    const role = await saveTemplate(teamA.coordinator, { subject: 'Hi', body: 'Hi', to_roles: ['banker'], trigger_kind: 'manual' });
    expect(answer(role), 'the unknown role is named').toEqual({ status: 400, message: 'to_roles: unknown role banker' });
    const trigger = await saveTemplate(teamA.coordinator, { subject: 'Hi', body: 'Hi', to_roles: ['buyer'], trigger_kind: 'key_date', trigger_deadline_key: 'closing' });
    expect(trigger.status, 'a key-date trigger needs its days').toBe(400);
    expect(trigger.error?.message, 'the missing field is named').toMatch(/^trigger_offset_days:/);
  });

  it('agents save no template (403) and read none; a coordinator cannot change or delete a global template (403), the super admin can', async () => {
    const byAgent = await saveTemplate(teamA.agent, { subject: 'Hi', body: 'Hi', to_roles: ['buyer'], trigger_kind: 'manual' });
    expect(answer(byAgent), 'the agent is refused').toEqual({ status: 403, message: 'only coordinators and super admins save message templates' });
    const global = await saveTemplate(admin, { subject: 'Welcome {{buyer.display_name}}', body: 'Hi', to_roles: ['buyer'], trigger_kind: 'manual' });
    expect(global.error, 'the super admin saves a global template').toBeNull();
    const read = await teamA.agent.client.from('message_templates').select('id');
    expect(read.data, 'the agent reads no template').toEqual([]);
    const seen = await teamB.coordinator.client.from('message_templates').select('id, owner_tc_id').eq('id', global.data!.id).single();
    expect(seen.data, 'every coordinator reads the global template').toEqual({ id: global.data!.id, owner_tc_id: null });
    const changed = await teamB.coordinator.client.from('message_templates').update({ name: 'Mine now' }).eq('id', global.data!.id).select('id');
    expect(answer(changed), 'a coordinator changing a global template is refused').toEqual({
      status: 403,
      message: 'only a super admin changes a global message template; copy it to make your own',
    });
    const deleted = await teamB.coordinator.client.from('message_templates').delete().eq('id', global.data!.id).select('id');
    expect(deleted.status, 'a coordinator deleting a global template is refused').toBe(403);
    const other = await teamB.coordinator.client.from('message_templates').select('id').eq('id', optionTemplate);
    expect(other.data, 'another coordinator does not read coordinator A’s own template').toEqual([]);
    const renamed = await admin.client.from('message_templates').update({ name: 'Welcome (global)' }).eq('id', global.data!.id).select('name').single();
    expect(renamed.data, 'the super admin changes it').toEqual({ name: 'Welcome (global)' });
    const fields = await teamA.coordinator.client.rpc('message_merge_fields');
    expect((fields.data as { field: string }[]).map((f) => f.field), 'the picker lists party, listing and date fields').toEqual(
      expect.arrayContaining(['buyer.display_name', 'lender.name', 'listing.address', 'date.option_period_end', 'date.closing.day', 'coordinator.signature']),
    );
  });
});

describe('key-date messages', () => {
  it('five concurrent job runs create one message per occurrence, rendered in the contract’s zone; the missing lender holds its message', async () => {
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => serviceClient().rpc('enqueue_party_messages', { at: '2031-03-20T00:00:00Z' })),
    );
    expect(runs.map((r) => r.error), 'the five runs succeed').toEqual([null, null, null, null, null]);
    const [option] = await messagesOf(optionTemplate);
    expect((await messagesOf(optionTemplate)).length, 'one message for the option period from five runs').toBe(1);
    expect(option.status, 'it waits for approval').toBe('waiting');
    expect(option.subject, 'the subject shows the day').toBe('Option period ends Fri, Apr 11, 2031');
    expect(option.body, 'the body is rendered with the greeting name, address and time with its zone').toMatch(
      /^Hi Celia, the option period on 88 Outbox Lane, Austin, TX 78704 ends Fri, Apr 11, 2031 at 5:00 PM CDT\.\nPartyMsgACoord Test/,
    );
    expect(option.send_at, 'one day before at 9:00 AM Chicago time (CDT)').toBe('2031-04-10T14:00:00+00:00');
    expect(option.trigger_reason, 'why it exists').toBe('1 day before Option period ends (Fri, Apr 11, 2031 at 5:00 PM CDT), at 9:00 AM America/Chicago');
    expect(option.to_recipients.map((r) => [r.role, r.name]), 'to the buyer').toEqual([['buyer', 'Celia Ortiz']]);
    const outbox = await withDb(async (db) => (await db.query(`select count(*)::int as n from private.outbox where dedupe_key like $1`, [`key_date:${optionTemplate}:%`])).rows[0].n);
    expect(outbox, 'one outbox row for the occurrence').toBe(1);

    const [held] = await messagesOf(lenderTemplate);
    expect([held.status, held.held_reason], 'the lender message is held with the reason').toEqual([
      'held',
      '{{lender.name}}: no lender on this listing; no Lender / loan officer with an e-mail',
    ]);
    expect(held.body, 'the missing field is never blanked').toContain('Dear {{lender.name}},');
    const lender = await teamA.coordinator.client.rpc('add_listing_party', { listing_id: listingId, role: 'lender', contact: { name: 'Lena Loans', email: mail('lena') } });
    expect(lender.error, 'the coordinator adds the lender').toBeNull();
    const [waiting] = await messagesOf(lenderTemplate);
    expect([waiting.status, waiting.held_reason, waiting.body], 'once the lender is there it waits, rendered').toEqual([
      'waiting',
      null,
      'Dear Lena Loans, the option period ends Fri, Apr 11, 2031 at 5:00 PM CDT.',
    ]);
  });

  it('an amendment moving the key date re-renders the queued message: old → new, changed since you looked', async () => {
    const amended = await teamA.agent.client.from('contracts').update({ option_days: 14 }).eq('id', contractId).select('id');
    expect(amended.error, 'the agent amends the option days').toBeNull();
    const [moved] = await messagesOf(optionTemplate);
    expect(moved.send_at, 'the send moment follows the date (Tue Apr 15 → Mon Apr 14, 9:00 AM)').toBe('2031-04-14T14:00:00+00:00');
    expect(moved.subject, 'new subject').toBe('Option period ends Tue, Apr 15, 2031');
    expect(moved.trigger_reason, 'the why names the new date').toBe('1 day before Option period ends (Tue, Apr 15, 2031 at 5:00 PM CDT), at 9:00 AM America/Chicago');
    expect(moved.changed_at, 'marked changed since the coordinator looked').not.toBeNull();
    expect(moved.previous?.body, 'the old text is kept').toContain('Fri, Apr 11, 2031 at 5:00 PM CDT');
    expect(moved.previous?.send_at, 'the old time is kept').toBe('2031-04-10T14:00:00+00:00');
    const seen = await act(teamA.coordinator, 'mark_party_message_seen', { id: moved.id });
    expect([seen.data?.changed_at, seen.data?.previous], 'marking it seen clears the change').toEqual([null, null]);
  });
});

describe('the coordinator acts on messages', () => {
  it('the agent is refused (403), another team told not found (404) and reads nothing; nobody writes the table directly', async () => {
    const [message] = await messagesOf(optionTemplate);
    for (const fn of ['approve_party_message', 'skip_party_message', 'send_party_message_now', 'mark_party_message_seen']) {
      expect(answer(await act(teamA.agent, fn, { id: message.id })), `${fn}: the agent`).toEqual({
        status: 403,
        message: "only the listing's coordinator sends messages to parties",
      });
      expect(answer(await act(teamB.coordinator, fn, { id: message.id })), `${fn}: another team's coordinator`).toEqual({ status: 404, message: 'message not found' });
    }
    const agentReads = await teamA.agent.client.from('party_messages').select('id').eq('listing_id', listingId).in('template_id', [optionTemplate, lenderTemplate]);
    expect(agentReads.data?.length, 'the listing’s agent reads its messages').toBe(2);
    for (const actor of [teamB.coordinator, teamB.agent]) {
      const read = await actor.client.from('party_messages').select('id').eq('listing_id', listingId);
      expect(read.data, `${actor.key} reads no party message of another team`).toEqual([]);
    }
    const forged = await teamA.coordinator.client.from('party_messages').update({ status: 'approved' }).eq('id', message.id).select('id');
    expect(forged.status, 'no direct update').toBe(403);
    const composed = await teamA.agent.client.rpc('compose_party_message', { listing_id: listingId, template_id: optionTemplate });
    expect(composed.status, 'the agent composes nothing').toBe(403);
  });

  it('edit keeps merge fields live, approve, skip, send now; the sent copy lands on the listing’s thread', async () => {
    const [message] = await messagesOf(optionTemplate);
    const bad = await act(teamA.coordinator, 'edit_party_message', { id: message.id, body_source: 'Hi {{ buyer.first }}' });
    expect(answer(bad), 'an unknown field in an edit is a 400').toEqual({ status: 400, message: 'unknown merge field {{buyer.first}}' });
    const edited = await act(teamA.coordinator, 'edit_party_message', { id: message.id, body_source: 'Dear {{ buyer.display_name }}, see you {{date.option_period_end.day}}.' });
    expect([edited.data?.status, edited.data?.body], 'edited and rendered, waiting').toEqual(['waiting', 'Dear Celia, see you Tue, Apr 15, 2031.']);
    const contact = await withDb(async (db) => (await db.query(`select c.id from public.contacts c join public.listing_parties p on p.contact_id = c.id where p.listing_id = $1 and p.role = 'buyer'`, [listingId])).rows[0].id);
    const renamed = await teamA.coordinator.client.from('contacts').update({ display_name: 'Celia and Bill' }).eq('id', contact).select('id');
    expect(renamed.error, 'the coordinator changes the buyer’s greeting name').toBeNull();
    const [live] = await messagesOf(optionTemplate);
    expect([live.body_source, live.body], 'the edited message follows the contact (fields stay live)').toEqual([
      'Dear {{ buyer.display_name }}, see you {{date.option_period_end.day}}.',
      'Dear Celia and Bill, see you Tue, Apr 15, 2031.',
    ]);
    const approved = await act(teamA.coordinator, 'approve_party_message', { id: message.id });
    expect([approved.data?.status, approved.data?.changed_at], 'approved, change cleared').toEqual(['approved', null]);
    const skipped = await act(teamA.coordinator, 'skip_party_message', { id: message.id });
    expect(skipped.data?.status, 'skipped').toBe('skipped');
    expect((await act(teamA.coordinator, 'approve_party_message', { id: message.id })).status, 'a skipped message is not approved again').toBe(409);

    const [lender] = await messagesOf(lenderTemplate);
    const now = await act(teamA.coordinator, 'send_party_message_now', { id: lender.id });
    expect(now.data?.status, 'send now approves it').toBe('approved');
    expect(Date.parse(now.data!.send_at), 'and makes it due now').toBeLessThanOrEqual(Date.now() + 5_000);
    const claimed = await serviceClient().rpc('claim_party_messages', { max_rows: 50 });
    const ours = (claimed.data as { id: string; subject: string; from_name: string }[]).filter((c) => c.id === lender.id);
    expect(ours.map((c) => [c.subject, c.from_name]), 'the job claims it with the stored text').toEqual([
      ['Loan timeline for 88 Outbox Lane, Austin, TX 78704', 'PartyMsgACoord Test via ListingDesk'],
    ]);
    const finished = await serviceClient().rpc('finish_party_message', { id: lender.id });
    expect(finished.data, 'reported sent').toBe('sent');
    const thread = await teamA.agent.client.from('messages').select('content, email_direction, email_subject').eq('party_message_id', lender.id);
    expect(thread.data, 'the agent sees the sent copy on the listing’s thread').toEqual([
      { content: 'Dear Lena Loans, the option period ends Tue, Apr 15, 2031 at 5:00 PM CDT.', email_direction: 'outbound', email_subject: 'Loan timeline for 88 Outbox Lane, Austin, TX 78704' },
    ]);
  });
});

describe('event templates', () => {
  it('a status change to Under contract creates its message once', async () => {
    const event = await saveTemplate(teamA.coordinator, {
      subject: 'Under contract: {{listing.address}}',
      body: 'Hi {{buyer.display_name}}, we are under contract at {{listing.price}}.',
      to_roles: ['buyer'],
      trigger_kind: 'event',
      trigger_event: 'status_changed',
      trigger_status: 'under_contract',
    });
    expect(event.error, 'the coordinator saves an event template').toBeNull();
    const listing = await listingOf(teamA, '90 Event Way, Austin, TX 78704');
    await teamA.coordinator.client.rpc('add_listing_party', { listing_id: listing, role: 'buyer', contact: { name: 'Ed Buyer', email: mail('ed') } });
    const contract = await recordContract(teamA.agent, listing, { form: 'generic', effective_date: '2031-04-01', sales_price: 1250000, time_zone: 'America/Chicago' });
    await teamA.agent.client.from('contracts').update({ notes: 'amended' }).eq('id', contract);
    const messages = await messagesOf(event.data!.id, listing);
    expect(messages.map((m) => [m.status, m.trigger_reason, m.body]), 'one message, waiting, with its reason').toEqual([
      ['waiting', 'Status changed to Under Contract', 'Hi Ed Buyer, we are under contract at $1,250,000.'],
    ]);
    expect(messages[0].occurrence_key, 'keyed by the event').toMatch(new RegExp(`^event:${event.data!.id}:\\d+$`));
  });
});

describe('composed by hand, failed and retried', () => {
  it('compose waits for review, due now; five failed sends make it failed and tell the coordinator; retry approves it again', async () => {
    const listing = await listingOf(teamA, '92 Compose Court, Austin, TX 78704');
    await teamA.coordinator.client.rpc('add_listing_party', { listing_id: listing, role: 'buyer', contact: { name: 'Cam Buyer', email: mail('cam') } });
    const composed = await act(teamA.coordinator, 'compose_party_message', { listing_id: listing, template_id: lenderTemplate });
    expect([composed.data?.status, composed.data?.held_reason], 'no lender yet: held with the reason').toEqual([
      'held',
      '{{lender.name}}: no lender on this listing; {{date.option_period_end}}: no option period end date; no Lender / loan officer with an e-mail',
    ]);
    const other = await act(teamB.coordinator, 'compose_party_message', { listing_id: listing, template_id: lenderTemplate });
    expect(answer(other), 'another team: the listing is not found').toEqual({ status: 404, message: 'listing not found' });
    const edited = await act(teamA.coordinator, 'edit_party_message', { id: composed.data!.id, body_source: 'Hello {{buyer.name}}', to_roles: ['buyer'] });
    expect([edited.data?.status, edited.data?.body, edited.data?.trigger_reason], 'edited to the buyer: waiting, composed by hand').toEqual([
      'waiting',
      'Hello Cam Buyer',
      'Composed by hand by PartyMsgACoord Test',
    ]);
    const id = composed.data!.id;
    expect((await act(teamA.coordinator, 'send_party_message_now', { id })).data?.status, 'sent now').toBe('approved');
    let status = '';
    for (let attempt = 1; attempt <= 5; attempt++) {
      // As if each back-off had passed: the job claims it again and the SMTP server refuses it again.
      await withDb((db) => db.query(`update private.outbox set send_after = now() - interval '1 second' where payload->>'party_message_id' = $1`, [id]));
      const claimed = await serviceClient().rpc('claim_party_messages', { max_rows: 50 });
      expect((claimed.data as { id: string }[]).some((c) => c.id === id), `attempt ${attempt}: claimed`).toBe(true);
      status = (await serviceClient().rpc('finish_party_message', { id, error: '554 rejected' })).data as string;
    }
    expect(status, 'the fifth failure makes it failed').toBe('failed');
    const notice = await teamA.coordinator.client.from('notifications').select('title, action_url').eq('source_id', id);
    expect(notice.data, 'the coordinator is told').toEqual([{ title: 'Message failed: Loan timeline for 92 Compose Court, Austin, TX 78704', action_url: '/outbox' }]);
    const retried = await act(teamA.coordinator, 'retry_party_message', { id });
    expect([retried.data?.status, retried.data?.attempts], 'retry: approved again, attempts reset').toEqual(['approved', 0]);
    const again = await serviceClient().rpc('claim_party_messages', { max_rows: 50 });
    expect((again.data as { id: string }[]).some((c) => c.id === id), 'the job takes it again').toBe(true);
    expect((await serviceClient().rpc('finish_party_message', { id })).data, 'and sends it').toBe('sent');
  });
});

describe('live updates', () => {
  it('the changes of parties and party messages are told exactly to those the read policies let select them', async () => {
    const rows = await withDb(async (db) => [
      ...(await db.query(`select 'listing_parties' as table, id::text from public.listing_parties where listing_id = $1`, [listingId])).rows,
      // The messages of this file's templates (the demo data's global templates add theirs).
      ...(await db.query(`select 'party_messages' as table, id::text from public.party_messages where listing_id = $1 and template_id = any($2::uuid[])`, [listingId, [optionTemplate, lenderTemplate]])).rows,
    ]);
    expect(rows.length, 'two parties and two messages on the listing').toBe(4);
    const actors = [teamA.coordinator, teamA.agent, teamB.coordinator, teamB.agent, admin];
    for (const { table, id, heard, readers } of await toldAndReaders(actors, rows as { table: string; id: string }[])) {
      expect(heard, `${table} ${id}: told exactly those who may select it`).toEqual(readers);
      expect(readers, `${table} ${id}: the listing's coordinator, agent and the super admin read it`).toEqual([admin.key, teamA.agent.key, teamA.coordinator.key].sort());
    }
  });
});
