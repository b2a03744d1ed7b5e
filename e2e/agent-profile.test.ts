/**
 * The agent's profile (/agent-profile) and the agents' AI assistant notice
 * (/ai-assistant) in Chromium against a throwaway stack, as a fresh agent
 * (the seeded people stay as seeded for the other browser tests): fields are
 * read-only until Edit Profile, validated with the spec's messages and saved;
 * the MLS password is write-only (set / not set, never in the page unless its
 * owner reveals it, clearable); a new e-mail waits for Auth's confirmation;
 * the cropped photo is stored as a 250×250 JPEG.
 */
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { DEMO_PASSWORD, signInAs } from './support/auth.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { query } from './support/listing-fixtures.ts';
import { AVATARS, avatarObjects, chooseAndOpenCrop, decodeJpeg, latestVerifyLink, quadrantPng, serviceClientFor } from './support/profile.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();
const service = serviceClientFor(stack);

const SECRET = `Mls-${crypto.randomUUID().slice(0, 12)}`;
const TAG = crypto.randomUUID().slice(0, 8);

interface Account {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  license_number: string | null;
  brokerage: string | null;
  brokerage_address: string | null;
  mls_system: string | null;
  mls_username: string | null;
  profile_image_url: string | null;
  mls_password_stored: boolean;
}

let authId: string;
let accountId: string;
/** The sign-in's e-mail; the e-mail test changes it. */
let email = `avery.stone-${TAG}@listingdesk.test`;

async function account(): Promise<Account> {
  const [row] = await query<Account & Record<string, unknown>>(
    stack,
    `select u.id, u.email, u.first_name, u.last_name, u.phone, u.license_number, u.brokerage, u.brokerage_address, u.mls_system,
       u.mls_username, u.profile_image_url, s.mls_password_encrypted is not null as mls_password_stored
     from public.users u left join private.user_secrets s on s.user_id = u.id where u.auth_user_id = $1`,
    [authId],
  );
  if (!row) throw new Error('no account for the test agent');
  return row;
}

async function checkA11y(page: Page, what: string) {
  const violations = await seriousA11yViolations(page);
  expect(violations, `${what}: no serious or critical axe violation\n${describeViolations(violations)}`).toEqual([]);
}

/** Everything the page holds as text: the DOM with input values. */
async function pageText(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.outerHTML + [...document.querySelectorAll('input')].map((i) => i.value).join('\n'));
}

const FIELD_VALUES: [label: string, value: string, column: keyof Account][] = [
  ['First Name', 'Avery', 'first_name'],
  ['Last Name', 'Stone-Park', 'last_name'],
  ['Phone Number', '(512) 555-0199', 'phone'],
  ['License Number', 'TX-0654321', 'license_number'],
  ['Brokerage', 'Hill Country Realty', 'brokerage'],
  ['Brokerage Address', '900 Congress Ave, Austin, TX 78701', 'brokerage_address'],
  ['MLS System', 'ABOR Matrix', 'mls_system'],
  ['MLS Username', 'avery.stone', 'mls_username'],
];

