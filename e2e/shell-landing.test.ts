/**
 * Signed-out shell: the landing page, the sign-in screen (Supabase Auth UI)
 * and signing in through it, sign-out, the 404 page. Chromium, desktop and phone.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD, signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type TestBrowser, type ViewportName } from './support/browser.ts';
import { readFirstToast, recordFirstToast } from './support/first-toast.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const CAPABILITIES = ['Listing Management', 'Team Collaboration', 'Document Management', 'Smart Notes', 'Status Tracking', 'Future Expansion'];

describe('signed-out shell', () => {
  let browser: TestBrowser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test.each<ViewportName>(['desktop', 'phone'])('landing page advertises the six capabilities and leads to sign-in (%s)', async (viewport) => {
    const { page, pageErrors, close } = await openPage(browser, viewport);
    try {
      await page.goto(appUrl);
      await page.getByRole('heading', { level: 1 }).waitFor();
      for (const capability of CAPABILITIES) {
        expect(await page.getByRole('heading', { name: capability }).isVisible(), `landing page advertises "${capability}"`).toBe(true);
      }
      expect(await page.getByText('© 2024 ListingDesk').isVisible(), 'the copyright line states 2024').toBe(true);
      expect(await page.locator('[data-testid="app-sidebar"]').count(), 'no sidebar for a signed-out visitor').toBe(0);
      expect(describeViolations(await seriousA11yViolations(page)), 'axe: no serious or critical violation on the landing page').toBe('');
      await saveScreenshot(page, `shell-landing-${viewport}`);

      for (const name of ['Sign In', 'Sign In to Your Account']) {
        await page.goto(appUrl);
        await page.getByRole('link', { name, exact: true }).click();
        await page.waitForURL(`${appUrl}/api/login`);
        expect(new URL(page.url()).pathname, `"${name}" goes to /api/login`).toBe('/api/login');
      }
      await page.getByLabel('Email address').waitFor();
      expect(await page.getByRole('button', { name: 'Sign In' }).isVisible(), 'the sign-in form has a Sign In button').toBe(true);
      expect(await page.getByRole('button', { name: /magic link/i }).isVisible(), 'the form offers a magic link').toBe(true);
      expect(await page.getByRole('button', { name: /forgot your password/i }).isVisible(), 'the form offers password recovery').toBe(true);
      expect(await page.getByText(/sign up/i).count(), 'no public sign-up is offered (invitation-only)').toBe(0);
      expect(describeViolations(await seriousA11yViolations(page)), 'axe: no serious or critical violation on the sign-in screen').toBe('');
      await saveScreenshot(page, `shell-sign-in-${viewport}`);
      expect(pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
    } finally {
      await close();
    }
  });

  test('asking the system for less motion stops animations and transitions, but not spinners', async () => {
    // What each setting computes for the app's own classes: a pulsing skeleton, a fading dialog, a spinner, a transition.
    const motionOf = async (reducedMotion: 'reduce' | 'no-preference') => {
      const { page, close } = await openPage(browser, 'desktop', { reducedMotion });
      try {
        await page.goto(appUrl);
        await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
        return await page.evaluate(() =>
          ['animate-pulse', 'animate-in fade-in-0 zoom-in-95', 'animate-spin', 'transition-colors'].map((className) => {
            const probe = document.createElement('div');
            probe.className = className;
            document.body.append(probe);
            const style = getComputedStyle(probe);
            const motion = `${className}: ${style.animationDuration} x${style.animationIterationCount}, transition ${style.transitionDuration}`;
            probe.remove();
            return motion;
          }),
        );
      } finally {
        await close();
      }
    };
    expect(await motionOf('no-preference'), 'with motion allowed, the app animates').toEqual([
      'animate-pulse: 2s xinfinite, transition 0s',
      'animate-in fade-in-0 zoom-in-95: 0.15s x1, transition 0s',
      'animate-spin: 1s xinfinite, transition 0s',
      'transition-colors: 0s x1, transition 0.15s',
    ]);
    expect(await motionOf('reduce'), 'with less motion asked for, only the spinner still turns').toEqual([
      'animate-pulse: 1e-05s x1, transition 1e-05s',
      'animate-in fade-in-0 zoom-in-95: 1e-05s x1, transition 1e-05s',
      'animate-spin: 1s xinfinite, transition 0s',
      'transition-colors: 1e-05s x1, transition 1e-05s',
    ]);
  });

  test('/login is the sign-in screen too; signing in through the form lands on the role dashboard', async () => {
    const { page, pageErrors, close } = await openPage(browser, 'desktop');
    try {
      await page.goto(`${appUrl}/login`);
      await page.getByLabel('Email address').fill('marcus.johnson@listingdesk.test');
      await page.getByLabel('Your Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${appUrl}/`);
      await page.getByRole('heading', { name: 'My Listings', level: 1 }).waitFor();
      expect(await page.locator('[data-testid="app-sidebar"]').first().isVisible(), 'signed in, `/` shows the sidebar layout').toBe(true);
      expect(pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
    } finally {
      await close();
    }
  });

  test('Sign Out returns to the landing page and the session is gone', async () => {
    const { page, close } = await openPage(browser, 'desktop');
    try {
      await signInAs(page, appUrl, stack, 'sarah.thompson@listingdesk.test');
      await page.getByRole('link', { name: 'Sign Out' }).click();
      await page.getByRole('link', { name: 'Sign In to Your Account' }).waitFor();
      expect(new URL(page.url()).pathname, 'sign-out ends on `/`').toBe('/');
      await page.reload();
      await page.getByRole('link', { name: 'Sign In to Your Account' }).waitFor();
      expect(await page.locator('[data-testid="app-sidebar"]').count(), 'after a reload the visitor is still signed out').toBe(0);
    } finally {
      await close();
    }
  });

  test('a signed-out visitor asking for an app screen is sent to sign-in; an unknown path shows a 404 with a way home', async () => {
    const { page, close } = await openPage(browser, 'desktop');
    try {
      await recordFirstToast(page);
      await page.goto(`${appUrl}/listing/00000000-0000-0000-0000-000000000000`);
      await page.waitForURL(`${appUrl}/api/login`, { timeout: 20_000 });
      const { first, pageLoadedAt } = await readFirstToast(page);
      expect(first?.text, 'the Unauthorized toast').toBe('Unauthorized You are logged out. Logging in again...');
      expect(first?.path, 'the visitor is told first, still on the screen they asked for').toBe('/listing/00000000-0000-0000-0000-000000000000');
      expect(pageLoadedAt - first!.at, 'the sign-in screen follows the Unauthorized toast after about 500 ms').toBeGreaterThanOrEqual(300);
      expect(new URL(page.url()).pathname, 'app screens need a session').toBe('/api/login');

      await page.goto(`${appUrl}/no-such-page`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await page.waitForURL(`${appUrl}/`);
      expect(new URL(page.url()).pathname, 'the 404 page links home').toBe('/');
    } finally {
      await close();
    }
  });
});
