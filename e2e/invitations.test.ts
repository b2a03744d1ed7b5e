/**
 * The whole invitation path (issue 13, first 'Must show'): the super admin
 * invites a new agent from the admin console's 'Send Invitation' dialog (the
 * invitations function), the e-mail arrives in
 * the local mail viewer, the invitee follows its link, sets name and password
 * and lands on the agent dashboard as an agent; the invitation is used, the
 * same link shows 'Already Activated', an expired one 'Invitation Not Found'.
 * Also: 'Invalid Link', complete-invitation, and a sign-in screen without
 * public sign-up. Every state is screenshotted at desktop and phone sizes.
 */
import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type TestBrowser, type ViewportName } from './support/browser.ts';
import { clientAs, query } from './support/listing-fixtures.ts';
import { latestVerifyLink } from './support/profile.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

let browser: TestBrowser;
let admin: SupabaseClient;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = (await clientAs(stack, 'admin@listingdesk.test')).client;
});

afterAll(async () => {
  await browser?.close();
});

/** What ADMIN's 'Send Invitation' dialog calls: the invitations function, from the app's origin. */
async function invite(email: string, role: 'tc' | 'agent'): Promise<string> {
  const { data, error } = await admin.functions.invoke('invitations', { body: { action: 'send', email, role }, headers: { Origin: appUrl } });
  if (error) throw error;
  return (data as { invitation: { id: string } }).invitation.id;
}

/**
 * The admin's own path: System Administration → Invitations → 'Send Invitation',
 * the dialog 'Invite New User', the toast, and the new invitation listed as
 * Pending. Returns the admin's page (to see the state change later) and the id.
 */
async function inviteThroughAdminScreen(email: string): Promise<{ adminPage: Page; closeAdmin: () => Promise<void>; invitationId: string }> {
  const { page, close } = await openPage(browser, 'desktop');
  await signInAs(page, appUrl, stack, 'admin@listingdesk.test', '/admin?tab=invitations');
  // The header's button (the Invitations tab repeats it for an empty list).
  await page.getByRole('button', { name: 'Send Invitation' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Invite New User' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Agent' }).click();
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await page.getByText('Invitation sent', { exact: true }).first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('searchbox', { name: 'Search invitations' }).fill(email);
  await expect.poll(() => page.getByTestId('invitation-state').allTextContents(), { message: 'the new invitation is listed as Pending' }).toEqual(['Pending']);
  const [row] = await query<{ id: string }>(stack, 'select id from public.invitations where email = $1', [email]);
  return { adminPage: page, closeAdmin: close, invitationId: row!.id };
}

async function expectAccessible(page: Page, what: string) {
  expect(describeViolations(await seriousA11yViolations(page)), `axe: no serious or critical violation on ${what}`).toBe('');
}

async function shoot(page: Page, name: string, viewport: ViewportName) {
  await saveScreenshot(page, `invitations-${name}-${viewport}`);
}

