/**
 * Signed-in shell per role: exactly the spec's sidebar items in order, `/`
 * on the role's dashboard, the role switcher only for the privileged
 * account, collapse remembered across reloads, the phone drawer, axe.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type TestBrowser } from './support/browser.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

interface Persona {
  name: string;
  email: string;
  items: string[];
  dashboardHeading: string;
  badge: { wide: string; short: string };
  roleSwitcher: boolean;
}

const AGENT_ITEMS = ['My Listings', 'New Listing', 'Messages', 'Documents', 'AI Assistant', 'My Profile', 'Notifications'];
const TC_ITEMS = ['My Agents', 'Agent Assignments', 'Deadlines', 'Compliance', 'Checklist Templates', 'Outbox', 'Message Templates', 'TC Team Chat', 'Team Messages', 'Team Documents', 'AI Assistant', 'AI Workflow Insights', 'My Profile', 'Notifications'];
const ADMIN_ITEMS = ['System Overview', 'User Management', 'Deadlines', 'Compliance', 'Checklist Templates', 'Outbox', 'Message Templates', 'TC Team Chat', 'System Settings', 'AI Assistant', 'Notifications'];

const PERSONAS: Persona[] = [
  { name: 'agent', email: 'james.wilson@listingdesk.test', items: AGENT_ITEMS, dashboardHeading: 'My Listings', badge: { wide: 'Agent', short: 'A' }, roleSwitcher: false },
  { name: 'tc', email: 'david.kim@listingdesk.test', items: TC_ITEMS, dashboardHeading: 'TC Dashboard', badge: { wide: 'TC', short: 'TC' }, roleSwitcher: false },
  {
    name: 'super-admin',
    email: 'admin@listingdesk.test',
    items: ADMIN_ITEMS,
    dashboardHeading: 'System Administration',
    badge: { wide: 'Super Admin', short: 'SA' },
    roleSwitcher: false,
  },
  { name: 'switcher', email: 'switcher@listingdesk.test', items: TC_ITEMS, dashboardHeading: 'TC Dashboard', badge: { wide: 'TC', short: 'TC' }, roleSwitcher: true },
];

/** The sidebar's link names, in order, from the visible sidebar (desktop aside or phone drawer). */
async function sidebarItems(page: Page): Promise<string[]> {
  const links = page.locator('[data-testid="app-sidebar"]:visible [data-testid="sidebar-items"] a');
  return links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? n.textContent?.trim() ?? ''));
}

async function activeItems(page: Page): Promise<string[]> {
  const links = page.locator('[data-testid="app-sidebar"]:visible [data-testid="sidebar-items"] a[aria-current="page"]');
  return links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? n.textContent?.trim() ?? ''));
}

async function expectNoSeriousA11yViolations(page: Page, where: string) {
  expect(describeViolations(await seriousA11yViolations(page)), `axe: no serious or critical violation (${where})`).toBe('');
}

