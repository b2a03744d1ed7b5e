/**
 * The admin console in Chromium against a throwaway stack: tab counts from
 * the database, searching and paging, every list's row fields, deletions
 * with their confirmations and toasts, the Send Invitation dialog's
 * validation, System Stats and System Settings; Access Denied for others.
 * Screenshots of each state at desktop and phone widths; axe on each.
 */
import { createClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD, signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type TestBrowser, type ViewportName } from './support/browser.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();
const ADMIN = 'admin@listingdesk.test';
const service = createClient(stack.apiUrl, stack.serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
});

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  try {
    return (await db.query<T>(text, values)).rows;
  } finally {
    await db.end();
  }
}

async function expectAxeClean(page: Page, where: string) {
  // A list dimmed by a refetch in flight (aria-busy) is not what the user reads; check the settled screen.
  await settled(page);
  expect(describeViolations(await seriousA11yViolations(page)), `axe: no serious or critical violation (${where})`).toBe('');
}

async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"], [aria-busy="true"]').length === 0);
}

async function openTab(page: Page, name: RegExp) {
  await page.getByRole('tab', { name }).click();
  await settled(page);
}

const tag = `e2e${Date.now().toString(36)}`;
const fixtures = { userId: '', accountId: '', listingId: '', invitations: [] as string[] };

