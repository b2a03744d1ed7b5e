/**
 * The listing's Contract tab with a coordinator and the listing's agent
 * signed in at once (two browser contexts): the coordinator records a TREC
 * contract after previewing its key dates, the agent sees the timeline arrive
 * live and marks a deadline done, which reaches the coordinator live; a date
 * changed by hand keeps its computed date beside it through an amendment
 * reviewed old → new; terminating needs a reason; a second contract closes
 * the listing. Screenshots at desktop and phone sizes; axe on each state.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessionsPerPerson, signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { createListing, dayInZone } from './support/contract-fixtures.ts';
import { query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const COORDINATOR = 'david.kim@listingdesk.test';
const AGENT = 'james.wilson@listingdesk.test';
const sessionOf = sessionsPerPerson(stack);

/** Ten days before today in Texas: the option period (7 days, 5:00 PM) ended three days ago, the title commitment (20) is ten days ahead. */
const EFFECTIVE = dayInZone(-10);

async function expectNoSeriousA11yViolations(page: Page, where: string) {
  expect(describeViolations(await seriousA11yViolations(page)), `axe: no serious or critical violation (${where})`).toBe('');
}

async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"], [aria-busy="true"]').length === 0);
}

/** Closes open toasts: they sit over the lower right of the page, where a click may be aimed. */
async function dismissToasts(page: Page) {
  for (const close of await page.locator('[data-slot="toast-close"]').all()) await close.click({ force: true }).catch(() => undefined);
}

const deadline = (page: Page, key: string): Locator => page.locator(`[data-testid="deadline"][data-key="${key}"]`).first();
const activeContract = (page: Page) => page.getByTestId('active-contract');

async function listingStatus(listingId: string): Promise<string> {
  const [row] = await query<{ status: string }>(stack, 'select status from public.listings where id = $1', [listingId]);
  return row.status;
}

