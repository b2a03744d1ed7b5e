/**
 * Contract intake in the browser: a coordinator reads the project's scanned
 * TREC-like contract (tests/fixtures/contracts, a page image without a text layer: OCR runs in the browser,
 * the server reads and verifies), reviews the proposals beside the rendered
 * page (selecting a fact highlights its citation), corrects one value,
 * accepts the flagged ones, sees the key dates before saving, creates the
 * contract and finds its key dates on the Contract tab and the PDF among the
 * listing's documents. Screenshots at desktop and phone sizes; axe on each.
 */
import type { Page } from 'playwright-core';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessionsPerPerson, signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { createListing } from './support/contract-fixtures.ts';
import { clientAs, query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

/** The project's scanned TREC-like contract (tests/fixtures/contracts: a rasterised page, no text layer) and its true values. */
const scan = fs.readFileSync(new URL('../tests/fixtures/contracts/tx-trec-numbered-scan.pdf', import.meta.url));
const TRUE_PRICE = '360000';
/** A 12-page text PDF of the same form (no OCR needed), stored among a listing's documents as a Purchase Contract. */
const textContract = fs.readFileSync(new URL('../tests/fixtures/contracts/tx-trec-numbered-text.pdf', import.meta.url));
const TRUE_EFFECTIVE = '2026-02-21';

const COORDINATOR = 'david.kim@listingdesk.test';
const AGENT = 'james.wilson@listingdesk.test';
const sessionOf = sessionsPerPerson(stack);
/** OCR of a page on a busy 2-core machine takes seconds; reading waits for it. */
const READING_TIMEOUT = 120_000;

async function expectNoSeriousA11yViolations(page: Page, where: string) {
  expect(describeViolations(await seriousA11yViolations(page)), `axe: no serious or critical violation (${where})`).toBe('');
}

const fact = (page: Page, key: string) => page.locator(`[data-testid="intake-fact"][data-key="${key}"]`);

/** Opens "Read a contract", gives it the scan and waits for the review screen. */
async function readScan(page: Page) {
  await page.getByRole('button', { name: 'Read a contract' }).click();
  const dialog = page.getByRole('dialog', { name: 'Read a contract' });
  await dialog.getByTestId('contract-intake-file').setInputFiles({ name: 'tx-trec-numbered-scan.pdf', mimeType: 'application/pdf', buffer: scan });
  await fact(page, 'sales_price').waitFor({ timeout: READING_TIMEOUT });
  await page.locator('[data-testid="pdf-page"] canvas').first().waitFor();
  return dialog;
}

/** Flagged proposals (low confidence or uncited) wait for a decision: accept each, as a person would after checking it. */
async function acceptFlagged(page: Page) {
  for (const undecided of await page.locator('[data-testid="intake-fact"][data-decision="undecided"]').all()) {
    const accept = undecided.getByRole('button', { name: /^Accept / });
    if (await accept.count()) await accept.click();
  }
}

describe('contract intake: read a scanned contract, review, create', () => {
  let browser: TestBrowser;
  let tc: OpenedPage;
  let listingId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    listingId = await createListing(stack, AGENT, `${Date.now() % 10_000} Intake Test Ln, Austin, TX 78704`);
    tc = await openPage(browser, 'desktop');
    await signInAs(tc.page, appUrl, stack, COORDINATOR, `/listing/${listingId}?tab=contract`, await sessionOf(COORDINATOR));
    await tc.page.getByRole('button', { name: 'Read a contract' }).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await tc?.close();
    await browser?.close();
  });

  test('the scan is read with OCR; a fact shows its citation highlighted on the page; one value is corrected; the key dates show before saving', async () => {
    const page = tc.page;
    const dialog = await readScan(page);
    expect(await fact(page, 'sales_price').getByText('OCR').count(), 'the price was read by OCR').toBe(1);
    expect(await fact(page, 'sales_price').getByRole('textbox').inputValue(), 'the OCR reading of the price').toBe(TRUE_PRICE);

    await fact(page, 'effective_date').getByRole('textbox').click();
    await page.getByTestId('citation-highlight').first().waitFor();
    expect(await page.getByTestId('citation-highlight').count(), "the effective date's citation is highlighted on the page").toBeGreaterThan(0);

    await fact(page, 'sales_price').getByRole('textbox').fill('365000');
    expect(await fact(page, 'sales_price').getAttribute('data-decision'), 'typing is an edit').toBe('edited');
    await acceptFlagged(page);
    await page.getByTestId('intake-preview-deadline').first().waitFor();
    expect(await page.locator('[data-testid="intake-preview-deadline"][data-key="option_period_end"]').count(), 'the option period end is previewed').toBe(1);
    // The facts column scrolled to the key dates; the page keeps the sales price's citation highlighted.
    await fact(page, 'sales_price').click();
    await page.getByTestId('intake-preview').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'contract-intake-review-desktop');
    await expectNoSeriousA11yViolations(page, 'review screen');

    await dialog.getByRole('button', { name: 'Create contract' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('active-contract').waitFor();
    await page.locator('[data-testid="deadline"][data-key="option_period_end"]').first().waitFor();
    const [contract] = await query<{ sales_price: string; effective_date: string }>(stack, "select sales_price, to_char(effective_date, 'YYYY-MM-DD') as effective_date from public.contracts where listing_id = $1 and status = 'active'", [listingId]);
    expect(contract, 'the contract holds the corrected price and the OCR-read date').toEqual({ sales_price: '365000.00', effective_date: TRUE_EFFECTIVE });
    const documents = await query<{ file_name: string }>(stack, 'select file_name from public.documents where listing_id = $1', [listingId]);
    expect(documents.map((d) => d.file_name), 'the PDF is stored with the listing documents').toEqual(['tx-trec-numbered-scan.pdf']);
    const [intake] = await query<{ paths: string[]; accepted: Record<string, { outcome: string }> }>(stack, 'select paths, accepted from public.contract_intakes where listing_id = $1', [listingId]);
    expect([intake.paths, intake.accepted.sales_price.outcome], 'the intake is logged as OCR with the price edited').toEqual([['ocr'], 'edited']);
    await saveScreenshot(page, 'contract-intake-created-desktop');
    expect(tc.pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
  });

  test('on a phone the review stacks the page above the facts; an amendment shows old → new', async () => {
    const phone = await openPage(browser, 'phone');
    try {
      await signInAs(phone.page, appUrl, stack, COORDINATOR, `/listing/${listingId}?tab=contract`, await sessionOf(COORDINATOR));
      await phone.page.getByTestId('active-contract').waitFor({ timeout: 20_000 });
      const dialog = await readScan(phone.page);
      await acceptFlagged(phone.page);
      await phone.page.getByTestId('intake-changes').waitFor();
      expect(await phone.page.getByTestId('intake-changes').textContent(), 'the price would go back from the corrected one').toContain(`365000 → ${TRUE_PRICE}`);
      // The dialog is fixed to the screen: with the page scrolled to the top it stands at the top of the full-page shot.
      await phone.page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(phone.page, 'contract-intake-review-phone');
      await expectNoSeriousA11yViolations(phone.page, 'review screen on a phone');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      expect(phone.pageErrors.map((e) => e.message), 'no uncaught errors on the phone').toEqual([]);
    } finally {
      await phone.close();
    }
  });

  test('a Purchase Contract among the documents offers "Read this contract": read from storage, saved without filing the PDF again', async () => {
    const storedListing = await createListing(stack, AGENT, `${Date.now() % 10_000} Stored Contract Ct, Austin, TX 78704`);
    const { client } = await clientAs(stack, AGENT);
    const path = `listings/${storedListing}/purchase-contract.pdf`;
    expect((await client.storage.from('listing-documents').upload(path, textContract, { contentType: 'application/pdf' })).error, 'the agent stores the contract').toBeNull();
    const filed = await client.from('documents').insert({
      listing_id: storedListing,
      file_name: 'purchase-contract.pdf',
      file_url: path,
      file_type: 'application/pdf',
      file_size: textContract.length,
      document_type: 'purchase_contract',
    });
    expect(filed.error, 'the agent files it as a Purchase Contract').toBeNull();

    const page = tc.page;
    await page.goto(`${appUrl}/listing/${storedListing}?tab=documents`);
    await page.getByRole('button', { name: 'Read this contract: purchase-contract.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Read a contract' });
    await fact(page, 'sales_price').waitFor({ timeout: READING_TIMEOUT });
    expect(await fact(page, 'sales_price').getByRole('textbox').inputValue(), 'the stored contract is read without picking a file').toBe('322500');
    await acceptFlagged(page);
    await dialog.getByRole('button', { name: 'Create contract' }).click();
    await dialog.waitFor({ state: 'detached' });
    const contracts = await query<{ sales_price: string }>(stack, "select sales_price from public.contracts where listing_id = $1 and status = 'active'", [storedListing]);
    expect(contracts, 'the contract is created from the stored document').toEqual([{ sales_price: '322500.00' }]);
    const documents = await query<{ file_name: string }>(stack, 'select file_name from public.documents where listing_id = $1', [storedListing]);
    expect(documents.map((d) => d.file_name), 'the stored PDF is not filed a second time').toEqual(['purchase-contract.pdf']);
    expect(tc.pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
  });

  test("the super admin's System Stats show the accepted-as-proposed rate of OCR proposals", async () => {
    const admin = await openPage(browser, 'desktop');
    try {
      await signInAs(admin.page, appUrl, stack, 'admin@listingdesk.test', '/?tab=stats', await sessionOf('admin@listingdesk.test'));
      const ocrRow = admin.page.getByTestId('intake-accuracy').getByRole('row', { name: /OCR \(scanned pages\)/ });
      await ocrRow.waitFor({ timeout: 20_000 });
      expect(await ocrRow.textContent(), 'the OCR row shows the rate and counts').toMatch(/OCR \(scanned pages\)\d+\d+(\.\d)?% \(\d+\)/);
      await saveScreenshot(admin.page, 'contract-intake-accuracy-admin-desktop');
      await expectNoSeriousA11yViolations(admin.page, 'System Stats with intake accuracy');
    } finally {
      await admin.close();
    }
  });
});
