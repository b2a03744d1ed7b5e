/**
 * The coordinator's profile (/tc-profile) in Chromium against a throwaway
 * stack: contact details are read-only until Edit Profile, saved and
 * validated; a new e-mail waits for its confirmation mail; a photo is cropped
 * with the keyboard and stored as one JPEG of the selected square, replacing
 * the previous file.
 */
import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { signInAs } from './support/auth.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser, type ViewportName } from './support/browser.ts';
import { query } from './support/listing-fixtures.ts';
import { AVATARS, avatarObjects, chooseAndOpenCrop, decodeJpeg, latestVerifyLink, quadrantPng, serviceClientFor } from './support/profile.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const OLIVIA = 'olivia.chen@listingdesk.test';

const service = serviceClientFor(stack);

interface Account {
  id: string;
  auth_user_id: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  email: string;
  profile_image_url: string | null;
}

/** Olivia's coordinator account as stored (found by its fixed seed e-mail once: the e-mail test changes it). */
let oliviaId: string | undefined;
async function oliviaAccount(): Promise<Account> {
  const [row] = await query<Account & Record<string, unknown>>(
    stack,
    `select u.id, u.auth_user_id, u.first_name, u.last_name, u.phone, u.email, u.profile_image_url
     from public.users u join auth.users a on a.id = u.auth_user_id
     where u.role = 'tc' and (u.id = $2 or ($2 is null and a.email = $1))`,
    [OLIVIA, oliviaId ?? null],
  );
  if (!row) throw new Error('no coordinator account for Olivia');
  oliviaId = row.id;
  return row;
}

async function saveCropAndWait(page: Page, dialog: Locator, accountId: string, previousUrl: string | null): Promise<string> {
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Photo updated', { exact: true }).first().waitFor();
  await dialog.waitFor({ state: 'detached' });
  const { profile_image_url: url } = await oliviaAccount();
  expect(url, 'the account points at a new avatar').not.toBe(previousUrl);
  expect(url, "the avatar lives in the account's own folder of the public avatars bucket").toContain(`/storage/v1/object/public/${AVATARS}/${accountId}/`);
  return url!;
}

async function checkA11y(page: Page, what: string) {
  const violations = await seriousA11yViolations(page);
  expect(violations, `${what}: no serious or critical axe violation\n${describeViolations(violations)}`).toEqual([]);
}

