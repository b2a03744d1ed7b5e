/**
 * Mail to a listing's forwarding address in the browser (issue 17): with the
 * coordinator's listing open, a team member's mail (PDF + JPEG) appears live
 * as an 'E-mail' note and two documents; strangers' mails appear live in the
 * Review inbox, one is accepted (filed) and one discarded. Screenshots at
 * desktop and phone size; axe finds no serious violation.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listingAddress, SAMPLE_JPEG, SAMPLE_PDF, sendInboundMail } from '../tests/support/inbound-mail.ts';
import { signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const COORDINATOR = 'olivia.chen@listingdesk.test';
const MEMBER = 'marcus.johnson@listingdesk.test';

describe('mail to a listing: live filing and the review inbox', () => {
  let browser: TestBrowser;
  let tc: OpenedPage;
  let listingId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    // A listing of its own (Marcus's, coordinated by Olivia), so no other browser test finds mail filed on its listings.
    const [row] = await query<{ id: string }>(
      stack,
      `insert into public.listings (address, agent_id, tc_id)
       select '77 Inbound Mail Ln', u.id, u.assigned_tc_id from public.users u where u.email = $1 and u.role = 'agent' returning id`,
      [MEMBER],
    );
    listingId = row!.id;
    tc = await openPage(browser, 'desktop');
    await signInAs(tc.page, appUrl, stack, COORDINATOR, `/listing/${listingId}?tab=notes`);
    await tc.page.getByRole('tab', { name: 'Notes', selected: true }).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await tc?.close();
    await browser?.close();
    if (listingId) await query(stack, 'delete from public.listings where id = $1', [listingId]);
  });

  test("a team member's mail appears live as an E-mail note and two documents", async () => {
    const subject = `Signed disclosure ${crypto.randomUUID().slice(0, 6)}`;
    await sendInboundMail(stack, {
      from: `Marcus Johnson <${MEMBER}>`,
      to: listingAddress(listingId),
      subject,
      text: 'Seller disclosure signed; photo of the meter attached.',
      attachments: [
        { filename: 'seller-disclosure.pdf', content: SAMPLE_PDF },
        { filename: 'meter.jpg', content: SAMPLE_JPEG },
      ],
    });
    const note = tc.page.getByTestId('note').filter({ hasText: subject });
    await note.waitFor({ timeout: 15_000 });
    expect(await note.getByText('E-mail', { exact: true }).isVisible(), "the filed note carries the 'E-mail' badge").toBe(true);
    expect(await note.getByRole('link', { name: 'open in Documents' }).count(), 'the note links to both filed documents').toBe(2);
    await note.getByRole('link', { name: 'open in Documents' }).first().click();
    await tc.page.getByRole('tab', { name: 'Documents', selected: true }).waitFor();
    await tc.page.getByText('seller-disclosure.pdf').first().waitFor({ timeout: 15_000 });
    expect(await tc.page.getByText('meter.jpg').first().isVisible(), 'the JPEG is listed among the documents').toBe(true);
    await tc.page.getByRole('tab', { name: 'Notes' }).click();
    await tc.page.getByRole('tab', { name: 'Notes', selected: true }).waitFor();
  });

  test("strangers' mail waits in the Review inbox: one accepted, one discarded", async () => {
    const keep = `Title commitment ${crypto.randomUUID().slice(0, 6)}`;
    const spam = `Cheap loans ${crypto.randomUUID().slice(0, 6)}`;
    await sendInboundMail(stack, { from: 'Title Company <closing@title.example>', to: listingAddress(listingId), subject: keep, text: 'Commitment attached.', attachments: [{ filename: 'title-commitment.pdf', content: SAMPLE_PDF }] });
    await sendInboundMail(stack, { from: 'offers@spam.example', to: listingAddress(listingId), subject: spam, text: 'Click here.' });

    const inbox = tc.page.getByRole('region', { name: 'Review inbox' });
    await inbox.getByText(spam).waitFor({ timeout: 15_000 });
    expect(await inbox.getByText(keep).isVisible(), 'both pending mails are listed live').toBe(true);
    expect(await inbox.getByText('title-commitment.pdf').isVisible(), 'the attachment names are shown').toBe(true);
    expect(await tc.page.getByTestId('note').filter({ hasText: keep }).count(), 'nothing from a stranger is filed before review').toBe(0);
    expect(describeViolations(await seriousA11yViolations(tc.page)), 'axe: no serious or critical violation (review inbox)').toBe('');
    await saveScreenshot(tc.page, 'inbound-email-review-inbox-desktop');

    const phone = await openPage(browser, 'phone');
    try {
      await signInAs(phone.page, appUrl, stack, COORDINATOR, `/listing/${listingId}?tab=notes`);
      await phone.page.getByRole('region', { name: 'Review inbox' }).getByText(spam).waitFor({ timeout: 20_000 });
      expect(describeViolations(await seriousA11yViolations(phone.page)), 'axe: no serious or critical violation (phone)').toBe('');
      await saveScreenshot(phone.page, 'inbound-email-review-inbox-phone');
    } finally {
      await phone.close();
    }

    await inbox.getByTestId('pending-mail').filter({ hasText: keep }).getByRole('button', { name: 'Accept' }).click();
    await tc.page.getByText('E-mail filed').first().waitFor();
    await tc.page.getByTestId('note').filter({ hasText: keep }).waitFor({ timeout: 15_000 });

    await inbox.getByTestId('pending-mail').filter({ hasText: spam }).getByRole('button', { name: 'Discard' }).click();
    await tc.page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
    await tc.page.getByText('E-mail discarded').first().waitFor();
    await inbox.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await tc.page.getByTestId('note').filter({ hasText: spam }).count(), 'discarded mail is never filed').toBe(0);
    const rows = await query<{ subject: string; status: string }>(stack, 'select subject, status from public.inbound_emails where subject = any($1)', [[keep, spam]]);
    expect(Object.fromEntries(rows.map((r) => [r.subject, r.status])), 'one filed, one discarded').toEqual({ [keep]: 'filed', [spam]: 'discarded' });
    await saveScreenshot(tc.page, 'inbound-email-filed-desktop');
  });
});
