/**
 * The agent's My Listings dashboard with fresh accounts (a coordinator and
 * their agent, plus an agent with 200 listings): the empty state, a listing
 * created through /new-listing shown at once, the new-task banner and badge
 * appearing live when the coordinator (second browser context) creates a task
 * and vanishing live when the agent opens it, the coordinator's Send Response
 * on the agent's listing, delete with confirmation, and All Listings reaching
 * the 200th listing. Screenshots at desktop and phone sizes; axe on each.
 */
import crypto from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD, signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const admin = createClient(stack.apiUrl, stack.serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
});

/** A fresh sign-in (password as the demo users') whose first account gets `role` and coordinator by SQL, as the admin screen would. */
async function freshAccount(firstName: string, role: 'agent' | 'tc', assignedTcId: string | null = null) {
  const email = `${firstName.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@dash.test`;
  const created = await admin.auth.admin.createUser({ email, password: DEMO_PASSWORD, email_confirm: true, user_metadata: { first_name: firstName, last_name: 'Tester' } });
  if (created.error) throw created.error;
  const [row] = await query<{ id: string }>(stack, 'update public.users set role = $2, assigned_tc_id = $3 where auth_user_id = $1 returning id', [
    created.data.user.id,
    role,
    assignedTcId,
  ]);
  return { id: row.id, email };
}

async function expectNoSeriousA11yViolations(page: Page, where: string) {
  expect(describeViolations(await seriousA11yViolations(page)), `axe: no serious or critical violation (${where})`).toBe('');
}

async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"], [aria-busy="true"]').length === 0);
}

const row = (page: Page, listingId: string) => page.locator(`[data-testid="listing-row"][data-listing-id="${listingId}"]`);
const statCount = (page: Page, key: string) => page.getByTestId(`stat-${key}`).locator('[data-count]').getAttribute('data-count');

