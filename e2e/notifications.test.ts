/**
 * The notifications centre with a coordinator and his agent signed in at once
 * (two browser contexts): a task the coordinator creates raises the agent's
 * sidebar badge and shows a toast live; on /notifications the agent sees it
 * unread, and clicking it opens the listing on its Requirements tab and marks
 * it read (badge down). Then mark read, delete, the tabs and the empty text.
 * Screenshots at desktop and phone sizes; axe on each state.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const COORDINATOR = 'david.kim@listingdesk.test';
const AGENT = 'james.wilson@listingdesk.test';
const TASK_TITLE = `Send the HOA resale certificate ${Date.now() % 10_000}`;

async function expectNoSeriousA11yViolations(page: Page, where: string) {
  expect(describeViolations(await seriousA11yViolations(page)), `axe: no serious or critical violation (${where})`).toBe('');
}

async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"], [aria-busy="true"]').length === 0);
}

/** The number on the visible sidebar's Notifications item (0 when it shows none). */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.locator('[data-testid="app-sidebar"]:visible a[href="/notifications"] [data-testid="nav-badge"]');
  return (await badge.count()) ? Number(await badge.getAttribute('data-count')) : 0;
}

/** The agent's unread notifications, as the database has them. */
async function agentUnreadIds(): Promise<{ id: string }[]> {
  return query<{ id: string }>(
    stack,
    `select n.id from public.notifications n join public.users u on u.id = n.user_id where u.email = $1 and not n.is_read`,
    [AGENT],
  );
}

async function waitForBadge(page: Page, expected: number) {
  await page.waitForFunction(
    (n) => {
      const badge = document.querySelector('aside a[href="/notifications"] [data-testid="nav-badge"]');
      return Number(badge?.getAttribute('data-count') ?? 0) === n;
    },
    expected,
    { timeout: 15_000 },
  );
}