describe('signed-in shell', () => {
  let browser: TestBrowser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  test.each(PERSONAS)('$name: sidebar items, dashboard at `/`, role switcher, collapse remembered (desktop)', async (persona) => {
    const { page, pageErrors, close } = await openPage(browser, 'desktop');
    try {
      await signInAs(page, appUrl, stack, persona.email);
      await page.getByRole('heading', { name: persona.dashboardHeading, level: 1 }).waitFor();
      expect(await sidebarItems(page), `${persona.name} sees exactly the spec's sidebar items, in order`).toEqual(persona.items);
      const sidebar = page.locator('aside [data-testid="app-sidebar"]');
      expect((await sidebar.boundingBox())?.width, 'the wide sidebar is 256 px (plus its 1 px border)').toBeGreaterThanOrEqual(255);
      expect(await page.getByTestId('sidebar-role-badge').first().textContent(), 'wide role badge').toBe(persona.badge.wide);
      expect(await page.getByTestId('role-switcher').count(), `role switcher ${persona.roleSwitcher ? 'shown' : 'hidden'} as the database decides`).toBe(
        persona.roleSwitcher ? 1 : 0,
      );
      if (persona.name === 'agent') {
        expect(await activeItems(page), 'at `/` the agent dashboard item is active').toEqual(['My Listings']);
      }
      if (persona.name === 'super-admin') {
        expect(await activeItems(page), 'at `/` only the `/` item is active').toEqual(['System Overview']);
        await page.getByRole('link', { name: 'User Management' }).click();
        await page.waitForURL(`${appUrl}/admin`);
        await expect.poll(() => activeItems(page), { message: 'items whose path starts the current path are active', timeout: 15_000 }).toEqual(['User Management', 'System Settings']);
      }
      await expectNoSeriousA11yViolations(page, `${persona.name}, expanded`);
      await saveScreenshot(page, `shell-${persona.name}-expanded-desktop`);

      await page.getByTestId('sidebar-toggle').click();
      await page.waitForFunction(() => document.querySelector('aside [data-testid="app-sidebar"]')?.getAttribute('data-collapsed') === 'true');
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await sidebar.getAttribute('data-collapsed'), 'collapsed state survives a reload').toBe('true');
      expect(Math.round((await sidebar.boundingBox())?.width ?? 0), 'the collapsed sidebar is 64 px').toBeLessThanOrEqual(64);
      expect(await sidebarItems(page), 'collapsed, the same items remain, named for assistive technology').toEqual(persona.items);
      expect(await page.getByTestId('sidebar-role-badge').first().textContent(), 'short role badge when collapsed').toBe(persona.badge.short);
      // The tooltips' code loads when the collapsed sidebar first renders; a pointer that entered before it
      // arrived opens the tooltip on its next move, as a person's would: keep moving over the item.
      const firstItem = sidebar.locator('[data-testid="sidebar-items"] a').first();
      let offset = 0;
      await expect
        .poll(
          async () => {
            offset = offset === 8 ? 12 : 8;
            await firstItem.hover({ position: { x: offset, y: offset } });
            return page.getByRole('tooltip').first().textContent({ timeout: 1_000 }).catch(() => null);
          },
          { message: 'collapsed, hovering an item shows its label as a tooltip', timeout: 15_000 },
        )
        .toBe(persona.items[0]);
      await expectNoSeriousA11yViolations(page, `${persona.name}, collapsed`);
      await saveScreenshot(page, `shell-${persona.name}-collapsed-desktop`);

      await page.getByTestId('sidebar-toggle').click();
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await sidebar.getAttribute('data-collapsed'), 'expanding is remembered as well').toBe('false');
      expect(pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
    } finally {
      await close();
    }
  });

  test.each(PERSONAS)('$name: phone-sized screen uses a drawer', async (persona) => {
    const { page, pageErrors, close } = await openPage(browser, 'phone');
    try {
      await signInAs(page, appUrl, stack, persona.email);
      await page.getByRole('heading', { name: persona.dashboardHeading, level: 1 }).waitFor();
      expect(await page.locator('aside [data-testid="app-sidebar"]').isVisible(), 'no fixed sidebar on a phone').toBe(false);
      await saveScreenshot(page, `shell-${persona.name}-collapsed-phone`);
      await page.getByTestId('drawer-trigger').click();
      await page.getByRole('dialog').waitFor();
      expect(await sidebarItems(page), `${persona.name}'s drawer lists the same items`).toEqual(persona.items);
      await expectNoSeriousA11yViolations(page, `${persona.name}, phone drawer`);
      await saveScreenshot(page, `shell-${persona.name}-expanded-phone`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'closing the drawer puts focus back on its button').toBe('drawer-trigger');
      expect(await page.getByTestId('drawer-trigger').getAttribute('aria-expanded'), 'the button tells the drawer is closed').toBe('false');
      await page.getByTestId('drawer-trigger').click();
      await page.getByRole('dialog').waitFor();
      await page.getByRole('dialog').getByRole('link', { name: persona.items[1] }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
    } finally {
      await close();
    }
  });

  test('follows a dark system colour scheme, still without serious accessibility violations', async () => {
    const { page, close } = await openPage(browser, 'desktop', { colorScheme: 'dark' });
    try {
      await signInAs(page, appUrl, stack, 'olivia.chen@listingdesk.test', '/agent-assignments');
      await page.getByRole('heading', { name: 'Agent Assignments', level: 1 }).waitFor();
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background, 'dark background when the system prefers dark').not.toMatch(/^(rgb\(255, 255, 255\)|oklch\(1 0 0\)|color\(srgb 1 1 1\))$/);
      await expectNoSeriousA11yViolations(page, 'tc, dark theme');
      await saveScreenshot(page, 'shell-tc-expanded-desktop-dark');
    } finally {
      await close();
    }
  });

  test('role-gated screens show the Access Denied texts; no screen is a placeholder any more', async () => {
    const { page, close } = await openPage(browser, 'desktop');
    try {
      await signInAs(page, appUrl, stack, 'james.wilson@listingdesk.test', '/admin');
      await page.getByText('Super admin access required to view this page.').waitFor();
      await page.goto(`${appUrl}/tc-dashboard`);
      await page.getByText('This page is only available to Transaction Coordinators.').waitFor();
      await page.goto(`${appUrl}/agent-messages`);
      await page.getByRole('heading', { name: 'Team Messages', level: 1 }).waitFor();
      await page.getByTestId('message-box').waitFor();
      await page.goto(`${appUrl}/ai-workflow-insights`);
      await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
      expect(await page.getByText('This page is only available to Transaction Coordinators.').count(), 'AI Workflow Insights is for coordinators').toBe(1);
      await page.goto(`${appUrl}/dashboard`);
      await page.getByRole('heading', { name: 'My Listings', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname, '/dashboard resolves like `/`').toBe('/dashboard');
    } finally {
      await close();
    }
  });
});
