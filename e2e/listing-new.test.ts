/**
 * The New Listing screen: validation messages, creation with an uploaded
 * image and an initial note, and a failure late in creation that must leave
 * neither a listing nor an orphan image behind.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInAs } from './support/auth.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { PNG_BYTES, query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();
const AGENT = 'emily.rodriguez@listingdesk.test';

async function photoObjectCount(): Promise<number> {
  const [row] = await query<{ n: string }>(stack, "select count(*) as n from storage.objects where bucket_id = 'listing-photos'");
  return Number(row.n);
}

describe('new listing', () => {
  let browser: TestBrowser;
  let agent: OpenedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    agent = await openPage(browser, 'desktop');
    await signInAs(agent.page, appUrl, stack, AGENT, '/new-listing');
    await agent.page.getByRole('button', { name: 'Create Listing' }).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await agent?.close();
    await browser?.close();
  });

  test("shows 'Required' and 'Invalid email', then creates the listing with its image and initial note", async () => {
    const { page } = agent;
    await page.getByLabel('Seller Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Create Listing' }).click();
    await page.getByText('Required', { exact: true }).waitFor();
    await page.getByText('Invalid email', { exact: true }).waitFor();
    await saveScreenshot(page, 'new-listing-validation');

    await page.getByLabel('Address').fill('742 Evergreen Terrace, Austin, TX 78704');
    await page.getByLabel('Seller Email').fill('homer@example.com');
    await page.getByLabel('Seller Name').fill('Homer Simpson');
    await page.getByLabel('Listing Price').fill('$420,000');
    await page.getByLabel('Property Image (optional)').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await page.getByAltText('Property image preview').waitFor();
    await page.getByLabel('Initial Note (optional)').fill('Sellers prefer showings after 5pm.');
    await page.getByRole('button', { name: 'Create Listing' }).click();
    await page.getByText('Listing created successfully!').first().waitFor();
    await page.waitForURL(`${appUrl}/agent-dashboard`);

    const [listing] = await query<{ id: string; property_image_url: string; seller_email: string; status: string }>(
      stack,
      "select id, property_image_url, seller_email, status from public.listings where address = '742 Evergreen Terrace, Austin, TX 78704'",
    );
    expect(listing, 'the listing was created, incomplete').toMatchObject({ seller_email: 'homer@example.com', status: 'incomplete' });
    expect(listing.property_image_url, 'the image is stored under the listing').toMatch(new RegExp(`^listings/${listing.id}/`));
    const objects = await query(stack, "select 1 from storage.objects where bucket_id = 'listing-photos' and name = $1", [listing.property_image_url]);
    expect(objects, 'the image object exists').toHaveLength(1);
    const notes = await query<{ content: string }>(stack, 'select content from public.notes where listing_id = $1', [listing.id]);
    expect(notes.map((n) => n.content), 'the initial note was posted').toEqual(['Sellers prefer showings after 5pm.']);
  });

  test('a failure after the image upload leaves no listing and no orphan image', async () => {
    const { page } = agent;
    await page.goto(`${appUrl}/new-listing`);
    await page.getByRole('button', { name: 'Create Listing' }).waitFor();
    const before = await photoObjectCount();
    // The last step (the initial note) fails on the server side of the wire.
    await page.route('**/rest/v1/notes*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"notes are down"}' }));
    await page.getByLabel('Address').fill('1 Rollback Way, Austin, TX');
    await page.getByLabel('Property Image (optional)').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await page.getByLabel('Initial Note (optional)').fill('This note cannot be saved.');
    await page.getByRole('button', { name: 'Create Listing' }).click();
    await page.getByText(/^Failed to create listing: /).first().waitFor();
    await page.unroute('**/rest/v1/notes*');

    expect(new URL(page.url()).pathname, 'the form stays open').toBe('/new-listing');
    expect(await query(stack, "select 1 from public.listings where address = '1 Rollback Way, Austin, TX'"), 'no listing is left').toHaveLength(0);
    expect(await photoObjectCount(), 'no orphan image is left').toBe(before);
    expect(agent.pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
  });

  test('a signed-out visitor is sent to sign in', async () => {
    const visitor = await openPage(browser, 'desktop');
    try {
      await visitor.page.goto(`${appUrl}/new-listing`);
      await visitor.page.waitForURL((url) => url.pathname === '/api/login', { timeout: 10_000 });
    } finally {
      await visitor.close();
    }
  });
});
