/**
 * Session-level behaviour of the shell: the role switcher end to end, account
 * switching between two accounts of one person, and the Unauthorized toast +
 * redirect when the session is revoked or its token is unusable.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authStorageKey, revokeAllSessions, signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type TestBrowser } from './support/browser.ts';
import { readFirstToast, recordFirstToast } from './support/first-toast.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

async function sidebarItems(page: Page): Promise<string[]> {
  return page.locator('aside [data-testid="sidebar-items"] a').evaluateAll((nodes) => nodes.map((n) => n.textContent?.trim() ?? ''));
}

async function toastText(page: Page): Promise<string> {
  const toast = page.locator('[data-slot="toast"]').first();
  await toast.waitFor();
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

/** Reloads into the Unauthorized toast and measures, in the page, when the browser reaches /api/login. */
async function expectUnauthorizedFlow(page: Page, trigger: () => Promise<unknown>) {
  await recordFirstToast(page);
  const started = Date.now();
  await trigger();
  await page.waitForURL(`${appUrl}/api/login`, { timeout: 10_000 });
  const { first, pageLoadedAt } = await readFirstToast(page);
  expect(first?.text, 'toast Unauthorized / You are logged out. Logging in again...').toBe('Unauthorized You are logged out. Logging in again...');
  expect(pageLoadedAt - started, 'the redirect waits about 500 ms after the failure').toBeGreaterThanOrEqual(450);
  expect(pageLoadedAt - first!.at, 'the redirect follows the toast after about 500 ms').toBeGreaterThanOrEqual(300);
  expect(pageLoadedAt - first!.at, 'the redirect follows the toast promptly').toBeLessThan(3_000);
  await page.getByLabel('Email address').waitFor();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), authStorageKey(stack.apiUrl)), 'the dead session is forgotten locally').toBeNull();
}

