/**
 * The Deadlines screen of a coordinator, over contracts recorded for this
 * test through the API (so the database computes their dates): one TREC
 * contract ten days old (overdue dates), one with a deadline later today and
 * one C.A.R. contract accepted today (dates ahead). Overdue comes first, then
 * Today, then the next 14 days; filters by agent and by kind; one click opens
 * the listing's Contract tab. The agent's dashboard shows their next
 * deadlines. Screenshots at desktop and phone sizes; axe on each.
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
const SARAH = 'sarah.thompson@listingdesk.test';
const JAMES = 'james.wilson@listingdesk.test';
const sessionOf = sessionsPerPerson(stack);
const run = Date.now() % 10_000;
const ADDRESSES = { overdue: `${run} Overdue Oak Dr, Austin, TX 78704`, today: `${run} Today Terrace, Austin, TX 78704`, ahead: `${run} Ahead Ave, Los Angeles, CA 90012` };

async function expectNoSeriousA11yViolations(page: Page, where: string) {
  expect(describeViolations(await seriousA11yViolations(page)), `axe: no serious or critical violation (${where})`).toBe('');
}

async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"], [aria-busy="true"]').length === 0);
}

/** The states of the listed deadlines in screen order. */
const listedStates = (page: Page) => page.getByTestId('deadline-item').evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));

