/**
 * E-mail addresses and names on cards and lists are shown whole, at desktop
 * (1280 px, three agent cards a row) and phone (390 px) widths: the coordinator
 * dashboard's agent cards and agent workspace, Agent Assignments, an agent's
 * profile, one's own profile, the admin users and invitations, account
 * selection. The longest demo address, emily.rodriguez@listingdesk.test, is on
 * most of them. Screenshots of each.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessionsPerPerson, signInAs } from './support/auth.ts';
import { launchBrowser, openPage, saveScreenshot, type TestBrowser, type ViewportName } from './support/browser.ts';
import { shownTexts } from './support/clipping.ts';
import { query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const OLIVIA = 'olivia.chen@listingdesk.test';
const EMILY = 'emily.rodriguez@listingdesk.test';
const ADMIN = 'admin@listingdesk.test';

interface Screen {
  name: string;
  as: string;
  path: (ids: { emily: string; marcus: string }) => string;
  /** Texts the screen must show (so the check is not vacuous). */
  shows: string[];
  /** What to do once the page is open, before checking (e.g. filter a list). */
  prepare?: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  { name: 'tc-dashboard-agents', as: OLIVIA, path: () => '/tc-dashboard', shows: [EMILY, 'marcus.johnson@listingdesk.test'] },
  { name: 'tc-dashboard-workspace', as: OLIVIA, path: ({ emily }) => `/tc-dashboard?agent=${emily}`, shows: [EMILY, 'Thomas Nguyen'] },
  { name: 'tc-dashboard-workspace-marcus', as: OLIVIA, path: ({ marcus }) => `/tc-dashboard?agent=${marcus}`, shows: ['marcus.johnson@listingdesk.test', 'Robert & Linda Garcia'] },
  { name: 'agent-assignments', as: OLIVIA, path: () => '/agent-assignments', shows: [EMILY, 'priya.patel@listingdesk.test'] },
  { name: 'agent-profile-view', as: OLIVIA, path: ({ emily }) => `/agents/${emily}`, shows: [EMILY] },
  { name: 'own-agent-profile', as: EMILY, path: () => '/agent-profile', shows: [EMILY, 'Emily Rodriguez'] },
  { name: 'own-tc-profile', as: OLIVIA, path: () => '/tc-profile', shows: [OLIVIA, 'Olivia Chen'] },
  {
    name: 'admin-users',
    as: ADMIN,
    path: () => '/admin?tab=users',
    shows: [EMILY, 'Emily Rodriguez'],
    // Every demo account on one page, whatever other tests added since.
    prepare: (page) => page.getByRole('searchbox', { name: 'Search users' }).fill('listingdesk.test'),
  },
  { name: 'admin-invitations', as: ADMIN, path: () => '/admin?tab=invitations', shows: ['noah.bennett@listingdesk.test'] },
  { name: 'account-selection', as: OLIVIA, path: () => '/account-selection', shows: [OLIVIA, 'Olivia Chen'] },
];

const sessionOf = sessionsPerPerson(stack);

describe('e-mail addresses and names on cards are not cut off', () => {
  let browser: TestBrowser;
  let needles: string[];
  let ids: { emily: string; marcus: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    const people = await query<{ id: string; email: string; name: string }>(
      stack,
      "select id, email, first_name || ' ' || last_name as name from public.users where email like '%@listingdesk.test'",
    );
    const invited = await query<{ email: string; name: string }>(stack, "select email, first_name || ' ' || last_name as name from public.invitations where email like '%@listingdesk.test'");
    const sellers = await query<{ name: string }>(stack, "select distinct seller_name as name from public.listings where seller_name <> ''");
    needles = [...new Set([...people, ...invited].flatMap((p) => [p.email, p.name]).concat(sellers.map((s) => s.name)))];
    const idOf = (email: string) => people.find((p) => p.email === email)!.id;
    ids = { emily: idOf(EMILY), marcus: idOf('marcus.johnson@listingdesk.test') };
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe.each<ViewportName>(['desktop', 'phone'])('%s', (viewport) => {
    test.each(SCREENS.map((screen) => [screen.name, screen] as const))('%s', async (_name, screen) => {
      const { page, pageErrors, close } = await openPage(browser, viewport);
      try {
        await signInAs(page, appUrl, stack, screen.as, screen.path(ids), await sessionOf(screen.as));
        await screen.prepare?.(page);
        for (const text of screen.shows) await page.getByText(text).filter({ visible: true }).first().waitFor({ timeout: 20_000 });
        await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"], [aria-busy="true"]').length === 0);
        await saveScreenshot(page, `cards-${screen.name}-${viewport}`);

        const shown = await shownTexts(page, needles);
        for (const text of screen.shows) expect(shown.some((s) => s.text === text), `${screen.name} shows ${text}`).toBe(true);
        const clipped = shown.filter((s) => s.clipped).map((s) => `${s.text}: ${s.clipped}`);
        expect(clipped, `${screen.name} at ${viewport}: every e-mail address and name is shown whole`).toEqual([]);
        expect(pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
      } finally {
        await close();
      }
    });
  });
});