describe('invitations end to end', () => {
  test('admin invites a new agent → mail → onboarding → agent dashboard; the link then shows Already Activated', async () => {
    const email = `new-agent-${crypto.randomUUID().slice(0, 8)}@invite.test`;
    const { adminPage, closeAdmin, invitationId } = await inviteThroughAdminScreen(email);

    const { page, pageErrors, close } = await openPage(browser, 'desktop');
    try {
      await page.goto(stack.mailUrl);
      await page.getByText(email).first().waitFor();
      await shoot(page, 'mail-viewer', 'desktop');
      const link = await latestVerifyLink(stack, email);
      expect(link, 'the invitation e-mail carries a link').toBeTruthy();

      await page.goto(link!);
      await page.waitForURL((url) => url.pathname === '/onboarding' && url.searchParams.get('invitation') === invitationId);
      await page.getByRole('heading', { name: 'Complete Your Account' }).waitFor();
      expect(await page.getByTestId('invited-email').innerText(), 'the invited e-mail is shown').toBe(email);
      const submit = page.getByRole('button', { name: 'Complete Setup' });
      expect(await submit.isDisabled(), 'the form is disabled until the names and password are filled').toBe(true);
      await page.getByLabel('First Name').fill('  Nia ');
      await page.getByLabel('Last Name').fill('Okafor');
      await page.getByLabel('Password').fill('Invited!2024-pass');
      await expectAccessible(page, 'the onboarding form');
      await shoot(page, 'onboarding-form', 'desktop');
      await submit.click();

      await page.getByRole('heading', { name: 'Welcome, Nia!' }).waitFor();
      expect(await page.getByText('Your account is being set up...').count(), 'the welcome screen says the account is being set up').toBe(1);
      await shoot(page, 'welcome', 'desktop');
      await page.waitForURL(`${appUrl}/`, { timeout: 10_000 });
      await page.getByRole('heading', { name: 'My Listings', level: 1 }).waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('sidebar-role-badge').first().textContent(), 'the invitee works as an agent').toBe('Agent');

      const [row] = await query<{ used: boolean }>(stack, 'select used from public.invitations where id = $1', [invitationId]);
      expect(row?.used, 'the invitation is used (the admin list shows Used)').toBe(true);
      const listed = (await admin.from('invitations').select('used').eq('id', invitationId).single()).data;
      expect(listed?.used, "the super admin's own read of the invitations shows it used").toBe(true);
      await adminPage.reload();
      await adminPage.getByRole('searchbox', { name: 'Search invitations' }).fill(email);
      await expect.poll(() => adminPage.getByTestId('invitation-state').allTextContents(), { message: 'the admin list shows the invitation Used' }).toEqual(['Used']);
      const accounts = await query<{ role: string; first_name: string }>(stack, 'select role, first_name from public.users where email = $1', [email]);
      expect(accounts, 'one agent account with the trimmed first name').toEqual([{ role: 'agent', first_name: 'Nia' }]);

      await page.goto(`${appUrl}/onboarding?invitation=${invitationId}`);
      await page.getByRole('heading', { name: 'Already Activated' }).waitFor();
      expect(await page.getByRole('link', { name: 'Sign In' }).count(), "'Already Activated' offers a sign-in button").toBe(1);
      await expectAccessible(page, 'Already Activated');
      await shoot(page, 'already-activated', 'desktop');
      expect(pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
    } finally {
      await close();
      await closeAdmin();
      // The new agent would otherwise stay unassigned and change other files' Available Agents.
      await query(stack, 'delete from auth.users where email = $1', [email]);
    }
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    test(`${viewport}: expired → Invitation Not Found, no parameter → Invalid Link, sign-in without sign-up`, async () => {
      const expired = await invite(`late-${crypto.randomUUID().slice(0, 8)}@invite.test`, 'tc');
      await query(stack, `update public.invitations set expires_at = now() - interval '1 minute' where id = $1`, [expired]);
      const { page, pageErrors, close } = await openPage(browser, viewport);
      try {
        await page.goto(`${appUrl}/onboarding?invitation=${expired}`);
        await page.getByRole('heading', { name: 'Invitation Not Found' }).waitFor();
        expect(await page.getByText('This invitation link is not valid or has expired.').count(), 'the not-found text').toBe(1);
        await expectAccessible(page, 'Invitation Not Found');
        await shoot(page, 'not-found', viewport);

        await page.goto(`${appUrl}/onboarding`);
        await page.getByRole('heading', { name: 'Invalid Link' }).waitFor();
        await shoot(page, 'invalid-link', viewport);

        await page.goto(`${appUrl}/api/login`);
        await page.getByLabel('Email address').waitFor();
        expect(await page.getByText(/sign up/i).count(), 'the sign-in screen offers no public sign-up').toBe(0);
        expect(await page.getByText('Accounts are by invitation', { exact: false }).count(), 'it says accounts come by invitation').toBe(1);
        await expectAccessible(page, 'the sign-in screen');
        await shoot(page, 'sign-in', viewport);
        expect(pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
      } finally {
        await close();
      }
    });
  }

  test('phone: the onboarding form fits, and complete-invitation finishes by role', async () => {
    const email = `phone-${crypto.randomUUID().slice(0, 8)}@invite.test`;
    const invitationId = await invite(email, 'tc');
    const { page, pageErrors, close } = await openPage(browser, 'phone');
    try {
      await page.goto((await latestVerifyLink(stack, email))!);
      await page.waitForURL((url) => url.pathname === '/onboarding' && url.searchParams.get('invitation') === invitationId);
      await page.getByRole('heading', { name: 'Complete Your Account' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling on a phone').toBe(true);
      await shoot(page, 'onboarding-form', 'phone');
      await close();

      // A coordinator whose onboarding did not report the account ready continues here.
      const again = await openPage(browser, 'phone');
      await signInAs(again.page, appUrl, stack, 'david.kim@listingdesk.test', '/complete-invitation');
      await again.page.getByRole('main').getByText('Account created successfully!').waitFor();
      await shoot(again.page, 'complete-invitation', 'phone');
      await again.page.waitForURL(`${appUrl}/tc-dashboard`, { timeout: 10_000 });
      await again.close();
      expect(pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
    } finally {
      await close().catch(() => undefined);
    }
  });
});