describe('session-level shell behaviour', () => {
  let browser: TestBrowser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('the privileged account switches role end to end: toast, new navigation, `/` resolves again', async () => {
    const { page, pageErrors, close } = await openPage(browser, 'desktop');
    try {
      await signInAs(page, appUrl, stack, 'switcher@listingdesk.test', '/tc-team-chat');
      await page.getByTestId('role-switcher').click();
      const options = await page.getByRole('menuitem').allInnerTexts();
      expect(options, 'the current role (tc) is not offered').toEqual(['Admin View', 'Agent View']);
      await page.getByRole('menuitem', { name: 'Admin View' }).click();
      expect(await toastText(page), 'success toast names the new role upper-cased').toBe('Role Updated Switched to SUPER_ADMIN view');
      await page.waitForURL(`${appUrl}/`);
      await page.getByRole('heading', { name: 'System Administration', level: 1 }).waitFor();
      expect(await sidebarItems(page), 'the admin navigation replaces the coordinator one').toEqual([
        'System Overview',
        'User Management',
        'Deadlines',
        'Compliance',
        'Checklist Templates',
        'Outbox',
        'Message Templates',
        'TC Team Chat',
        'System Settings',
        'AI Assistant',
        'Notifications',
      ]);
      await saveScreenshot(page, 'shell-role-switched-desktop');

      await page.getByTestId('role-switcher').click();
      expect(await page.getByRole('menuitem').allInnerTexts(), 'as admin, Admin View is not offered').toEqual(['Agent View', 'TC View']);
      await page.getByRole('menuitem', { name: 'Agent View' }).click();
      await page.getByRole('heading', { name: 'My Listings', level: 1 }).waitFor();
      expect(await sidebarItems(page), 'agent navigation after switching to Agent View').toEqual(['My Listings', 'New Listing', 'Messages', 'Documents', 'AI Assistant', 'My Profile', 'Notifications']);

      // Back to the true role so other tests see the seeded state.
      await page.getByTestId('role-switcher').click();
      await page.getByRole('menuitem', { name: 'TC View' }).click();
      await page.getByRole('heading', { name: 'TC Dashboard', level: 1 }).waitFor();
      expect(pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
    } finally {
      await close();
    }
  });

  test('a failed role switch shows the error toast', async () => {
    const { page, close } = await openPage(browser, 'desktop');
    try {
      await signInAs(page, appUrl, stack, 'switcher@listingdesk.test');
      await page.getByRole('heading', { name: 'TC Dashboard', level: 1 }).waitFor();
      // The database refuses; here the request never reaches it.
      await page.route('**/rest/v1/rpc/switch_role', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
      await page.getByTestId('role-switcher').click();
      await page.getByRole('menuitem', { name: 'Agent View' }).click();
      expect(await toastText(page), 'failure toast').toBe('Error Failed to switch role. Please try again.');
      expect(new URL(page.url()).pathname, 'stays where it was').toBe('/');
    } finally {
      await close();
    }
  });

  test('/account-selection switches between two accounts of one person', async () => {
    const { page, pageErrors, close } = await openPage(browser, 'desktop');
    try {
      await signInAs(page, appUrl, stack, 'olivia.chen@listingdesk.test', '/account-selection');
      await page.getByRole('heading', { name: 'Select Your Account' }).waitFor();
      const options = page.getByTestId('account-option');
      await options.first().waitFor();
      expect(await options.count(), 'Olivia has her coordinator account and her test agent profile').toBe(2);
      expect(await options.allInnerTexts(), 'each option shows the role badge and created date; the current one is marked instead of offered').toEqual([
        expect.stringMatching(/Transaction Coordinator[\s\S]*Current account[\s\S]*Created [A-Z][a-z]{2} \d{1,2}, \d{4}[\s\S]*You are using this account/),
        expect.stringMatching(/Agent[\s\S]*Created [A-Z][a-z]{2} \d{1,2}, \d{4}[\s\S]*Use This Account/),
      ]);
      expect(await page.getByText('Your e-mail has 2 accounts. Choose the one to work as.').count(), 'the heading text matches the number of accounts').toBe(1);
      expect(describeViolations(await seriousA11yViolations(page)), 'axe: no serious or critical violation on account selection').toBe('');
      await saveScreenshot(page, 'shell-account-selection-desktop');

      await options.filter({ hasText: 'Agent' }).getByRole('button', { name: /Use This Account/ }).click();
      await page.waitForURL(`${appUrl}/`);
      await page.getByText('Account switched', { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'My Listings', level: 1 }).waitFor();
      expect(await page.getByTestId('sidebar-role-badge').first().textContent(), 'the current user is now the agent account').toBe('Agent');

      await page.reload();
      await page.getByRole('heading', { name: 'My Listings', level: 1 }).waitFor();
      expect(await page.getByTestId('sidebar-role-badge').first().textContent(), 'the choice is kept by the database across reloads').toBe('Agent');

      await page.goto(`${appUrl}/account-selection`);
      await options.filter({ hasText: 'Transaction Coordinator' }).getByRole('button', { name: /Use This Account/ }).click();
      await page.getByRole('heading', { name: 'TC Dashboard', level: 1 }).waitFor();
      expect(await page.getByTestId('sidebar-role-badge').first().textContent(), 'switched back to the coordinator account').toBe('TC');
      expect(pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
    } finally {
      await close();
    }
  });

  test('a session revoked elsewhere: Unauthorized toast, then /api/login after 500 ms', async () => {
    const { page, close } = await openPage(browser, 'desktop');
    try {
      const session = await signInAs(page, appUrl, stack, 'emily.rodriguez@listingdesk.test');
      await page.getByRole('heading', { name: 'My Listings', level: 1 }).waitFor();
      await revokeAllSessions(stack, session.access_token);
      // A fresh load asks the auth server who the user is; the revoked session answers 403 session_not_found.
      await expectUnauthorizedFlow(page, () => page.reload());
    } finally {
      await close();
    }
  });

  test('an unusable access token: PostgREST answers 401, same toast and redirect', async () => {
    const { page, close } = await openPage(browser, 'desktop');
    try {
      await signInAs(page, appUrl, stack, 'marcus.johnson@listingdesk.test');
      await page.getByRole('heading', { name: 'My Listings', level: 1 }).waitFor();
      // Leave the dashboard first: a request of it still in flight would get the 401 below in that page, whose
      // sign-out would clear the stored session before the next load (which then shows the landing page).
      await page.goto('about:blank');
      // Every REST call now carries a token PostgREST rejects, as with a forged or foreign token.
      await page.route('**/rest/v1/**', async (route) => {
        const headers = { ...route.request().headers(), authorization: 'Bearer not-a-valid-jwt' };
        await route.continue({ headers });
      });
      await expectUnauthorizedFlow(page, () => page.goto(`${appUrl}/`));
    } finally {
      await close();
    }
  });
});
