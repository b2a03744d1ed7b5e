/**
 * The spec's cookie flow in a real browser: signed in through the app's form,
 * a same-origin `fetch('/api/auth/user', { credentials: 'include' })` answers
 * the user (the app set the HttpOnly session cookie, which scripts cannot
 * read); after signing out through /api/logout it answers 401. /api/login and
 * /api/logout stay screens, not API calls.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from './support/auth.ts';
import { launchBrowser, openPage, type TestBrowser } from './support/browser.ts';
import { workerApp } from './support/worker-app.ts';

const { appUrl } = workerApp();
const EMAIL = 'olivia.chen@listingdesk.test';

async function apiUser(page: Page): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(async () => {
    const response = await fetch('/api/auth/user', { credentials: 'include' });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  });
}

describe('the /api session cookie', () => {
  let browser: TestBrowser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('sign-in sets it, same-origin /api calls act as the user, sign-out clears it', async () => {
    const { page, pageErrors, close } = await openPage(browser, 'desktop');
    try {
      await page.goto(`${appUrl}/api/login`);
      await page.getByLabel('Email address').fill(EMAIL);
      await page.getByLabel('Your Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${appUrl}/`);
      await page.getByRole('heading', { name: 'TC Dashboard', level: 1 }).waitFor();

      await expect.poll(async () => (await apiUser(page)).status, { message: 'the app set the session cookie', timeout: 10_000 }).toBe(200);
      const signedIn = await apiUser(page);
      expect(signedIn.body, 'the answer is the signed-in coordinator').toMatchObject({ email: EMAIL, role: 'tc', firstName: 'Olivia' });
      const cookies = await page.context().cookies(`${appUrl}/api/auth/user`);
      const session = cookies.find((c) => c.name === 'listingdesk_session');
      expect(session?.httpOnly, 'the cookie is HttpOnly').toBe(true);
      expect(session?.sameSite, 'and SameSite=Lax').toBe('Lax');
      expect(await page.evaluate(() => document.cookie), 'scripts cannot read it').not.toContain('listingdesk_session');

      await page.goto(`${appUrl}/api/logout`);
      await page.waitForURL(`${appUrl}/`);
      await expect.poll(async () => (await apiUser(page)).status, { message: 'sign-out cleared the cookie', timeout: 10_000 }).toBe(401);
      expect((await apiUser(page)).body.message, "the spec's clients recognise the 401").toBe('Unauthorized');
      expect(pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
    } finally {
      await close();
    }
  });
});
