/**
 * The profile's Calendar feed card: turning it on shows a private address
 * once, which serves an iCalendar file; a new address makes the old one
 * answer 404; turning it off makes the current one answer 404 too. The card
 * says when a calendar last fetched the feed, that a feed unused for 180 days
 * stopped and why (the row backdated with SQL), and turns it on again at the
 * same address. Screenshots at desktop and phone sizes; axe.
 */
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessionsPerPerson, signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const AGENT = 'james.wilson@listingdesk.test';
const sessionOf = sessionsPerPerson(stack);

async function expectNoSeriousA11yViolations(page: Page, where: string) {
  expect(describeViolations(await seriousA11yViolations(page)), `axe: no serious or critical violation (${where})`).toBe('');
}

const shownAddress = (page: Page) => page.getByLabel('Your private calendar address').inputValue();

/** Backdates the agent's feed row as the database's clock would have left it (the migration role, as the SQL editor). */
async function backdateFeed(lastFetchedAgo: string, expiresIn: string): Promise<void> {
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  try {
    await db.query(
      `update public.calendar_feeds set last_fetched_at = now() - $2::interval, expires_at = now() + $3::interval
       where user_id in (select id from public.users where email = $1)`,
      [AGENT, lastFetchedAgo, expiresIn],
    );
  } finally {
    await db.end();
  }
}

describe('calendar feed card', () => {
  let browser: TestBrowser;
  let agent: OpenedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    agent = await openPage(browser, 'desktop');
    await signInAs(agent.page, appUrl, stack, AGENT, '/agent-profile', await sessionOf(AGENT));
    await agent.page.getByRole('heading', { name: 'Calendar feed' }).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await agent?.close();
    await browser?.close();
  });

  test('turn on shows an address serving iCalendar; a new address retires the old one; turn off retires it too', async () => {
    const page = agent.page;
    const card = page.getByTestId('calendar-feed');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await page.getByLabel('Your private calendar address').waitFor();
    const first = await shownAddress(page);
    expect(first, 'the address is the calendar-feed function with a token').toMatch(/\/functions\/v1\/calendar-feed\/[0-9a-f]{64}\.ics$/);
    const feed = await fetch(first);
    expect(feed.status, 'the address serves the feed').toBe(200);
    expect(feed.headers.get('content-type'), 'as iCalendar').toContain('text/calendar');
    expect(await feed.text(), 'an iCalendar document').toContain('BEGIN:VCALENDAR');
    await saveScreenshot(page, 'calendar-feed-agent-desktop');
    await expectNoSeriousA11yViolations(page, 'calendar feed on');

    await card.getByRole('button', { name: 'New URL' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make new address' }).click();
    await page.waitForFunction((old) => (document.getElementById('calendar-feed-url') as HTMLInputElement | null)?.value !== old, first);
    const second = await shownAddress(page);
    expect(second, 'a different address').not.toBe(first);
    expect((await fetch(first)).status, 'the old address no longer answers').toBe(404);
    expect((await fetch(second)).status, 'the new one does').toBe(200);

    await card.getByRole('button', { name: 'Turn off' }).click();
    await card.getByText('Off. Turn it on to get a private address to subscribe to.').waitFor();
    expect((await fetch(second)).status, 'turned off, the address answers 404').toBe(404);
  });

  test('says when the feed was last fetched; unused for 180 days it stopped, says why, and turns on again at the same address', async () => {
    const page = agent.page;
    const card = page.getByTestId('calendar-feed');
    const lastFetched = card.getByTestId('calendar-feed-last-fetched');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await page.getByLabel('Your private calendar address').waitFor();
    const address = await shownAddress(page);
    await lastFetched.getByText('Never fetched yet.').waitFor();

    const feed = await fetch(address);
    expect(feed.status, 'a calendar app fetches the feed').toBe(200);
    await feed.body?.cancel();
    // As if that fetch was three hours ago.
    await backdateFeed('3 hours', '180 days');
    await page.reload();
    await lastFetched.getByText(/^Last fetched 3 hours ago\. A feed no calendar fetches for 180 days stops\.$/).waitFor({ timeout: 20_000 });

    // As if no calendar had fetched it for 181 days: it stopped yesterday.
    await backdateFeed('181 days', '-1 day');
    const stoppedFetch = await fetch(address);
    expect(stoppedFetch.status, 'a stopped feed answers 404').toBe(404);
    await stoppedFetch.body?.cancel();
    await page.reload();
    const stopped = card.getByTestId('calendar-feed-stopped');
    await stopped.waitFor({ timeout: 20_000 });
    expect(await stopped.textContent(), 'the card says it stopped, when and why').toMatch(/^Stopped on .+: no calendar fetched it for 180 days, so its address answers nothing/);
    expect(await lastFetched.textContent(), 'and when it was last fetched').toBe('Last fetched 6 months ago.');
    await saveScreenshot(page, 'calendar-feed-stopped-desktop');
    await expectNoSeriousA11yViolations(page, 'calendar feed stopped');

    await card.getByRole('button', { name: 'Turn on again' }).click();
    await card.getByText(/^On since /).waitFor();
    expect(await stopped.count(), 'no longer stopped').toBe(0);
    const again = await fetch(address);
    expect(again.status, 'the same address serves the feed again').toBe(200);
    await again.body?.cancel();

    await card.getByRole('button', { name: 'Turn off' }).click();
    await card.getByRole('button', { name: 'Turn on' }).waitFor();
  });

  test('after a reload the feed reads as on without showing an address', async () => {
    const page = agent.page;
    const card = page.getByTestId('calendar-feed');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await page.getByLabel('Your private calendar address').waitFor();
    await page.reload();
    await card.getByText(/^On since /).waitFor({ timeout: 20_000 });
    expect(await page.getByLabel('Your private calendar address').count(), 'the address is not stored, so it is not shown again').toBe(0);

    const phone = await openPage(browser, 'phone');
    try {
      await signInAs(phone.page, appUrl, stack, AGENT, '/agent-profile', await sessionOf(AGENT));
      await phone.page.getByTestId('calendar-feed').getByText(/^On since /).waitFor({ timeout: 20_000 });
      await saveScreenshot(phone.page, 'calendar-feed-agent-phone');
      await expectNoSeriousA11yViolations(phone.page, 'calendar feed on a phone');
    } finally {
      await phone.close();
    }
    await card.getByRole('button', { name: 'Turn off' }).click();
    await card.getByRole('button', { name: 'Turn on' }).waitFor();
    expect(agent.pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
  });
});