describe('contract tab: coordinator and agent together', () => {
  let browser: TestBrowser;
  let tc: OpenedPage;
  let agent: OpenedPage;
  let listingId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    // A listing of this test's own: recording, terminating and closing contracts change its status.
    listingId = await createListing(stack, AGENT, `${Date.now() % 10_000} Contract Test Ln, Austin, TX 78704`);
    tc = await openPage(browser, 'desktop');
    agent = await openPage(browser, 'desktop');
    await signInAs(tc.page, appUrl, stack, COORDINATOR, `/listing/${listingId}?tab=contract`, await sessionOf(COORDINATOR));
    await signInAs(agent.page, appUrl, stack, AGENT, `/listing/${listingId}?tab=contract`, await sessionOf(AGENT));
    await tc.page.getByRole('button', { name: 'Record a contract' }).waitFor({ timeout: 20_000 });
    await agent.page.getByText('No contract on this listing yet.').waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await tc?.close();
    await agent?.close();
    await browser?.close();
  });

  test('the coordinator previews and records a TREC contract; the agent sees the timeline arrive live', async () => {
    const page = tc.page;
    await page.getByRole('button', { name: 'Record a contract' }).click();
    await page.getByRole('radio', { name: /TREC 20-18/ }).check();
    await page.getByText('Enter the effective date to see the key dates.').waitFor();

    await page.getByLabel('Effective date (required)').fill(EFFECTIVE);
    await page.getByLabel('Option period (days)').fill('7');
    await page.getByLabel('Closing date').fill(dayInZone(30));
    await page.getByLabel('Sales price ($)').fill('$512,500');
    await page.getByLabel('Earnest money ($)').fill('5000');
    await page.getByLabel('Option fee ($)').fill('-5');
    await page.getByText('Enter an amount of 0 or more, e.g. 350000 or 350000.00').waitFor();
    await page.getByText('Correct the marked fields to see the key dates.').waitFor();
    await page.getByLabel('Option fee ($)').fill('250');
    await page.getByLabel('Buyers', { exact: true }).fill('Priya & Sam Raman');
    await page.getByLabel("Buyer's agent e-mail").fill('not-an-address');
    await page.getByText('Enter a valid e-mail address').waitFor();
    await page.getByLabel("Buyer's agent e-mail").fill('lee@buyers.example');

    // The preview comes from the database before anything is saved.
    const preview = page.getByTestId('contract-preview');
    await preview.locator('[data-key="option_period_end"]').waitFor();
    expect(await preview.locator('[data-key="title_commitment"]').count(), 'the title commitment (default 20 days) is previewed').toBe(1);
    expect(await preview.locator('[data-key="survey"]').count(), 'no survey date without survey days').toBe(0);
    await preview.locator('[data-key="earnest_money"]').getByRole('button', { name: 'How this date is computed' }).click();
    expect(await preview.getByTestId('deadline-rule').first().textContent(), 'the rule says how the date came about').toMatch(/^3 days after /);
    await saveScreenshot(page, 'contract-record-tc-desktop');
    await expectNoSeriousA11yViolations(page, 'record form with preview');
    expect(await listingStatus(listingId), 'nothing is saved by previewing').toBe('live');

    await page.getByRole('button', { name: 'Save contract' }).click();
    await page.getByText('Contract recorded').first().waitFor();
    await activeContract(page).waitFor();
    expect(await deadline(page, 'option_period_end').getAttribute('data-state'), 'the option period ended 3 days ago: overdue (red)').toBe('overdue');
    expect(await deadline(page, 'option_period_end').getByTestId('countdown').textContent(), 'counted in Texas calendar days').toContain('overdue 3 days');
    expect(await deadline(page, 'title_commitment').getByTestId('countdown').textContent(), 'E + 20 is ten days ahead').toContain('in 10 days');
    const keys = await page.locator('[data-testid="deadline"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key')));
    expect(keys, 'the timeline is ordered by due date').toEqual(['earnest_money', 'option_fee', 'option_period_end', 'title_commitment', 'closing']);
    expect(await listingStatus(listingId), 'recording the contract puts the listing under contract').toBe('under_contract');

    // The agent's page fills in without a reload, with the agent's own controls.
    await activeContract(agent.page).waitFor({ timeout: 5000 });
    await deadline(agent.page, 'closing').waitFor();
    await agent.page.locator('[data-testid="listing-status-badge"][data-status="under_contract"]').first().waitFor({ timeout: 5000 });
    expect(await activeContract(agent.page).getByRole('button', { name: 'Amend' }).count(), 'the agent amends their own contract').toBe(1);
    expect(await activeContract(agent.page).getByRole('button', { name: 'Close', exact: true }).count(), "closing is the coordinator's").toBe(0);
    expect(await activeContract(agent.page).getByRole('button', { name: 'Terminate' }).count(), "terminating is the coordinator's").toBe(0);
    expect(await activeContract(page).getByRole('button', { name: 'Close', exact: true }).count(), 'the coordinator may close').toBe(1);
    expect(await activeContract(page).getByRole('button', { name: 'Terminate' }).count(), 'the coordinator may terminate').toBe(1);

    // Issue 52: while the contract is active, the status selector offers no other status and says where to go.
    await page.getByRole('combobox', { name: 'Listing status' }).click();
    const refusal = page.getByTestId('status-refusal-ready');
    await refusal.waitFor({ timeout: 5000 });
    expect(await refusal.textContent(), 'an active contract: close or terminate it').toBe('Close or terminate the contract on the Contract tab');
    expect(await page.getByRole('option', { name: /^Ready/ }).getAttribute('aria-disabled'), 'Ready is not offered').toBe('true');
    expect(await page.getByRole('option', { name: /^Closed/ }).getAttribute('aria-disabled'), 'nor Closed: closing the contract closes the listing').toBe('true');
    await page.keyboard.press('Escape');
  });

  test('the agent marks a deadline done; the coordinator sees it turn green live', async () => {
    const row = deadline(agent.page, 'option_period_end');
    await row.getByRole('button', { name: 'Mark done' }).click();
    await agent.page.locator('[data-testid="deadline"][data-key="option_period_end"][data-state="done"]').waitFor();
    await tc.page.locator('[data-testid="deadline"][data-key="option_period_end"][data-state="done"]').waitFor({ timeout: 5000 });
    expect(await deadline(tc.page, 'option_period_end').textContent(), 'who marked it done is shown').toContain('by James Wilson');
    const [stored] = await query<{ status: string; done_by_email: string }>(
      stack,
      `select d.status, u.email as done_by_email from public.contract_deadlines d join public.users u on u.id = d.done_by
       join public.contracts c on c.id = d.contract_id where c.listing_id = $1 and d.key = 'option_period_end'`,
      [listingId],
    );
    expect(stored, 'the database recorded who marked it done').toEqual({ status: 'done', done_by_email: AGENT });
  });

  test('a date changed by hand keeps the computed one beside it, through an amendment reviewed old → new', async () => {
    const page = tc.page;
    await dismissToasts(page);
    await deadline(page, 'title_commitment').getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Change date' }).click();
    const dialog = page.getByRole('dialog', { name: /Change date/ });
    await dialog.getByLabel('Date').fill(dayInZone(12));
    await dialog.getByLabel('Time (America/Chicago)').fill('17:00');
    await dialog.getByRole('button', { name: 'Save date' }).click();
    await deadline(page, 'title_commitment').getByTestId('computed-date').waitFor();
    expect(await deadline(page, 'title_commitment').getByTestId('countdown').textContent(), 'the changed date counts down').toContain('in 12 days');
    await deadline(agent.page, 'title_commitment').getByTestId('computed-date').waitFor({ timeout: 5000 });

    await dismissToasts(page);
    await activeContract(page).getByRole('button', { name: 'Amend' }).click();
    await page.getByLabel('Survey (days)').fill('15');
    await page.getByLabel('Title commitment (days)').fill('25');
    await page.getByRole('button', { name: 'Review changes' }).click();
    const review = page.getByRole('list', { name: 'Dates before and after the amendment' });
    await review.waitFor();
    const change = async (label: string) => review.getByTestId('amendment-row').filter({ hasText: label }).getAttribute('data-change');
    expect(await change('Survey due'), 'the survey date is new').toBe('added');
    expect(await change('Title commitment due'), 'the hand-changed title date stays').toBe('kept-by-hand');
    expect(await change('Closing'), 'the closing does not move').toBe('unchanged');
    await saveScreenshot(page, 'contract-amend-review-tc-desktop');
    await expectNoSeriousA11yViolations(page, 'amendment review');
    await page.getByRole('button', { name: 'Save amendment' }).click();
    await deadline(page, 'survey').waitFor();
    expect(await deadline(page, 'survey').getByTestId('countdown').textContent(), 'E + 15 is five days ahead').toContain('in 5 days');
    await deadline(agent.page, 'survey').waitFor({ timeout: 5000 });

    // Back to the computed date: now E + 25.
    await dismissToasts(page);
    await deadline(page, 'title_commitment').getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Back to computed date' }).click();
    await deadline(page, 'title_commitment').getByTestId('computed-date').waitFor({ state: 'detached' });
    expect(await deadline(page, 'title_commitment').getByTestId('countdown').textContent(), 'the recomputed date is E + 25').toContain('in 15 days');
  });

  test('screenshots of the timeline for both people at desktop and phone sizes', async () => {
    for (const [who, opened] of [['tc', tc], ['agent', agent]] as const) {
      await dismissToasts(opened.page);
      await settled(opened.page);
      await saveScreenshot(opened.page, `contract-timeline-${who}-desktop`);
      await expectNoSeriousA11yViolations(opened.page, `${who} timeline`);
    }
    const phone = await openPage(browser, 'phone');
    try {
      await signInAs(phone.page, appUrl, stack, COORDINATOR, `/listing/${listingId}?tab=contract`, await sessionOf(COORDINATOR));
      await deadline(phone.page, 'survey').waitFor({ timeout: 20_000 });
      await settled(phone.page);
      await saveScreenshot(phone.page, 'contract-timeline-tc-phone');
      await expectNoSeriousA11yViolations(phone.page, 'tc timeline on a phone');
      const overflow = () => phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow(), 'nothing is wider than the phone screen').toBeLessThanOrEqual(0);
      // The form with its preview, stacked on a phone.
      await activeContract(phone.page).getByRole('button', { name: 'Amend' }).click();
      await phone.page.getByTestId('contract-preview').locator('[data-key="survey"]').waitFor();
      await settled(phone.page);
      await saveScreenshot(phone.page, 'contract-amend-form-tc-phone');
      await expectNoSeriousA11yViolations(phone.page, 'amendment form on a phone');
      expect(await overflow(), 'the form fits the phone screen').toBeLessThanOrEqual(0);
      await phone.page.getByRole('button', { name: 'Cancel' }).click();
      await activeContract(phone.page).waitFor();
      expect(phone.pageErrors.map((e) => e.message), 'no uncaught errors on the phone').toEqual([]);
    } finally {
      await phone.close();
    }
  });

  test('terminating needs a reason and returns the listing to Live; a second contract closes it', async () => {
    const page = tc.page;
    await dismissToasts(page);
    await activeContract(page).getByRole('button', { name: 'Terminate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Terminate the contract' });
    await dialog.getByRole('button', { name: 'Terminate contract' }).click();
    await dialog.getByText('A reason is required').waitFor();
    await dialog.getByLabel('Reason (required)').fill('Buyer terminated within the option period.');
    await dialog.getByRole('button', { name: 'Terminate contract' }).click();
    await page.getByText('Reason: Buyer terminated within the option period.').waitFor();
    await agent.page.getByText('Reason: Buyer terminated within the option period.').waitFor({ timeout: 5000 });
    await agent.page.getByText('No active contract on this listing.').waitFor({ timeout: 5000 });
    expect(await listingStatus(listingId), 'terminating returns the listing to live').toBe('live');

    // A new buyer, on the generic form: the closing date is its only key date.
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Record a contract' }).click();
    await page.getByRole('radio', { name: /Other/ }).check();
    await page.getByLabel('Acceptance date (required)').fill(dayInZone(0));
    await page.getByLabel('Closing date').fill(dayInZone(20));
    await page.getByTestId('contract-preview').locator('[data-key="closing"]').waitFor();
    await page.getByRole('button', { name: 'Save contract' }).click();
    await deadline(page, 'closing').waitFor();
    await dismissToasts(page);
    await activeContract(page).getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Close contract' }).click();
    await page.getByText('Contract closed').first().waitFor();
    await agent.page.locator('[data-testid="listing-status-badge"][data-status="closed"]').first().waitFor({ timeout: 5000 });
    expect(await agent.page.locator('[data-testid="listing-status-badge"][data-status="closed"]').first().textContent(), 'the badge reads Closed').toBe('Closed');
    expect(await page.getByTestId('earlier-contract').count(), 'both contracts are listed as earlier ones').toBe(2);
    expect(await listingStatus(listingId), 'closing the contract closes the listing').toBe('closed');

    for (const opened of [tc, agent]) expect(opened.pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
  });
});