describe('admin console (/admin)', () => {
  let browser: TestBrowser;

  beforeAll(async () => {
    browser = await launchBrowser();
    const created = await service.auth.admin.createUser({
      email: `${tag}-doomed@example.test`,
      password: DEMO_PASSWORD,
      email_confirm: true,
      user_metadata: { first_name: 'Doomed', last_name: `Person${tag}` },
    });
    if (created.error) throw created.error;
    fixtures.userId = created.data.user.id;
    fixtures.accountId = (await sql<{ id: string }>('select id from public.users where auth_user_id = $1', [fixtures.userId]))[0].id;
    fixtures.listingId = (
      await sql<{ id: string }>(`insert into public.listings (address, seller_name, listing_price, status, agent_id) values ($1, 'Pat Seller', '$450,000', 'live', $2) returning id`, [
        `1 ${tag} Lane, Austin TX`,
        fixtures.accountId,
      ])
    )[0].id;
    const rows = await sql<{ id: string }>(
      `insert into public.invitations (email, role, used, used_at, expires_at) values
         ($1, 'agent', false, null, now() + interval '7 days'),
         ($2, 'tc', true, now(), now() + interval '7 days'),
         ($3, 'agent', false, null, now() - interval '1 day')
       returning id`,
      [`${tag}-pending@example.test`, `${tag}-used@example.test`, `${tag}-expired@example.test`],
    );
    fixtures.invitations = rows.map((r) => r.id);
  });

  afterAll(async () => {
    await browser?.close();
    await sql('delete from public.invitations where email like $1', [`${tag}-%`]);
    await sql('delete from public.listings where id = $1', [fixtures.listingId]);
    await service.auth.admin.deleteUser(fixtures.userId).catch(() => undefined);
  });

  test.each<ViewportName>(['desktop', 'phone'])('tabs with database counts, each list searched, stats and settings (%s)', async (viewport) => {
    const { page, pageErrors, close } = await openPage(browser, viewport);
    try {
      await signInAs(page, appUrl, stack, ADMIN, '/admin');
      await page.getByRole('heading', { name: 'System Administration', level: 1 }).waitFor();
      await settled(page);
      const [counts] = await sql<{ users: number; listings: number; invitations: number }>(
        'select (select count(*) from public.users)::int as users, (select count(*) from public.listings)::int as listings, (select count(*) from public.invitations)::int as invitations',
      );
      await page.getByRole('tab', { name: `Users (${counts.users})` }).waitFor();
      expect(await page.getByRole('tab', { name: `Listings (${counts.listings})` }).count(), 'the Listings tab shows the database count').toBe(1);
      expect(await page.getByRole('tab', { name: `Invitations (${counts.invitations})` }).count(), 'the Invitations tab shows the database count').toBe(1);
      expect(await page.getByTestId('users-row').count(), 'the Users tab lists the first page of accounts').toBe(Math.min(25, counts.users));
      await saveScreenshot(page, `admin-users-${viewport}`);
      await expectAxeClean(page, `users, ${viewport}`);

      await page.getByRole('searchbox', { name: 'Search users' }).fill('olivia');
      // Olivia's sign-in owns two accounts: her coordinator account and her test agent profile.
      await expect.poll(() => page.getByTestId('users-row').count(), { message: 'the search filters users in the database' }).toBe(2);
      const olivia = page.getByTestId('users-row').filter({ hasText: 'Transaction Coordinator' });
      expect(await olivia.textContent(), 'a user row shows name, e-mail and role').toMatch(/Olivia Chen.*olivia\.chen@listingdesk\.test.*Transaction Coordinator/);
      await page.getByRole('searchbox', { name: 'Search users' }).fill('marcus');
      await expect.poll(() => page.getByTestId('users-row').first().textContent(), { message: "an agent's row names the assigned coordinator" }).toContain('Coordinator: Olivia Chen');
      await page.getByRole('searchbox', { name: 'Search users' }).fill('');

      await openTab(page, /^Listings/);
      await page.getByRole('searchbox', { name: 'Search listings' }).fill(tag);
      await expect.poll(() => page.getByTestId('listings-row').count(), { message: 'the listing search finds the test listing only' }).toBe(1);
      const listingRow = page.getByTestId('listings-row').first();
      expect(await listingRow.textContent(), 'a listing row shows address, seller, agent, status and price').toMatch(new RegExp(`1 ${tag} Lane.*Pat Seller.*Doomed Person${tag}.*Live.*\\$450,000`));
      await saveScreenshot(page, `admin-listings-${viewport}`);
      await expectAxeClean(page, `listings, ${viewport}`);
      await page.getByRole('searchbox', { name: 'Search listings' }).fill('');

      await openTab(page, /^Invitations/);
      await page.getByRole('searchbox', { name: 'Search invitations' }).fill(tag);
      // Polled as a whole: the debounced search replaces the unfiltered page a moment later.
      await expect
        .poll(async () => (await page.getByTestId('invitation-state').allTextContents()).sort(), { message: 'the three test invitations are listed: Used, Pending and Expired told apart' })
        .toEqual(['Expired', 'Pending', 'Used']);
      // Polled too: the rows shown can still be swapped by the debounced search's last answer.
      await expect.poll(() => page.getByRole('button', { name: /^Resend invitation/ }).count(), { message: 'only the pending invitation offers Resend' }).toBe(1);
      await saveScreenshot(page, `admin-invitations-${viewport}`);
      await expectAxeClean(page, `invitations, ${viewport}`);

      await openTab(page, /^System Stats/);
      for (const title of ['Total Users', 'Active Listings', 'Agents', 'TCs']) await page.getByText(title, { exact: true }).waitFor();
      await saveScreenshot(page, `admin-stats-${viewport}`);

      await openTab(page, /^Settings/);
      await page.getByTestId('role-switcher-email').filter({ hasText: 'switcher@listingdesk.test' }).waitFor();
      expect(await page.getByTestId('ai-configured').textContent(), 'AI status is told without the key').toMatch(/^(Configured|Not configured.*)$/);
      await settled(page);
      await saveScreenshot(page, `admin-settings-${viewport}`);
      await expectAxeClean(page, `settings, ${viewport}`);
      expect(pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
    } finally {
      await close();
    }
  });

  test('deletions ask first and toast; the invite dialog validates before sending; settings are saved', async () => {
    const { page, close } = await openPage(browser, 'desktop');
    try {
      await signInAs(page, appUrl, stack, ADMIN, '/admin?tab=listings');
      await page.getByRole('searchbox', { name: 'Search listings' }).fill(tag);
      await expect.poll(() => page.getByTestId('listings-row').count()).toBe(1);
      await page.getByRole('button', { name: `Delete 1 ${tag} Lane, Austin TX` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Listing deleted', { exact: true }).waitFor();
      await expect.poll(() => page.getByTestId('listings-row').count(), { message: 'the deleted listing leaves the list' }).toBe(0);
      expect(await sql('select 1 from public.listings where id = $1', [fixtures.listingId]), 'the listing is gone from the database').toHaveLength(0);

      await openTab(page, /^Invitations/);
      await page.getByRole('searchbox', { name: 'Search invitations' }).fill(`${tag}-expired`);
      await expect.poll(() => page.getByTestId('invitations-row').count()).toBe(1);
      await page.getByRole('button', { name: `Delete invitation for ${tag}-expired@example.test` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Invitation deleted', { exact: true }).waitFor();
      await expect.poll(() => page.getByTestId('invitations-row').count(), { message: 'the deleted invitation leaves the list' }).toBe(0);

      await openTab(page, /^Users/);
      await page.getByRole('searchbox', { name: 'Search users' }).fill(`Person${tag}`);
      await expect.poll(() => page.getByTestId('users-row').count()).toBe(1);
      await page.getByRole('button', { name: `Delete Doomed Person${tag}` }).click();
      await page.getByRole('alertdialog').getByText('listings, documents, messages and tasks stay without an owner').waitFor();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('User deleted', { exact: true }).waitFor();
      await expect.poll(() => page.getByTestId('users-row').count(), { message: 'the deleted user leaves the list' }).toBe(0);
      expect(await sql('select 1 from auth.users where id = $1', [fixtures.userId]), 'the sign-in went with its only account').toHaveLength(0);
      await page.getByRole('searchbox', { name: 'Search users' }).fill('admin@listingdesk');
      await expect.poll(() => page.getByTestId('users-row').count()).toBe(1);
      expect(await page.getByRole('button', { name: /^Delete Morgan/ }).count(), 'the admin is not offered deleting the account in use').toBe(0);

      await page.getByRole('button', { name: 'Send Invitation' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite New User' });
      await dialog.waitFor();
      const submit = dialog.getByRole('button', { name: 'Send Invitation' });
      expect(await submit.isDisabled(), 'submit is disabled while e-mail and role are empty').toBe(true);
      await dialog.getByLabel('Email').fill('not-an-email');
      expect(await submit.isDisabled(), 'still disabled without a role').toBe(true);
      await dialog.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Agent' }).click();
      expect(await submit.isDisabled(), 'enabled once both are filled').toBe(false);
      await submit.click();
      await dialog.getByText('Enter a valid e-mail address').waitFor();
      await saveScreenshot(page, 'admin-invite-dialog-desktop');
      await expectAxeClean(page, 'invite dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'closing the dialog puts focus back on Send Invitation').toBe('Send Invitation');

      await openTab(page, /^Settings/);
      await page.getByLabel('Invitation lifetime (days)').fill('14');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await page.getByText('Settings saved', { exact: true }).waitFor();
      expect(await sql('select value from private.settings where key = $1', ['invitation_lifetime_days']), 'the lifetime is stored in the database').toEqual([{ value: '14' }]);
      await sql(`update private.settings set value = '7' where key = 'invitation_lifetime_days'`);
    } finally {
      await close();
    }
  });

  test('others see Access Denied (phone)', async () => {
    const { page, close } = await openPage(browser, 'phone');
    try {
      await signInAs(page, appUrl, stack, 'olivia.chen@listingdesk.test', '/admin');
      await page.getByText('Super admin access required to view this page.').waitFor();
      await saveScreenshot(page, 'admin-denied-phone');
    } finally {
      await close();
    }
  });
});
