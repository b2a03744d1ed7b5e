/**
 * Messages to a deal's parties (issue 55) as a coordinator: a message
 * template with merge fields and a key-date trigger (an unknown field is
 * refused first, shown next to the text), then the Outbox: the message the
 * job wrote for a listing of the test's own, its key date moved by an
 * amendment while the Outbox is open, shows what changed at once (live: send
 * time and text, old → new) and is approved; the listing's Parties tab lists
 * its messages and writes one from a template, reviewed in the edit dialog
 * before it waits for approval. The viewer sits in New York, the property
 * in Texas: both times show. Screenshots at desktop and phone sizes; axe on
 * each screen.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessionsPerPerson, signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { createListing, dayInZone, recordContract } from './support/contract-fixtures.ts';
import { clientWithToken, query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const COORDINATOR = 'david.kim@listingdesk.test';
const AGENT = 'sarah.thompson@listingdesk.test';
const VIEWER_ZONE = 'America/New_York';
const sessionOf = sessionsPerPerson(stack);
const run = Date.now() % 100_000;
const ADDRESS = `${run} Outbox Oak Dr, Austin, TX 78704`;
const TEMPLATE = `Option ends tomorrow ${run}`;
/** The subject the template renders for the test's listing (its row's name in the Outbox). */
const SUBJECT = `Option period for ${ADDRESS}`;
const BUYERS_AGENT = { name: `Bea Broker ${run}`, display_name: 'Bea', email: `bea.${run}@example.test` };

async function expectNoSeriousA11yViolations(page: Page, where: string) {
  expect(describeViolations(await seriousA11yViolations(page)), `axe: no serious or critical violation (${where})`).toBe('');
}

async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"], [aria-busy="true"]').length === 0);
}