describe('agent dashboard', () => {
  let browser: TestBrowser;
  let tc: { id: string; email: string };
  let agent: { id: string; email: string };
  let bulkAgent: { id: string; email: string };
  let agentPage: OpenedPage;
  let tcPage: OpenedPage;
  let listingId = '';
  const ADDRESS = `${Date.now() % 10_000} Maple Grove Dr, Austin, TX 78704`;
  const TASK_TITLE = 'Upload the signed seller disclosure';

  beforeAll(async () => {
    browser = await launchBrowser();
    tc = await freshAccount('Tara', 'tc');
    agent = await freshAccount('Avery', 'agent', tc.id);
    bulkAgent = await freshAccount('Blake', 'agent');
    agentPage = await openPage(browser, 'desktop');
    tcPage = await openPage(browser, 'desktop');
  });

  afterAll(async () => {
    await agentPage?.close();
    await tcPage?.close();
    await browser?.close();
    await query(stack, 'delete from public.listings where agent_id = any($1::uuid[])', [[agent?.id, bulkAgent?.id].filter(Boolean)]);
  });

  test("a new agent sees the dashboard's parts and 'No listings yet'", async () => {
    await signInAs(agentPage.page, appUrl, stack, agent.email, '/');
    const page = agentPage.page;
    await page.getByRole('heading', { name: 'My Listings', level: 1 }).waitFor({ timeout: 20_000 });
    await page.getByText('No listings yet').waitFor();
    await settled(page);
    expect(await page.getByText('Welcome back, Avery!').isVisible(), 'the welcome text greets the agent by first name').toBe(true);
    for (const [name, href] of [
      ['New Listing', '/new-listing'],
      ['Team Messages', '/agent-messages'],
      ['Documents', '/agent-documents'],
      ['My Profile', '/agent-profile'],
    ]) {
      expect(await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: new RegExp(name) }).getAttribute('href'), `quick card ${name}`).toBe(href);
    }
    expect(await statCount(page, 'total'), 'Total Listings is 0').toBe('0');
    expect(await page.getByTestId('new-tasks-banner').count(), 'no banner without unread tasks').toBe(0);
    await expectNoSeriousA11yViolations(page, 'empty dashboard');
  });

  test('a listing created through /new-listing is on the dashboard at once', async () => {
    const page = agentPage.page;
    await page.getByRole('main').getByRole('link', { name: 'New Listing' }).first().click();
    await page.getByLabel('Address').fill(ADDRESS);
    await page.getByLabel('Seller Name').fill('Dana Whitfield');
    await page.getByRole('button', { name: 'Create Listing' }).click();
    await page.waitForURL(`${appUrl}/agent-dashboard`);
    await page.getByTestId('listing-row').filter({ hasText: ADDRESS }).waitFor({ timeout: 5000 });
    listingId = (await page.getByTestId('listing-row').filter({ hasText: ADDRESS }).getAttribute('data-listing-id')) ?? '';
    expect(listingId, 'the row is the stored listing').toMatch(/^[0-9a-f-]{36}$/);
    expect(await row(page, listingId).textContent(), 'the row shows seller and status').toMatch(/incomplete.*Seller: Dana Whitfield/s);
    await page.waitForFunction(() => document.querySelector('[data-testid="stat-total"] [data-count]')?.getAttribute('data-count') === '1');
    expect(await statCount(page, 'incomplete'), 'Incomplete counts the new listing').toBe('1');
  });

  test('a task from the coordinator shows the banner and badge live; opening it clears both live', async () => {
    const page = agentPage.page;
    await signInAs(tcPage.page, appUrl, stack, tc.email, `/listing/${listingId}?tab=tasks`);
    await tcPage.page.getByRole('button', { name: 'Add New Task' }).click({ timeout: 20_000 });
    const dialog = tcPage.page.getByRole('dialog', { name: 'Add New Task' });
    await dialog.getByLabel('Title').fill(TASK_TITLE);
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await tcPage.page.getByText('Task has been assigned to the agent').first().waitFor();

    const banner = page.getByTestId('new-tasks-banner');
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.textContent(), 'the banner names one new task').toContain('New Task(s) AssignedYou have 1 new task(s) that need(s) your attention.');
    await row(page, listingId).getByTestId('new-tasks-badge').waitFor({ timeout: 10_000 });
    expect(await row(page, listingId).getByTestId('new-tasks-badge').textContent(), "the listing's badge").toBe('1 new task(s)');
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'dashboard with new task');
    await saveScreenshot(page, 'agent-dashboard-desktop');

    // The agent opens the task on the listing (a second tab); the dashboard tab updates by itself.
    const listingTab = await page.context().newPage();
    await listingTab.goto(`${appUrl}/agent-listing/${listingId}`);
    const task = listingTab.locator(`[data-testid="task"][data-task-title="${TASK_TITLE}"]`);
    await task.getByRole('button', { name: 'Provide Response' }).click({ timeout: 20_000 });
    await listingTab.getByRole('dialog', { name: 'Provide Response' }).waitFor();
    await banner.waitFor({ state: 'detached', timeout: 10_000 });
    await row(page, listingId).getByTestId('new-tasks-badge').waitFor({ state: 'detached', timeout: 10_000 });
    const [stored] = await query<{ is_read_by_agent: boolean }>(stack, 'select is_read_by_agent from public.tasks where listing_id = $1', [listingId]);
    expect(stored.is_read_by_agent, 'opening the task marked it read in the database').toBe(true);
    await listingTab.close();
  });

  test("the coordinator's Send Response shows on the agent's listing", async () => {
    const text = 'Great photos, please add the garage.';
    await tcPage.page.goto(`${appUrl}/tc-dashboard?agent=${agent.id}&listing=${listingId}`);
    await tcPage.page.getByRole('button', { name: 'Send Response' }).click({ timeout: 20_000 });
    const dialog = tcPage.page.getByRole('dialog', { name: 'Send Response' });
    await dialog.getByLabel('Message').fill(text);
    await dialog.getByRole('button', { name: 'Send Response' }).click();
    await tcPage.page.getByText('Your response has been sent to the agent').first().waitFor();

    const page = agentPage.page;
    await row(page, listingId).getByRole('link', { name: `View Details of ${ADDRESS}` }).click();
    await page.waitForURL(`${appUrl}/agent-listing/${listingId}`);
    await page.getByTestId('coordinator-response').filter({ hasText: text }).waitFor({ timeout: 20_000 });
  });

  test('delete asks first, then removes the listing and says so', async () => {
    const page = agentPage.page;
    await page.goto(`${appUrl}/agent-dashboard`);
    await row(page, listingId).getByRole('button', { name: `Delete ${ADDRESS}` }).click({ timeout: 20_000 });
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent(), 'the confirmation names the listing').toContain(`Are you sure you want to delete "${ADDRESS}"?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The listing has been deleted successfully.').first().waitFor();
    await page.getByText('No listings yet').waitFor({ timeout: 5000 });
    expect(await query(stack, 'select 1 from public.listings where id = $1', [listingId]), 'the listing is gone from the database').toHaveLength(0);
    // The counts are a query of their own: they may land a moment after the list.
    await expect.poll(() => statCount(page, 'total'), { message: 'Total Listings is back to 0', timeout: 10_000 }).toBe('0');
  });

  test('an agent with 200 listings reaches every one through All Listings', async () => {
    // One insert of 200 rows, every tenth ready, one minute apart (n = 1 oldest). As `postgres`: the service
    // role cannot insert listings through REST (the listings guard trigger calls private.assigned_tc_of, granted to authenticated only).
    const inserted = await query<{ n: number }>(
      stack,
      `insert into public.listings (agent_id, address, seller_name, status, created_at)
       select $1, n || ' Bulk Street', 'Seller ' || n, case when n % 10 = 1 then 'ready' else 'incomplete' end, now() - make_interval(mins => 200 - n)
       from generate_series(1, 200) n returning 1 as n`,
      [bulkAgent.id],
    );
    expect(inserted, '200 listings inserted in one statement').toHaveLength(200);

    for (const size of ['desktop', 'phone'] as const) {
      const opened = size === 'desktop' ? agentPage : await openPage(browser, 'phone');
      const page = opened.page;
      await signInAs(page, appUrl, stack, bulkAgent.email, '/agent-dashboard');
      await page.getByRole('heading', { name: 'My Listings', level: 1 }).waitFor({ timeout: 20_000 });
      await settled(page);
      expect(await page.getByTestId('listing-row').count(), 'Recent Listings shows the first 5').toBe(5);
      expect(await page.getByTestId('listing-row').first().textContent(), 'newest first').toContain('200 Bulk Street');
      expect(await statCount(page, 'ready'), 'Ready counts every tenth listing').toBe('20');
      if (size === 'phone') {
        await expectNoSeriousA11yViolations(page, 'dashboard on a phone');
        await saveScreenshot(page, 'agent-dashboard-phone');
      }

      await page.getByRole('link', { name: 'View all listings (200)' }).click();
      await page.getByRole('heading', { name: 'All Listings', level: 1 }).waitFor();
      await settled(page);
      expect(await page.getByTestId('listing-range').textContent(), 'the first page and the total').toBe('Showing 1–20 of 200');
      await expectNoSeriousA11yViolations(page, `all listings (${size})`);
      await saveScreenshot(page, `agent-dashboard-all-listings-${size}`);
      if (size === 'phone') {
        await opened.close();
        break;
      }
      for (let n = 2; n <= 10; n++) {
        await page.getByRole('link', { name: 'Next' }).click();
        await page.getByText(`Page ${n} of 10`).waitFor();
      }
      await settled(page);
      await page.locator('ul[aria-label="Listings"][aria-busy="false"]').waitFor();
      expect(await page.getByTestId('listing-range').textContent(), 'the last page').toBe('Showing 181–200 of 200');
      expect(await page.getByTestId('listing-row').last().textContent(), 'the oldest listing is reached').toContain('1 Bulk Street');
      expect(await page.getByRole('button', { name: 'Next' }).isDisabled(), 'no page after the last').toBe(true);

      await page.getByRole('link', { name: /^Ready/ }).click();
      await page.getByText('Showing 1–20 of 20').waitFor();
      // The previous page stays on screen (dimmed, aria-busy) until the filtered one arrives.
      await page.locator('ul[aria-label="Listings"][aria-busy="false"]').waitFor();
      expect(await page.getByTestId('listing-row').first().textContent(), 'the filter shows ready listings only').toContain('ready');
    }
  });
});