describe('notifications centre', () => {
  let browser: TestBrowser;
  let tc: OpenedPage;
  let agent: OpenedPage;
  let listing: { id: string; address: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    // A listing of this test's own, so the seeded listings other tests count stay as seeded.
    [listing] = await query<{ id: string; address: string }>(
      stack,
      `insert into public.listings (address, seller_name, listing_price, agent_id)
       select $2, 'Rosa Delgado', '$515,000', u.id from public.users u where u.email = $1 and u.role = 'agent'
       returning id, address`,
      [AGENT, `${Date.now() % 10_000} Notification Test Way, Austin, TX 78702`],
    );
    tc = await openPage(browser, 'desktop');
    agent = await openPage(browser, 'desktop');
  });

  afterAll(async () => {
    await tc?.close();
    await agent?.close();
    await browser?.close();
    if (listing) {
      await query(stack, `delete from public.notifications where action_url like $1 or action_url like $2`, [`/listing/${listing.id}%`, `/agent-listing/${listing.id}%`]);
      await query(stack, 'delete from public.listings where id = $1', [listing.id]);
    }
  });

  test('a new task raises the agent’s badge and toast live; the notification opens the Requirements tab and is read', async () => {
    await signInAs(agent.page, appUrl, stack, AGENT, '/notifications');
    await agent.page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await settled(agent.page);
    // The badge's own count may still be loading when the page has settled: wait until it shows the agent's unread count.
    const before = (await agentUnreadIds()).length;
    await waitForBadge(agent.page, before);

    await signInAs(tc.page, appUrl, stack, COORDINATOR, `/listing/${listing.id}?tab=tasks`);
    await tc.page.getByRole('button', { name: 'Add New Task' }).click();
    const dialog = tc.page.getByRole('dialog', { name: 'Add New Task' });
    await dialog.getByLabel('Title').fill(TASK_TITLE);
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await tc.page.getByText('Task has been assigned to the agent').first().waitFor();

    await waitForBadge(agent.page, before + 1);
    expect(await badgeCount(agent.page), 'the agent’s Notifications badge rose by one, live').toBe(before + 1);
    const toast = agent.page.locator('[data-slot="toast"]').filter({ hasText: `New task: ${TASK_TITLE}` });
    await toast.waitFor();
    expect(await toast.isVisible(), 'a toast announces the new notification while the app is open').toBe(true);

    const card = agent.page.getByTestId('notification-card').filter({ hasText: TASK_TITLE });
    await card.waitFor();
    expect(await card.getAttribute('data-read'), 'the new notification is listed unread').toBe('false');
    expect(await agent.page.getByRole('tab', { name: `Unread (${before + 1})` }).count(), 'the Unread tab counts it').toBe(1);
    await agent.page.locator('[data-slot="toast-close"]').click({ force: true }).catch(() => undefined);
    await saveScreenshot(agent.page, 'notifications-desktop');
    await expectNoSeriousA11yViolations(agent.page, 'notifications, desktop');

    await card.getByRole('button', { name: new RegExp(TASK_TITLE) }).click();
    await agent.page.waitForURL(`${appUrl}/listing/${listing.id}?tab=tasks`);
    const requirements = agent.page.getByRole('tab', { name: /Requirements/ });
    await requirements.waitFor();
    expect(await requirements.getAttribute('aria-selected'), 'the listing opens on its Requirements tab').toBe('true');
    const taskInTab = agent.page.locator(`[data-testid="task"][data-task-title="${TASK_TITLE}"]`);
    await taskInTab.waitFor();
    await saveScreenshot(agent.page, 'notifications-opened-task-desktop');
    expect(await taskInTab.isVisible(), 'the task is shown there').toBe(true);
    await waitForBadge(agent.page, before);
    expect(await badgeCount(agent.page), 'opening the notification marked it read: the badge is back down').toBe(before);
    expect(agent.pageErrors, 'no uncaught page errors').toEqual([]);
  }, 120_000);

  test('mark read, delete, tabs and the empty text; phone layout', async () => {
    const phone = await openPage(browser, 'phone');
    // 'Mark all as read' below touches the agent's seeded notifications: they are put back as they were.
    const seededUnread = await agentUnreadIds();
    try {
      await query(
        stack,
        `insert into public.notifications (user_id, type, title, content, action_url)
         select u.id, 'document', 'New document: survey.pdf', 'Uploaded to ' || $2 || '.', $3 from public.users u where u.email = $1 and u.role = 'agent'`,
        [AGENT, listing.address, `/agent-listing/${listing.id}`],
      );
      await signInAs(phone.page, appUrl, stack, AGENT, '/notifications');
      await phone.page.getByRole('heading', { name: 'Notifications' }).waitFor();
      await settled(phone.page);
      const card = phone.page.getByTestId('notification-card').filter({ hasText: 'New document: survey.pdf' });
      await card.waitFor();
      await saveScreenshot(phone.page, 'notifications-phone');
      await expectNoSeriousA11yViolations(phone.page, 'notifications, phone');
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'nothing overflows the phone screen sideways').toBeLessThanOrEqual(0);

      await card.getByRole('button', { name: 'Mark as read' }).click();
      await phone.page.getByText('Notification marked as read').first().waitFor();
      await phone.page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid="notification-card"]')].some((c) => c.textContent?.includes('survey.pdf') && c.getAttribute('data-read') === 'true'),
      );
      expect(await card.getByRole('button', { name: 'Mark as read' }).count(), 'a read notification has no mark-read control').toBe(0);

      await phone.page.getByRole('tab', { name: 'Messages' }).click();
      await phone.page.waitForFunction(() => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent === 'Messages');
      await settled(phone.page);
      await phone.page.getByRole('tabpanel').getByText('survey.pdf').waitFor({ state: 'detached' });
      expect(await phone.page.getByRole('tabpanel').getByText('survey.pdf').count(), 'a document notification is not under Messages').toBe(0);

      await phone.page.getByRole('tab', { name: 'All' }).click();
      await card.getByRole('button', { name: 'Delete notification' }).click();
      await phone.page.getByText('Notification deleted').first().waitFor();
      await phone.page.getByText('New document: survey.pdf').waitFor({ state: 'detached' });

      await phone.page.getByRole('button', { name: 'Mark all as read' }).click();
      await phone.page.getByRole('tab', { name: 'Unread (0)' }).click();
      await phone.page.getByText('No notifications to display').waitFor();
      expect(await phone.page.getByText('No notifications to display').isVisible(), 'the empty text shows when a tab has nothing').toBe(true);
      expect(phone.pageErrors, 'no uncaught page errors').toEqual([]);
    } finally {
      await phone.close();
      await query(stack, 'update public.notifications set is_read = false where id = any($1::uuid[])', [seededUnread.map((r) => r.id)]);
    }
  }, 120_000);
});