/** 'Tue, Dec 1, 2026' of an instant in the viewer's zone, as the Outbox writes its send times. */
const viewerDay = (instant: string) => new Intl.DateTimeFormat('en-US', { timeZone: VIEWER_ZONE, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(instant));

describe('party messages: a template, then its message approved in the Outbox', () => {
  let browser: TestBrowser;
  let tc: OpenedPage;
  let listingId: string;
  let contractId: string;
  let david: ReturnType<typeof clientWithToken>;

  beforeAll(async () => {
    browser = await launchBrowser();
    david = clientWithToken(stack, (await sessionOf(COORDINATOR)).access_token);
    listingId = await createListing(stack, AGENT, ADDRESS);
    contractId = await recordContract(david, listingId, { form: 'trec-20-18', effective_date: dayInZone(0), option_days: 10, closing_date: dayInZone(40) });
    const party = await david.rpc('add_listing_party', { listing_id: listingId, role: 'buyers_agent', contact: BUYERS_AGENT });
    if (party.error) throw new Error(`adding the buyer's agent failed: ${party.error.message}`);
    tc = await openPage(browser, 'desktop', { timezoneId: VIEWER_ZONE });
    await signInAs(tc.page, appUrl, stack, COORDINATOR, '/message-templates', await sessionOf(COORDINATOR));
    await tc.page.getByRole('heading', { name: 'Message Templates', level: 1 }).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await tc?.close();
    await browser?.close();
  });

  test('a template with merge fields and a key-date trigger; an unknown field is refused next to the text first', async () => {
    const page = tc.page;
    await page.getByRole('button', { name: 'New template' }).click();
    const editor = page.getByRole('form', { name: 'New message template' });
    await editor.getByLabel('Name').fill(TEMPLATE);
    await editor.getByLabel('Subject').fill('Option period for {{ listing.address }}');
    await editor.getByLabel('Message').fill('Hi {{buyers_agent.display_name}},\n\nThe option period on {{listing.adress}} ends {{date.option_period_end}}.\n\n');
    // The picker puts a field at the cursor: the end of the text.
    await editor.getByLabel('Message').press('End');
    await editor.getByRole('button', { name: 'Insert field' }).click();
    await page.getByLabel('Search merge fields').fill('signature');
    await page.getByRole('button', { name: /coordinator\.signature/ }).click();
    expect(await editor.getByLabel('Message').inputValue(), 'the picked field is inserted at the cursor').toMatch(/\{\{coordinator\.signature\}\}$/);
    await editor.getByRole('checkbox', { name: "Buyer's agent" }).first().click();
    await editor.getByRole('combobox', { name: 'When' }).click();
    await page.getByRole('option', { name: 'Before or after a key date' }).click();
    await editor.getByRole('combobox', { name: 'Key date' }).click();
    await page.getByRole('option', { name: 'Option period ends', exact: true }).click();
    await editor.getByRole('spinbutton', { name: 'Days' }).fill('1');

    await editor.getByRole('button', { name: 'Save template' }).click();
    const bodyError = editor.locator('#message-template-body-error');
    await bodyError.waitFor();
    expect(await bodyError.innerText(), "the database's 400 names the unknown field, next to the text").toContain('{{listing.adress}}');
    expect(await query(stack, 'select 1 from public.message_templates where name = $1', [TEMPLATE]), 'nothing was saved').toHaveLength(0);
    await settled(page);
    await saveScreenshot(page, 'message-template-unknown-field-desktop');
    await expectNoSeriousA11yViolations(page, 'template editor with the refusal');

    const body = await editor.getByLabel('Message').inputValue();
    await editor.getByLabel('Message').fill(body.replace('listing.adress', 'listing.address'));
    await editor.getByRole('button', { name: 'Save template' }).click();
    const refusal = editor.locator('.text-destructive');
    await page.getByText('Template saved').first().or(refusal.getByText('merge field')).first().waitFor();
    expect(await refusal.allInnerTexts(), 'the corrected template is accepted').toEqual([]);
    const [stored] = await query<{ trigger_kind: string; trigger_deadline_key: string; trigger_offset_days: number; to_roles: string[]; owner: string }>(
      stack,
      `select t.trigger_kind, t.trigger_deadline_key, t.trigger_offset_days, t.to_roles, u.email as owner
       from public.message_templates t join public.users u on u.id = t.owner_tc_id where t.name = $1`,
      [TEMPLATE],
    );
    expect(stored, 'the template is the coordinator’s own, one day before the option period ends, to the buyer’s agent').toEqual({
      trigger_kind: 'key_date',
      trigger_deadline_key: 'option_period_end',
      trigger_offset_days: -1,
      to_roles: ['buyers_agent'],
      owner: COORDINATOR,
    });
    await page.getByTestId('message-template-row').filter({ hasText: TEMPLATE }).getByText('Own').waitFor();
  });

  test('the Outbox shows what an amendment changed, old → new, and the message is approved', async () => {
    const page = tc.page;
    await query(stack, 'select public.enqueue_party_messages()');
    const messageOf = () =>
      query<{ id: string; status: string; send_at: string; changed_at: string | null }>(
        stack,
        `select m.id, m.status, m.send_at::text, m.changed_at::text from public.party_messages m
         join public.message_templates t on t.id = m.template_id where m.listing_id = $1 and t.name = $2`,
        [listingId, TEMPLATE],
      );
    const [written] = await messageOf();
    expect(written, 'the job wrote one message for the listing, waiting for approval').toMatchObject({ status: 'waiting', changed_at: null });

    await page.getByRole('link', { name: 'Outbox' }).click();
    await page.getByRole('heading', { name: 'Outbox', level: 1 }).waitFor();
    const row = page.getByRole('listitem', { name: SUBJECT, exact: true });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('changed-since-seen').count(), 'a message nobody changed has no change to show').toBe(0);

    // The amendment while the Outbox is open: the change reaches it live.
    const amended = await david.from('contracts').update({ option_days: 12 }).eq('id', contractId).select('id');
    expect(amended.error, 'the amendment is saved').toBeNull();
    const [moved] = await messageOf();
    expect(moved.changed_at, 'the queued message was rendered again and marked changed').not.toBeNull();
    expect(Date.parse(moved.send_at) - Date.parse(written.send_at), 'it goes two days later').toBe(2 * 86_400_000);

    const change = row.getByTestId('send-at-change');
    await change.waitFor({ timeout: 10_000 });
    const changeText = await change.innerText();
    expect(changeText, 'the old send day is shown').toContain(viewerDay(written.send_at));
    expect(changeText, 'the new send day is shown').toContain(viewerDay(moved.send_at));
    expect(changeText, 'the property’s own time is beside the viewer’s').toContain('where the property is');
    expect(await row.getByLabel('Text changes').getByText(/^Removed:/).count(), 'the text line with the old date is shown removed').toBeGreaterThan(0);
    expect(await row.innerText(), 'the recipient is the buyer’s agent by name').toContain(BUYERS_AGENT.name);
    await settled(page);
    await saveScreenshot(page, 'outbox-changed-desktop');
    await expectNoSeriousA11yViolations(page, 'Outbox with a changed message');

    // Edit keeps the merge fields (the message is rendered again from them); cancelled here.
    await row.getByRole('button', { name: /^Edit:/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit message' });
    expect(await dialog.getByLabel('Subject').inputValue(), 'the edit shows the subject with its merge field').toBe('Option period for {{ listing.address }}');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: /^Approve:/ }).click();
    await page.getByText('Message approved').first().waitFor();
    await row.waitFor({ state: 'detached' });
    const [approved] = await messageOf();
    expect(approved, 'the message is approved and no longer marked changed').toMatchObject({ status: 'approved', changed_at: null });
    await page.getByRole('tab', { name: /Scheduled/ }).click();
    await page.getByRole('listitem', { name: SUBJECT, exact: true }).waitFor();
  });

  test("the listing's Parties tab: its messages, and one written from a template and reviewed", async () => {
    const page = tc.page;
    await page.goto(`${appUrl}/listing/${listingId}?tab=parties`);
    const section = page.getByRole('region', { name: 'Messages for parties' });
    await section.getByRole('listitem', { name: SUBJECT, exact: true }).getByText('Scheduled').waitFor({ timeout: 20_000 });

    await section.getByRole('combobox', { name: 'Send a message' }).click();
    await page.getByRole('option', { name: TEMPLATE, exact: true }).click();
    await section.getByRole('button', { name: 'Write message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit message' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Subject').inputValue(), "the composed message starts from the template's subject").toBe('Option period for {{ listing.address }}');
    await dialog.getByLabel('Subject').fill('Quick note on {{ listing.address }}');
    await dialog.getByRole('button', { name: 'Save message' }).click();
    await page.getByText('Message saved').first().waitFor();
    const composed = section.getByRole('listitem', { name: `Quick note on ${ADDRESS}`, exact: true });
    await composed.getByText('Waiting').waitFor();
    const stored = await query<{ status: string; occurrence_key: string }>(stack, 'select status, occurrence_key from public.party_messages where listing_id = $1 and subject = $2', [
      listingId,
      `Quick note on ${ADDRESS}`,
    ]);
    expect(stored, 'one message composed by hand, waiting for approval').toEqual([{ status: 'waiting', occurrence_key: expect.stringMatching(/^manual:/) as unknown as string }]);
    await settled(page);
    await saveScreenshot(page, 'listing-party-messages-desktop');
    await expectNoSeriousA11yViolations(page, "the listing's messages for parties");
  });

  test('phone: the Outbox and the templates fit', async () => {
    const phone = await openPage(browser, 'phone', { timezoneId: VIEWER_ZONE });
    try {
      await signInAs(phone.page, appUrl, stack, COORDINATOR, '/outbox?tab=approved', await sessionOf(COORDINATOR));
      await phone.page.getByTestId('party-message-row').first().waitFor({ timeout: 20_000 });
      await settled(phone.page);
      await saveScreenshot(phone.page, 'outbox-phone');
      await expectNoSeriousA11yViolations(phone.page, 'Outbox on a phone');
      const overflow = () => phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow(), 'nothing in the Outbox is wider than the phone').toBeLessThanOrEqual(0);

      await phone.page.goto(`${appUrl}/message-templates`);
      await phone.page.getByTestId('message-template-row').filter({ hasText: TEMPLATE }).getByRole('button', { name: `Edit ${TEMPLATE}` }).click();
      await phone.page.getByRole('form', { name: 'Edit message template' }).waitFor();
      await settled(phone.page);
      await saveScreenshot(phone.page, 'message-templates-phone');
      await expectNoSeriousA11yViolations(phone.page, 'message template editor on a phone');
      expect(await overflow(), 'nothing in the template editor is wider than the phone').toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });
});
