/**
 * E-mails to and from a deal's parties on the listing's Messages thread
 * (issue 55, part C) in Chromium: with the coordinator's listing open on
 * Messages, a message sent to the buyer by the party-messages function shows
 * as "E-mail to <buyer>" with its subject, and the buyer's reply, sent by a
 * real SMTP client to the listing's address, appears live as "E-mail from
 * <buyer>". Screenshots at desktop and phone size; axe finds no serious
 * violation.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listingAddress, sendInboundMail } from '../tests/support/inbound-mail.ts';
import { signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { clientAs, query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const COORDINATOR = 'olivia.chen@listingdesk.test';
const AGENT = 'marcus.johnson@listingdesk.test';
const tag = crypto.randomUUID().slice(0, 6);
const buyer = { name: 'Celia Ortiz', email: `celia.${tag}@buyers.example` };
const SUBJECT = `Option period ends soon ${tag}`;

describe('the listing thread: e-mails to and from parties', () => {
  let browser: TestBrowser;
  let tc: OpenedPage;
  let listingId: string;
  let templateId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    // A listing of its own (Marcus's, coordinated by Olivia), so no other browser test finds these messages.
    const [row] = await query<{ id: string }>(
      stack,
      `insert into public.listings (address, agent_id, tc_id)
       select '19 Party Mail Ln', u.id, u.assigned_tc_id from public.users u where u.email = $1 and u.role = 'agent' returning id`,
      [AGENT],
    );
    listingId = row!.id;
    const { client } = await clientAs(stack, COORDINATOR);
    const party = await client.rpc('add_listing_party', { listing_id: listingId, role: 'buyer', contact: buyer });
    expect(party.error, 'Olivia adds the buyer').toBeNull();
    const template = await client
      .from('message_templates')
      .insert({ name: `Thread ${tag}`, subject: SUBJECT, body: 'Hi {{buyer.display_name}},\n\nYour option period ends soon.', to_roles: ['buyer'], trigger_kind: 'manual' })
      .select('id')
      .single();
    expect(template.error, 'Olivia saves a manual template').toBeNull();
    templateId = template.data!.id as string;
    const composed = await client.rpc('compose_party_message', { listing_id: listingId, template_id: templateId });
    expect(composed.error, 'Olivia composes the message').toBeNull();
    const approved = await client.rpc('approve_party_message', { id: (composed.data as { id: string }).id });
    expect(approved.error, 'and approves it').toBeNull();
    const sent = await fetch(`${stack.apiUrl}/functions/v1/party-messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(sent.status, `the scheduler's run sends it: ${await sent.text()}`).toBe(200);
    tc = await openPage(browser, 'desktop');
    await signInAs(tc.page, appUrl, stack, COORDINATOR, `/listing/${listingId}?tab=messages`);
    await tc.page.getByRole('tab', { name: 'Messages', selected: true }).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await tc?.close();
    await browser?.close();
    if (listingId) await query(stack, 'delete from public.listings where id = $1', [listingId]);
    if (templateId) await query(stack, 'delete from public.message_templates where id = $1', [templateId]);
    await query(stack, 'delete from public.contacts where email = $1', [buyer.email]);
  });

  test('the sent message shows as an e-mail to the buyer; her reply appears live as an e-mail from her', async () => {
    const sentRow = tc.page.getByTestId('message').filter({ hasText: `E-mail to ${buyer.name}` });
    await sentRow.waitFor({ timeout: 15_000 });
    expect(await sentRow.getByTestId('email-subject').textContent(), 'with its subject').toBe(SUBJECT);
    expect(await sentRow.getAttribute('data-own'), "on the coordinator's side: she sent it").toBe('true');

    await sendInboundMail(stack, { from: `${buyer.name} <${buyer.email}>`, to: listingAddress(listingId), subject: `Re: ${SUBJECT}`, text: 'Thanks, we will decide by tonight.' });
    const reply = tc.page.getByTestId('message').filter({ hasText: `E-mail from ${buyer.name}` });
    await reply.waitFor({ timeout: 15_000 });
    expect(await reply.getByTestId('email-subject').textContent(), 'the reply with its subject').toBe(`Re: ${SUBJECT}`);
    expect(await reply.getByText('Thanks, we will decide by tonight.').isVisible(), 'and its text').toBe(true);
    expect(await reply.getAttribute('data-own'), 'on the other side').toBe('false');

    expect(describeViolations(await seriousA11yViolations(tc.page)), 'axe: no serious or critical violation').toBe('');
    await saveScreenshot(tc.page, 'listing-thread-party-mail-desktop');
    const phone = await openPage(browser, 'phone');
    try {
      await signInAs(phone.page, appUrl, stack, COORDINATOR, `/listing/${listingId}?tab=messages`);
      await phone.page.getByTestId('message').filter({ hasText: `E-mail from ${buyer.name}` }).waitFor({ timeout: 20_000 });
      await saveScreenshot(phone.page, 'listing-thread-party-mail-phone');
      expect([...tc.pageErrors, ...phone.pageErrors].map((e) => e.message), 'no uncaught errors').toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