describe('deadlines screen', () => {
  let browser: TestBrowser;
  let tc: OpenedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    const david = clientWithToken(stack, (await sessionOf(COORDINATOR)).access_token);
    const [overdue, today, ahead] = await Promise.all([
      createListing(stack, SARAH, ADDRESSES.overdue),
      createListing(stack, JAMES, ADDRESSES.today),
      createListing(stack, SARAH, ADDRESSES.ahead),
    ]);
    await recordContract(david, overdue, { form: 'trec-20-18', effective_date: dayInZone(-10), option_days: 7, closing_date: dayInZone(40) });
    const todayContract = await recordContract(david, today, { form: 'generic', effective_date: dayInZone(-2), closing_date: dayInZone(45) });
    // A deadline at 11:59 PM today in Texas: 'Today' for the whole day there.
    const endOfToday = await query<{ at: string }>(stack, `select (($1::date + time '23:59') at time zone 'America/Chicago')::text as at`, [dayInZone(0)]);
    const added = await david.from('contract_deadlines').insert({ contract_id: todayContract, listing_id: today, key: 'custom', label: 'Walk-through', due_at_override: endOfToday[0].at });
    if (added.error) throw new Error(`adding the custom deadline failed: ${added.error.message}`);
    await recordContract(david, ahead, { form: 'car-rpa', effective_date: dayInZone(0, 'America/Los_Angeles'), financing_type: 'conventional', closing_date: dayInZone(35, 'America/Los_Angeles') });

    tc = await openPage(browser, 'desktop');
    await signInAs(tc.page, appUrl, stack, COORDINATOR, '/deadlines', await sessionOf(COORDINATOR));
    await tc.page.getByRole('heading', { name: 'Deadlines', level: 1 }).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await tc?.close();
    await browser?.close();
  });

  test('overdue first, then today, then the next 14 days, each by due date', async () => {
    const page = tc.page;
    await page.getByTestId('deadline-item').filter({ hasText: ADDRESSES.ahead }).first().waitFor();
    const groups = await page.getByTestId('deadline-group').evaluateAll((sections) => sections.map((section) => section.getAttribute('data-group')));
    expect(groups, 'the groups come in this order').toEqual(['overdue', 'today', 'upcoming']);
    const states = await listedStates(page);
    const rank = { overdue: 0, today: 1, upcoming: 2 } as Record<string, number>;
    expect(
      states.every((state, i) => i === 0 || rank[states[i - 1]!] <= rank[state!]),
      `every overdue deadline is listed before every today one, and those before later ones: ${states.join(', ')}`,
    ).toBe(true);
    const times = await page.locator('[data-testid="deadline-item"] time').evaluateAll((items) => items.map((item) => Date.parse(item.getAttribute('datetime') ?? '')));
    expect(times.every((time, i) => i === 0 || times[i - 1]! <= time), 'within the list, by due date').toBe(true);

    const optionEnd = page.getByTestId('deadline-item').filter({ hasText: ADDRESSES.overdue }).filter({ hasText: 'Option period ends' });
    expect(await optionEnd.getAttribute('data-state'), 'the option period that ended three days ago is overdue').toBe('overdue');
    expect(await optionEnd.getByTestId('countdown').textContent(), 'with its countdown').toContain('overdue 3 days');
    const walkThrough = page.getByTestId('deadline-item').filter({ hasText: 'Walk-through' });
    expect(await walkThrough.getAttribute('data-state'), 'the walk-through at 11:59 PM is today').toBe('today');
    expect(await walkThrough.getByTestId('countdown').textContent(), 'due today with its time').toContain('due today 11:59 PM');
    expect(await page.getByTestId('deadline-item').filter({ hasText: ADDRESSES.overdue }).filter({ hasText: 'Closing' }).count(), 'a closing 40 days out is past the horizon').toBe(0);

    await settled(page);
    await saveScreenshot(page, 'deadlines-tc-desktop');
    await expectNoSeriousA11yViolations(page, 'deadlines screen');
  });

  test('filters by agent and by kind', async () => {
    const page = tc.page;
    await page.getByLabel('Agent', { exact: true }).click();
    await page.getByRole('option', { name: /James Wilson/ }).click();
    await page.getByTestId('deadline-item').filter({ hasText: 'Walk-through' }).waitFor();
    await page.waitForFunction((address) => ![...document.querySelectorAll('[data-testid="deadline-item"]')].some((item) => item.textContent?.includes(address)), ADDRESSES.overdue);
    const addresses = await page.getByTestId('deadline-item').allTextContents();
    expect(addresses.every((text) => !text.includes(ADDRESSES.overdue) && !text.includes(ADDRESSES.ahead)), "only James's listings remain").toBe(true);
    expect(new URL(page.url()).searchParams.get('agent'), 'the filter is in the address').toBeTruthy();

    await page.getByLabel('Agent', { exact: true }).click();
    await page.getByRole('option', { name: 'All Agents' }).click();
    await page.getByLabel('Kind', { exact: true }).click();
    await page.getByRole('option', { name: 'Option period ends' }).click();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="deadline-item"]')].every((item) => item.getAttribute('data-key') === 'option_period_end'));
    await page.getByTestId('deadline-item').filter({ hasText: ADDRESSES.overdue }).waitFor();
    expect(new URL(page.url()).searchParams.get('kind'), 'the kind is in the address').toBe('option_period_end');
  });

  test('one click opens the listing on its Contract tab', async () => {
    const page = tc.page;
    await page.getByTestId('deadline-item').filter({ hasText: ADDRESSES.overdue }).getByRole('link').click();
    await page.getByRole('tab', { name: 'Contract', selected: true }).waitFor();
    await page.getByTestId('active-contract').waitFor();
    expect(new URL(page.url()).searchParams.get('tab'), 'the Contract tab is in the address').toBe('contract');
    await page.getByRole('link', { name: 'Deadlines' }).click();
    await page.getByRole('heading', { name: 'Deadlines', level: 1 }).waitFor();
  });

  test('phone size: the screen fits and reads', async () => {
    const phone = await openPage(browser, 'phone');
    try {
      await signInAs(phone.page, appUrl, stack, COORDINATOR, '/deadlines', await sessionOf(COORDINATOR));
      await phone.page.getByTestId('deadline-item').filter({ hasText: ADDRESSES.ahead }).first().waitFor({ timeout: 20_000 });
      await settled(phone.page);
      await saveScreenshot(phone.page, 'deadlines-tc-phone');
      await expectNoSeriousA11yViolations(phone.page, 'deadlines screen on a phone');
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'nothing is wider than the phone screen').toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });

  test("the agent's dashboard shows their next deadlines, overdue first", async () => {
    const opened = await openPage(browser, 'desktop');
    try {
      await signInAs(opened.page, appUrl, stack, SARAH, '/agent-dashboard', await sessionOf(SARAH));
      const card = opened.page.getByTestId('next-deadlines');
      await card.getByTestId('deadline-item').filter({ hasText: ADDRESSES.overdue }).first().waitFor({ timeout: 20_000 });
      const states = await card.getByTestId('deadline-item').evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));
      expect(states[0], 'the first of her next deadlines is overdue').toBe('overdue');
      expect(states.length, 'the card shows at most five').toBeLessThanOrEqual(5);
      await settled(opened.page);
      await saveScreenshot(opened.page, 'agent-dashboard-next-deadlines-desktop');
      await expectNoSeriousA11yViolations(opened.page, 'agent dashboard with next deadlines');
      expect(opened.pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