describe('agent profile', () => {
  let browser: TestBrowser;
  let desktop: OpenedPage;
  const passwordRequests: string[] = [];

  beforeAll(async () => {
    const created = await service.auth.admin.createUser({
      email,
      password: DEMO_PASSWORD,
      email_confirm: true,
      user_metadata: { first_name: 'Avery', last_name: 'Stone' },
    });
    if (created.error) throw created.error;
    authId = created.data.user.id;
    accountId = (await account()).id;
    browser = await launchBrowser();
    desktop = await openPage(browser, 'desktop');
    desktop.page.on('request', (request) => {
      if (request.url().includes('/rpc/get_mls_password')) passwordRequests.push(request.url());
    });
    await signInAs(desktop.page, appUrl, stack, email, '/agent-profile');
    await desktop.page.getByRole('button', { name: 'Edit Profile' }).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await desktop?.close();
    await browser?.close();
    const leftovers = accountId ? await avatarObjects(stack, accountId) : [];
    if (leftovers.length > 0) await service.storage.from(AVATARS).remove(leftovers);
    if (authId) await service.auth.admin.deleteUser(authId);
  });

  test("fields are read-only until Edit Profile; invalid names and e-mail show the spec's messages; saved values persist", async () => {
    const { page } = desktop;
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    await page.getByTestId('mls-password-status').filter({ hasText: 'Not set' }).waitFor();
    for (const [label] of FIELD_VALUES) {
      expect(await page.getByLabel(label, { exact: true }).getAttribute('readonly'), `${label} is read-only until Edit Profile`).not.toBeNull();
    }
    expect(await page.getByLabel('Email Address').getAttribute('readonly'), 'the e-mail is read-only until Edit Profile').not.toBeNull();
    expect(await page.getByLabel('MLS Password').count(), 'no MLS password input until Edit Profile').toBe(0);
    await saveScreenshot(page, 'agent-profile-desktop');
    await checkA11y(page, 'read-only agent profile');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('First Name').fill('  ');
    await page.getByLabel('Last Name').fill('');
    await page.getByLabel('Email Address').fill('not-an-address');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    for (const message of ['First name is required', 'Last name is required', 'Valid email is required']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect((await account()).first_name, 'an invalid form writes nothing').toBe('Avery');
    await saveScreenshot(page, 'agent-profile-edit-desktop');
    await checkA11y(page, 'agent profile in edit mode with errors');

    await page.getByLabel('Email Address').fill(email);
    for (const [label, value] of FIELD_VALUES) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile updated', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    const saved = await account();
    for (const [label, value, column] of FIELD_VALUES) expect(saved[column], `${label} is stored`).toBe(value);

    await page.reload();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    for (const [label, value] of FIELD_VALUES) {
      expect(await page.getByLabel(label, { exact: true }).inputValue(), `${label} persists after reload`).toBe(value);
    }
  });

  test('the MLS password is write-only: shown as set, in the page only when its owner reveals it, and clearable', async () => {
    const { page } = desktop;
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('MLS Password').fill(SECRET);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile updated', { exact: true }).first().waitFor();
    await page.getByTestId('mls-password-status').filter({ hasText: /^Set$/ }).waitFor();
    expect((await account()).mls_password_stored, 'the password is stored (encrypted, in private.user_secrets)').toBe(true);
    expect(await pageText(page), 'once saved, the password is no longer in the page').not.toContain(SECRET);

    await page.reload();
    await page.getByTestId('mls-password-status').filter({ hasText: /^Set$/ }).waitFor();
    expect(await pageText(page), 'after reload the page shows "Set", not the password').not.toContain(SECRET);
    expect(passwordRequests, 'the page never asked for the password before Show').toEqual([]);

    await page.getByRole('button', { name: 'Show MLS password' }).click();
    await page.getByTestId('mls-password-value').filter({ hasText: SECRET }).waitFor();
    expect(passwordRequests, 'Show asked get_mls_password once').toHaveLength(1);
    await saveScreenshot(page, 'agent-profile-mls-revealed-desktop');
    await checkA11y(page, 'revealed MLS password');
    await page.getByRole('button', { name: 'Hide MLS password' }).click();
    await page.getByTestId('mls-password-value').waitFor({ state: 'detached' });
    expect(await pageText(page), 'Hide removes the password from the page').not.toContain(SECRET);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('button', { name: 'Clear Password' }).click();
    await page.getByText('The MLS password will be removed when you save.').waitFor();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByTestId('mls-password-status').filter({ hasText: 'Not set' }).waitFor();
    expect((await account()).mls_password_stored, 'clearing removes the stored password').toBe(false);
  });

  test('a cropped photo is stored as a 250×250 JPEG of the selected square', async () => {
    const { page } = desktop;
    const before = (await account()).profile_image_url;
    const dialog = await chooseAndOpenCrop(page, await quadrantPng(page));
    await saveScreenshot(page, 'agent-profile-crop-desktop');
    await checkA11y(page, 'crop dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Photo updated', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const url = (await account()).profile_image_url;
    expect(url, 'the account points at a new avatar').not.toBe(before);
    expect(url, "the avatar lives in the account's own folder of the public avatars bucket").toContain(`/storage/v1/object/public/${AVATARS}/${accountId}/`);
    expect(await avatarObjects(stack, accountId), 'one avatar object is stored').toHaveLength(1);

    const response = await fetch(url!);
    expect(response.headers.get('content-type'), 'the stored avatar is a JPEG').toMatch(/^image\/jpeg/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 3).toString('hex'), 'the file starts with the JPEG magic bytes').toBe('ffd8ff');
    // The initial square is 80% of the 300 px side (240 px at 80, 30), scaled to 250: the quadrant borders fall at 125.
    const { width, height, colours } = await decodeJpeg(page, bytes, [[5, 5], [245, 5], [5, 245], [245, 245], [118, 118], [132, 132]]);
    expect([width, height], 'the agent photo is 250 × 250 pixels (spec part 2 §5)').toEqual([250, 250]);
    expect(colours, 'the pixels show the selected square, scaled').toEqual(['red', 'green', 'blue', 'yellow', 'red', 'yellow']);
    await page.getByTestId('sidebar-user').locator(`img[src="${url}"]`).waitFor();
  });

  test('a new e-mail goes through Auth: it waits for the confirmation mail, and following the link shows it', async () => {
    const { page } = desktop;
    const newEmail = `avery.moved-${TAG}@listingdesk.test`;
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Email Address').fill(newEmail);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    const notice = page.getByTestId('pending-email-notice');
    await notice.waitFor();
    expect(await notice.textContent(), 'the notice says where the confirmation went').toContain(`Check your inbox at ${newEmail} to confirm the change`);
    expect(await page.getByLabel('Email Address').inputValue(), 'the verified address stays until the change is confirmed').toBe(email);
    expect((await account()).email, 'the account keeps its address before confirmation').toBe(email);

    const link = await latestVerifyLink(stack, newEmail);
    expect(link, 'the confirmation mail holds a verify link').toBeTruthy();
    await page.goto(link!);
    await page.waitForURL((url) => url.pathname === '/agent-profile');
    await page.getByLabel('Email Address').and(page.locator(`[value="${newEmail}"]`)).waitFor();
    expect((await account()).email, 'the database copied the confirmed address').toBe(newEmail);
    email = newEmail;
  });

  test('/ai-assistant shows agents the coming-soon notice; coordinators keep the assistant', async () => {
    const { page } = desktop;
    await page.goto(`${appUrl}/ai-assistant`);
    const notice = page.getByTestId('ai-coming-soon');
    await notice.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent(), 'the screen keeps a level-1 heading').toBe('AI Assistant');
    expect(await notice.textContent(), 'realtor access comes later for a monthly add-on fee (spec part 2 §1)').toContain(
      'Realtor access will come later for a small monthly add-on fee.',
    );
    expect(await page.getByRole('tab', { name: 'AI Chat' }).count(), 'agents get the notice, not the assistant').toBe(0);
    await saveScreenshot(page, 'ai-assistant-agent-desktop');
    await checkA11y(page, 'AI assistant coming-soon notice');

    const coordinator = await openPage(browser, 'desktop');
    try {
      await signInAs(coordinator.page, appUrl, stack, 'olivia.chen@listingdesk.test', '/ai-assistant');
      await coordinator.page.getByRole('tab', { name: 'AI Chat' }).waitFor({ timeout: 20_000 });
      expect(await coordinator.page.getByTestId('ai-coming-soon').count(), 'a coordinator does not get the agents’ notice').toBe(0);
    } finally {
      await coordinator.close();
    }
  });

  test('fits a phone screen: profile, edit mode, crop dialog and the AI notice', async () => {
    const opened = await openPage(browser, 'phone');
    try {
      const { page } = opened;
      await signInAs(page, appUrl, stack, email, '/agent-profile');
      await page.getByRole('button', { name: 'Edit Profile' }).waitFor({ timeout: 20_000 });
      await page.getByTestId('mls-password-status').filter({ hasText: 'Not set' }).waitFor();
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow(), 'nothing overflows the phone screen sideways').toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'agent-profile-phone');
      await checkA11y(page, 'agent profile on phone');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      expect(await overflow(), 'edit mode fits the phone screen').toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'agent-profile-edit-phone');
      await checkA11y(page, 'agent profile edit mode on phone');
      const dialog = await chooseAndOpenCrop(page, await quadrantPng(page));
      await saveScreenshot(page, 'agent-profile-crop-phone');
      await checkA11y(page, 'crop dialog on phone');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.goto(`${appUrl}/ai-assistant`);
      await page.getByTestId('ai-coming-soon').waitFor();
      expect(await overflow(), 'the AI notice fits the phone screen').toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'ai-assistant-agent-phone');
      await checkA11y(page, 'AI notice on phone');
    } finally {
      await opened.close();
    }
  });
});
