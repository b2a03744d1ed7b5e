/**
 * The listing detail as the super admin sees it (spec part 1 §2 and §6): the
 * read-only status badge, not the coordinator's selector; 'Delete Listing'
 * always; edit and delete only on their own notes. The database still lets a
 * super admin do more elsewhere; this screen offers what the spec says.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { listingIdByAddress } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const ADMIN = 'admin@listingdesk.test';
// Marcus's listing coordinated by Olivia, with a note by each of them and none by the super admin.
const ADDRESS = '1418 Barton Hills Dr';

describe('listing detail for the super admin', () => {
  let browser: TestBrowser;
  let admin: OpenedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    const listingId = await listingIdByAddress(stack, ADDRESS);
    admin = await openPage(browser, 'desktop');
    await signInAs(admin.page, appUrl, stack, ADMIN, `/listing/${listingId}`);
    await admin.page.getByRole('heading', { name: 'Listing Details' }).waitFor({ timeout: 20_000 });
    await admin.page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"]').length === 0);
  });

  afterAll(async () => {
    await admin?.close();
    await browser?.close();
  });

  test('shows the read-only status badge, no status selector, and Delete Listing', async () => {
    const { page } = admin;
    const header = page.locator('main');
    const badge = header.getByTestId('listing-status-badge').first();
    await badge.waitFor();
    expect(await badge.innerText(), 'spec part 1 §6: the super admin sees the status as a read-only badge').toBe('Incomplete');
    expect(await page.getByRole('combobox', { name: 'Listing status' }).count(), 'spec part 1 §6: only a tc changes status from the selector').toBe(0);

    const remove = page.getByRole('button', { name: 'Delete Listing' });
    expect(await remove.isVisible(), 'spec part 1 §6: the super admin may always delete a listing').toBe(true);
    await remove.click();
    await page.getByText('Are you sure you want to delete the listing for 1418 Barton Hills Dr, Austin, TX 78704? This action cannot be undone.').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await saveScreenshot(page, 'listing-super-admin');
    expect(describeViolations(await seriousA11yViolations(page)), 'axe: no serious or critical violation on the listing detail').toBe('');
  });

  test("offers no edit or delete on other people's notes", async () => {
    const { page, pageErrors } = admin;
    const notes = page.getByTestId('note');
    await notes.filter({ hasText: 'Need the signed listing agreement' }).waitFor();
    expect(await notes.count(), 'the seeded notes of Marcus and Olivia are listed').toBe(2);
    expect(await notes.getByRole('button', { name: 'Edit note' }).count(), 'spec part 1 §6: only the author edits a note').toBe(0);
    expect(await notes.getByRole('button', { name: 'Delete note' }).count(), 'spec part 1 §6: only the author deletes a note, not the super admin').toBe(0);
    expect(pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
  });
});
