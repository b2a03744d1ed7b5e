/**
 * The system status (the super admin's /admin screen, formerly the home
 * page), in Chromium against the dev server and a throwaway stack: it must
 * show what the stack itself answers, at desktop and phone widths.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInAs } from './support/auth.ts';
import { launchBrowser, openPage, saveScreenshot, type TestBrowser, type ViewportName } from './support/browser.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

/** What PostgREST says about itself, read directly (the root needs the service role key) so the page can be compared with it. */
async function restApiVersion(): Promise<string> {
  const res = await fetch(`${stack.apiUrl}/rest/v1/`, { headers: { apikey: stack.serviceRoleKey } });
  const body = (await res.json()) as { info: { version: string } };
  return body.info.version;
}

type HealthAnswer = { ok: true; services: Record<string, unknown> } | { ok: false; status: number; message: string };

/** The health Edge Function's own answer, read directly (it may not be deployed in this tree yet). */
async function healthAnswer(): Promise<HealthAnswer> {
  const res = await fetch(`${stack.apiUrl}/functions/v1/health`);
  const body = (await res.json().catch(() => ({}))) as { services?: Record<string, unknown>; message?: string };
  // 503 means "a service is down" and still carries the report.
  if ((res.ok || res.status === 503) && body.services) return { ok: true, services: body.services };
  return { ok: false, status: res.status, message: body.message ?? '' };
}

function serviceIsUp(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return /^(ok|up|healthy|operational|pass(ed)?|ready)$/i.test(value);
  return (value as { ok?: boolean }).ok === true;
}

describe('system status (/admin)', () => {
  let browser: TestBrowser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test.each<ViewportName>(['desktop', 'phone'])('shows the stack status fetched from the local stack (%s)', async (viewport) => {
    const [version, health] = await Promise.all([restApiVersion(), healthAnswer()]);
    const { page, pageErrors, close } = await openPage(browser, viewport);
    try {
      await signInAs(page, appUrl, stack, 'admin@listingdesk.test', '/admin?tab=settings');

      await page.getByRole('heading', { name: 'System Administration' }).waitFor();
      expect(await page.getByText('ListingDesk', { exact: true }).filter({ visible: true }).count(), 'the ListingDesk brand is shown (sidebar or phone header)').toBeGreaterThan(0);

      const server = page.getByText(`PostgREST ${version}`, { exact: true });
      await server.waitFor({ timeout: 15_000 });
      expect(await server.isVisible(), `the page shows the PostgREST version the stack reports (${version})`).toBe(true);

      if (health.ok) {
        for (const [name, value] of Object.entries(health.services)) {
          const row = page.locator(`[data-service="${name}"]`);
          await row.waitFor({ timeout: 15_000 });
          const expected = serviceIsUp(value) ? 'Operational' : 'Down';
          expect(await row.getByText(expected).isVisible(), `service "${name}" shows as ${expected}, as the health function reports`).toBe(true);
        }
      } else {
        const alert = page.getByRole('alert').filter({ hasText: 'Health check unavailable' });
        await alert.waitFor({ timeout: 15_000 });
        expect(await alert.textContent(), 'the health card explains why the function could not answer').toContain(`HTTP ${health.status}`);
        if (health.message) expect(await alert.textContent(), "the health card repeats the function's own message").toContain(health.message);
      }

      // Settled: no skeleton left, so the screenshot shows the real state.
      await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"]').length === 0);
      await saveScreenshot(page, `home-${viewport}`);
      expect(pageErrors.map((e) => e.message), 'the page throws no uncaught errors').toEqual([]);
    } finally {
      await close();
    }
  });

  test('follows the system dark colour scheme', async () => {
    const { page, close } = await openPage(browser, 'desktop', { colorScheme: 'dark' });
    try {
      await signInAs(page, appUrl, stack, 'admin@listingdesk.test', '/admin?tab=settings');
      await page.getByRole('heading', { name: 'System Administration' }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"]').length === 0);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      // Light theme background is white; the dark one is near black.
      expect(background, 'the body uses the dark theme background when the system prefers dark').not.toMatch(/^(rgb\(255, 255, 255\)|oklch\(1 0 0\)|color\(srgb 1 1 1\))$/);
      await saveScreenshot(page, 'home-desktop-dark');
    } finally {
      await close();
    }
  });
});
