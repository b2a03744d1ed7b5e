/**
 * A flagged fact in the browser (issue 53): a coordinator reads a fillable
 * contract whose "Closing Date" field (page 1) and schedule line
 * (page 2) disagree. The review says the contract gives different values,
 * lists both with their citations, highlights the focused candidate's
 * citation on its own page (the form field's widget, the quoted line), and
 * one click on a candidate fills the field; the saved contract and the
 * intake log hold the pick. One page load for every check; screenshots at
 * desktop and phone widths; axe on both.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGREED_FACTS, CLOSING_CANDIDATES, flaggedClosingPdf } from '../tests/support/flagged-contract-pdf.ts';
import { sessionsPerPerson, signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, VIEWPORTS, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { createListing } from './support/contract-fixtures.ts';
import { query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();
const COORDINATOR = 'david.kim@listingdesk.test';
const AGENT = 'james.wilson@listingdesk.test';
const sessionOf = sessionsPerPerson(stack);

const fact = (page: Page, key: string) => page.locator(`[data-testid="intake-fact"][data-key="${key}"]`);
const highlightsOn = (page: Page, pageNumber: number) => page.locator(`[data-testid="pdf-page"][data-page="${pageNumber}"] [data-testid="citation-highlight"]`);

async function expectNoSeriousA11yViolations(page: Page, where: string) {
  expect(describeViolations(await seriousA11yViolations(page)), `axe: no serious or critical violation (${where})`).toBe('');
}

describe('contract intake: a fact the contract gives two values for', () => {
  let browser: TestBrowser;
  let tc: OpenedPage;
  let listingId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    listingId = await createListing(stack, AGENT, `${Date.now() % 10_000} Flagged Fact Dr, Austin, TX 78745`);
    tc = await openPage(browser, 'desktop');
    await signInAs(tc.page, appUrl, stack, COORDINATOR, `/listing/${listingId}?tab=contract`, await sessionOf(COORDINATOR));
    await tc.page.getByRole('button', { name: 'Read a contract' }).click({ timeout: 20_000 });
    const dialog = tc.page.getByRole('dialog', { name: 'Read a contract' });
    await dialog.getByTestId('contract-intake-file').setInputFiles({ name: 'contradicting-dates.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await flaggedClosingPdf()) });
    await fact(tc.page, 'closing_date').waitFor({ timeout: 30_000 });
    await tc.page.locator('[data-testid="pdf-page"][data-page="2"] canvas').waitFor();
  });

  afterAll(async () => {
    await tc?.close();
    await browser?.close();
  });

  test('the review lists both values with their citations, highlights the focused one on its page, and one click fills the field', async () => {
    const page = tc.page;
    const closing = fact(page, 'closing_date');
    expect(await closing.getAttribute('data-decision'), 'the flagged fact waits for the person').toBe('undecided');
    expect(await closing.textContent(), 'it says the contract gives different values').toContain('The contract gives 2 different values');
    expect(await closing.getByRole('textbox').inputValue(), 'nothing is filled in before a pick').toBe('');
    const fromField = closing.getByRole('button', { name: `Use ${CLOSING_CANDIDATES.field} (page 1)` });
    const fromText = closing.getByRole('button', { name: `Use ${CLOSING_CANDIDATES.text} (page 2)` });
    const candidates = closing.getByTestId('intake-candidate');
    expect(await candidates.allTextContents(), 'each candidate shows its value, its source and where it is').toEqual([
      `Use ${CLOSING_CANDIDATES.field} (page 1)Form fieldPage 1, form field “Closing Date”: 03/03/2027`,
      `Use ${CLOSING_CANDIDATES.text} (page 2)TextPage 2: “Closing Date: April 5, 2027”`,
    ]);

    await fromField.focus();
    await highlightsOn(page, 1).first().waitFor();
    expect([await highlightsOn(page, 1).count(), await highlightsOn(page, 2).count()], "the form field candidate's widget is highlighted on page 1 only").toEqual([1, 0]);
    const widget = await highlightsOn(page, 1).boundingBox();
    const pageOne = await page.locator('[data-testid="pdf-page"][data-page="1"]').boundingBox();
    expect(widget!.y - pageOne!.y < pageOne!.height / 3 && widget!.width < pageOne!.width / 2, 'the box is the widget near the top of page 1, not the whole page').toBe(true);

    await fromText.focus();
    await highlightsOn(page, 2).first().waitFor();
    expect([await highlightsOn(page, 1).count(), await highlightsOn(page, 2).count() > 0], "the schedule line's citation is highlighted on page 2 only").toEqual([0, true]);
    await saveScreenshot(page, 'contract-intake-flagged-desktop');
    await expectNoSeriousA11yViolations(page, 'review with a flagged fact');

    await fromText.click();
    expect(await closing.getByRole('textbox').inputValue(), 'one click fills the field with the picked value').toBe(CLOSING_CANDIDATES.text);
    expect([await closing.getAttribute('data-decision'), await fromText.getAttribute('aria-pressed'), await fromField.getAttribute('aria-pressed')], 'the pick is accepted and shown as pressed').toEqual([
      'accepted',
      'true',
      'false',
    ]);
    await page.getByTestId('intake-preview-deadline').first().waitFor();

    await page.setViewportSize(VIEWPORTS.phone.viewport);
    // The facts column scrolls inside the dialog: the flagged fact at its top, clear of the sticky save bar; the dialog is
    // fixed to the screen, so with the page at the top it stands at the top of the full-page shot.
    await closing.evaluate((row) => row.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'contract-intake-flagged-phone');
    await expectNoSeriousA11yViolations(page, 'review with a flagged fact on a phone-sized screen');
    await page.setViewportSize(VIEWPORTS.desktop.viewport);
  });

  test('saving records the picked value in the contract and the pick in the intake log', async () => {
    const page = tc.page;
    const dialog = page.getByRole('dialog', { name: 'Read a contract' });
    // Whatever else the reader flags (low confidence) is accepted as checked, as a person would; the closing date stays the pick.
    for (const undecided of await page.locator('[data-testid="intake-fact"][data-decision="undecided"]').all()) {
      const accept = undecided.getByRole('button', { name: /^Accept / });
      if (await accept.count()) await accept.click();
    }
    await dialog.getByRole('button', { name: 'Create contract' }).click();
    await dialog.waitFor({ state: 'detached' });
    const [contract] = await query<{ closing_date: string; effective_date: string }>(
      stack,
      "select to_char(closing_date, 'YYYY-MM-DD') as closing_date, to_char(effective_date, 'YYYY-MM-DD') as effective_date from public.contracts where listing_id = $1 and status = 'active'",
      [listingId],
    );
    expect(contract, 'the contract holds the picked closing date and the agreed effective date').toEqual({ closing_date: CLOSING_CANDIDATES.text, effective_date: AGREED_FACTS.effective_date });
    const [intake] = await query<{ accepted: Record<string, { outcome: string; candidate: number; source: string | null }> }>(stack, 'select accepted from public.contract_intakes where listing_id = $1', [listingId]);
    expect(intake.accepted.closing_date, 'the log records which candidate was picked, as no proposal of a source').toMatchObject({ outcome: 'picked_candidate', candidate: 1, source: null });
    expect(tc.pageErrors.map((error) => error.message), 'no uncaught errors').toEqual([]);
  });
});