describe('coordinator profile', () => {
  let browser: TestBrowser;
  let desktop: OpenedPage;
  let original: Account;

  beforeAll(async () => {
    browser = await launchBrowser();
    original = await oliviaAccount();
    desktop = await openPage(browser, 'desktop');
    await signInAs(desktop.page, appUrl, stack, OLIVIA, '/tc-profile');
    await desktop.page.getByRole('button', { name: 'Edit Profile' }).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await desktop?.close();
    await browser?.close();
    // The stack is shared by the browser tests that follow: Olivia gets her seeded profile back.
    await service.auth.admin.updateUserById(original.auth_user_id, { email: OLIVIA, email_confirm: true });
    await query(stack, 'update public.users set first_name = $2, last_name = $3, phone = $4, profile_image_url = null where id = $1', [
      original.id,
      original.first_name,
      original.last_name,
      original.phone,
    ]);
    const leftovers = await avatarObjects(stack, original.id);
    if (leftovers.length > 0) await service.storage.from(AVATARS).remove(leftovers);
  });

  test('details are read-only until Edit Profile; an empty first name is refused; saved values persist', async () => {
    const { page } = desktop;
    await page.getByText('Transaction Coordinator', { exact: true }).waitFor();
    const firstName = page.getByLabel('First Name');
    expect(await firstName.inputValue(), 'the saved first name is shown').toBe(original.first_name);
    expect(await firstName.getAttribute('readonly'), 'fields are read-only until Edit Profile').not.toBeNull();
    await saveScreenshot(page, 'tc-profile-desktop');
    await checkA11y(page, 'read-only profile');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await firstName.getAttribute('readonly'), 'Edit Profile makes the fields editable').toBeNull();
    await firstName.fill('   ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('First name is required').waitFor();
    expect((await oliviaAccount()).first_name, 'an invalid form writes nothing').toBe(original.first_name);
    await saveScreenshot(page, 'tc-profile-edit-desktop');
    await checkA11y(page, 'profile in edit mode');

    await firstName.fill('Liv');
    await page.getByLabel('Last Name').fill('Chen-Park');
    await page.getByLabel('Phone Number').fill('(512) 555-0142');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Profile updated', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await page.getByTestId('sidebar-user-name').filter({ hasText: 'Liv Chen-Park' }).waitFor();
    const saved = await oliviaAccount();
    expect([saved.first_name, saved.last_name, saved.phone], 'the names and phone are stored').toEqual(['Liv', 'Chen-Park', '(512) 555-0142']);

    await page.reload();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    expect(await page.getByLabel('First Name').inputValue(), 'the first name persists after reload').toBe('Liv');
    expect(await page.getByLabel('Last Name').inputValue(), 'the last name persists after reload').toBe('Chen-Park');
    expect(await page.getByLabel('Phone Number').inputValue(), 'the phone persists after reload').toBe('(512) 555-0142');
  });

  test('a cropped photo is stored as a JPEG of the nudged square and replaces the previous file', async () => {
    const { page } = desktop;
    const { id: accountId } = original;
    const png = await quadrantPng(page);

    // First photo: the initial crop as it is.
    let dialog = await chooseAndOpenCrop(page, png);
    const firstUrl = await saveCropAndWait(page, dialog, accountId, null);
    expect(await avatarObjects(stack, accountId), 'one avatar object after the first photo').toHaveLength(1);

    // Second photo, moved with the keyboard: right 5×1 + 4×10 px, down 2×10 + 3×1 px.
    dialog = await chooseAndOpenCrop(page, png);
    // The dialog opens with a short zoom-in animation: measure once it has settled.
    const image = dialog.getByRole('img', { name: 'Photo to crop' });
    await expect
      .poll(async () => (await image.boundingBox())?.width, { message: 'the 400 px wide image is shown at its natural size, so one key step is one file pixel', timeout: 5_000 })
      .toBe(400);
    await saveScreenshot(page, 'tc-profile-crop-desktop');
    await checkA11y(page, 'crop dialog');
    await page.locator('.ReactCrop__crop-selection').focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowRight');
    for (let i = 0; i < 2; i++) await page.keyboard.press('Shift+ArrowDown');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    const secondUrl = await saveCropAndWait(page, dialog, accountId, firstUrl);

    const objects = await avatarObjects(stack, accountId);
    expect(objects, 'the previous avatar object is gone: exactly one file in the folder').toHaveLength(1);
    expect(secondUrl.endsWith(objects[0]!), 'the one file left is the one the account shows').toBe(true);
    await page.getByTestId('sidebar-user').locator(`img[src="${secondUrl}"]`).waitFor();

    const response = await fetch(secondUrl);
    expect(response.status, 'the avatar is readable by its public URL').toBe(200);
    expect(response.headers.get('content-type'), 'the stored avatar is a JPEG').toMatch(/^image\/jpeg/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 3).toString('hex'), 'the file starts with the JPEG magic bytes').toBe('ffd8ff');

    // The initial square is 80% of 300 = 240 px at (80, 30); nudged to (125, 53). In the output the
    // quadrant borders x = 200 and y = 150 fall at 75 and 97 (they were at 120 and 120 before the nudges).
    const { width, height, colours } = await decodeJpeg(page, bytes, [
      [5, 5], [72, 40], [78, 40], [40, 94], [40, 100], [85, 107], [235, 235],
    ]);
    expect([width, height], 'the JPEG is the selected square in natural pixels: 80% of the 300 px side').toEqual([240, 240]);
    expect(colours, 'the pixels show the region moved by the nudges (1, 10 px steps)').toEqual(['red', 'red', 'green', 'red', 'blue', 'yellow', 'yellow']);
  });

  test('a new e-mail waits for its confirmation mail; following the link shows it', async () => {
    const { page } = desktop;
    const newEmail = `olivia.moved-${crypto.randomUUID().slice(0, 8)}@listingdesk.test`;
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Email Address').fill('not-an-address');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Valid email is required').waitFor();

    await page.getByLabel('Email Address').fill(newEmail);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const notice = page.getByTestId('pending-email-notice');
    await notice.waitFor();
    expect(await notice.textContent(), 'the notice says where the confirmation went').toContain(`Check your inbox at ${newEmail} to confirm the change`);
    expect(await page.getByLabel('Email Address').inputValue(), 'the verified address stays until the change is confirmed').toBe(OLIVIA);
    await saveScreenshot(page, 'tc-profile-email-pending-desktop');
    await checkA11y(page, 'pending e-mail notice');
    expect((await oliviaAccount()).email, 'the account keeps its address before confirmation').toBe(OLIVIA);

    const link = await latestVerifyLink(stack, newEmail);
    expect(link, 'the confirmation mail holds a verify link').toBeTruthy();
    await page.goto(link!);
    await page.waitForURL((url) => url.pathname === '/tc-profile');
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await page.getByLabel('Email Address').and(page.locator(`[value="${newEmail}"]`)).waitFor();
    expect(await page.getByTestId('pending-email-notice').count(), 'no notice once the change is confirmed').toBe(0);
    expect((await oliviaAccount()).email, 'the database copied the confirmed address').toBe(newEmail);
  });

  test.each(['phone'] as ViewportName[])('fits a %s screen: read-only, edit mode and the crop dialog', async (viewport) => {
    const opened = await openPage(browser, viewport);
    try {
      const { page } = opened;
      await signInAs(page, appUrl, stack, (await oliviaAccount()).email, '/tc-profile');
      await page.getByRole('button', { name: 'Edit Profile' }).waitFor({ timeout: 20_000 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'nothing overflows the phone screen sideways').toBeLessThanOrEqual(0);
      await saveScreenshot(page, `tc-profile-${viewport}`);
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await saveScreenshot(page, `tc-profile-edit-${viewport}`);
      await checkA11y(page, `edit mode on ${viewport}`);
      const dialog = await chooseAndOpenCrop(page, await quadrantPng(page));
      await saveScreenshot(page, `tc-profile-crop-${viewport}`);
      await checkA11y(page, `crop dialog on ${viewport}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await opened.close();
    }
  });
});
