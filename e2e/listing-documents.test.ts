/**
 * Documents and photos of a listing, in Chromium against a throwaway stack:
 * the agent uploads (and is refused clearly, with nothing stored), downloads
 * byte-identical files, sees what the coordinator's approval recorded (size,
 * checksum), downloads everything as one zip, adds photos; another
 * agent can reach none of it, by screen, query or storage path.
 */
import crypto from 'node:crypto';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatFileSize } from '../src/lib/format-file-size.ts';
import { signInAs } from './support/auth.ts';
import { downloadedBytes, launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { clientAs, listingIdByAddress, pdfBytes, PNG_BYTES, query, storedObjects } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const AGENT = 'marcus.johnson@listingdesk.test';
const OTHER_AGENT = 'sarah.thompson@listingdesk.test';
const COORDINATOR = 'olivia.chen@listingdesk.test';
const ADDRESS = '1418 Barton Hills Dr';
const DOCS = 'listing-documents';
const PHOTOS = 'listing-photos';

const agreement = pdfBytes('Listing agreement, 1418 Barton Hills Dr, signed');
const checklist = Buffer.from('1. Lockbox\n2. Yard sign\n3. Photos\n');

async function documentRows(listingId: string) {
  return query<{ file_name: string; file_url: string; file_size: string }>(stack, 'select file_name, file_url, file_size from public.documents where listing_id = $1 order by created_at', [
    listingId,
  ]);
}

async function chooseFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByTestId('document-file-input').setInputFiles(file);
}

describe('listing documents and photos', () => {
  let browser: TestBrowser;
  let agent: OpenedPage;
  let listingId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    listingId = await listingIdByAddress(stack, ADDRESS);
    agent = await openPage(browser, 'desktop', { acceptDownloads: true });
    await signInAs(agent.page, appUrl, stack, AGENT, `/listing/${listingId}?tab=documents`);
    await agent.page.getByRole('button', { name: 'Upload Document' }).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await agent?.close();
    await browser?.close();
  });

  test('an empty listing says so, and Download All explains there is nothing to download', async () => {
    const { page } = agent;
    await page.getByText('No documents uploaded yet. Upload your first document to get started.').waitFor();
    await page.getByRole('button', { name: 'Download All' }).click();
    await page.getByText('There are no documents to download.').first().waitFor();
  });

  test('a PDF uploads, is listed and downloads byte-identical', async () => {
    const { page } = agent;
    await page.getByRole('button', { name: 'Upload Document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    expect(await dialog.textContent(), 'the dialog names the accepted extensions and the limit').toContain('.pdf, .doc, .docx, .jpg, .jpeg, .png, .gif, .txt, .xlsx, .xls · up to 25 MB');
    await chooseFile(page, { name: 'Listing Agreement.pdf', mimeType: 'application/pdf', buffer: agreement });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('document').filter({ hasText: 'Listing Agreement.pdf' });
    await row.waitFor();
    expect(await row.textContent(), 'the size shows in 1024-based units').toContain(formatFileSize(agreement.length));

    const rows = await documentRows(listingId);
    expect(rows.map((r) => r.file_name), 'one row was written').toEqual(['Listing Agreement.pdf']);
    expect(await storedObjects(stack, DOCS, listingId), 'its object is stored under the listing').toEqual([rows[0].file_url]);

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download Listing Agreement.pdf' }).click()]);
    expect(download.suggestedFilename(), 'the download keeps the file name').toBe('Listing Agreement.pdf');
    expect(Buffer.compare(await downloadedBytes(download), agreement), 'the downloaded bytes equal the uploaded ones').toBe(0);
    await saveScreenshot(page, 'listing-agent-documents-uploaded');
  });

  test("once the coordinator approves it, the row shows what was approved: when, the file's size and checksum", async () => {
    const { page } = agent;
    const [uploaded] = await query<{ id: string; review_state: string | null }>(stack, "select id, review_state from public.documents where listing_id = $1 and file_name = 'Listing Agreement.pdf'", [
      listingId,
    ]);
    expect(uploaded.review_state, 'typed as a Listing Agreement from its name, it waits for review (the listing requires one)').toBe('submitted');
    const { client } = await clientAs(stack, COORDINATOR);
    const approved = await client.rpc('review_document', { document_id: uploaded.id, decision: 'approve' });
    expect(approved.error, 'the coordinator approves it').toBeNull();
    await page.reload();
    const line = page.getByTestId('document').filter({ hasText: 'Listing Agreement.pdf' }).getByTestId('approved-file');
    await line.waitFor({ timeout: 20_000 });
    const checksum = crypto.createHash('md5').update(agreement).digest('hex');
    expect(await line.textContent(), 'approved, with the size and the start of the checksum of the approved bytes').toMatch(
      new RegExp(`^Approved .+ · ${formatFileSize(agreement.length).replace('.', '\\.')} · checksum ${checksum.slice(0, 12)}…$`),
    );
    expect(await line.getAttribute('title'), 'the whole checksum is in its title').toContain(checksum);
  });

  test('a refused type and an oversize file are explained and store nothing; so is a type the bucket refuses', async () => {
    const { page } = agent;
    const before = { rows: await documentRows(listingId), objects: await storedObjects(stack, DOCS, listingId) };
    await page.getByRole('button', { name: 'Upload Document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });

    await chooseFile(page, { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ not really') });
    await dialog.getByRole('alert').filter({ hasText: '"setup.exe" is not an accepted file type. Accepted: .pdf' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Upload' }).isDisabled(), 'a refused file cannot be uploaded').toBe(true);

    await chooseFile(page, { name: 'huge-scan.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(25 * 1024 * 1024 + 1, 0x25) });
    await dialog.getByRole('alert').filter({ hasText: '"huge-scan.pdf" (25 MB) is larger than the 25 MB limit.' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Upload' }).isDisabled(), 'an oversize file cannot be uploaded').toBe(true);
    await saveScreenshot(page, 'listing-agent-documents-refused');

    // Named .pdf but typed as a program: the browser-side check passes, the bucket's type list refuses it.
    await chooseFile(page, { name: 'invoice.pdf', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Upload failed:' }).waitFor();
    await page.getByText('Failed to upload document').first().waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect(await documentRows(listingId), 'no document row was written for refused files').toEqual(before.rows);
    expect(await storedObjects(stack, DOCS, listingId), 'no object was stored for refused files').toEqual(before.objects);
  });

  test('Download All yields one zip with every document', async () => {
    const { page } = agent;
    await page.getByRole('button', { name: 'Upload Document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    await chooseFile(page, { name: 'Checklist.txt', mimeType: 'text/plain', buffer: checklist });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page.getByTestId('document').filter({ hasText: 'Checklist.txt' }).waitFor();

    let downloads = 0;
    page.on('download', () => downloads++);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download All' }).click()]);
    await page.waitForTimeout(500);
    expect(downloads, 'one download, not one per document').toBe(1);
    expect(download.suggestedFilename(), 'a zip named after the address').toMatch(/^1418-Barton-Hills-Dr.*-documents\.zip$/);
    const entries = unzipSync(new Uint8Array(await downloadedBytes(download)));
    expect(Object.keys(entries).sort(), 'the zip holds every document of the listing').toEqual(['Checklist.txt', 'Listing Agreement.pdf']);
    expect(Buffer.compare(Buffer.from(entries['Listing Agreement.pdf']), agreement), 'zipped bytes are the originals').toBe(0);
    expect(Buffer.from(entries['Checklist.txt']).toString(), 'the text file too').toBe(checklist.toString());
  });

  test('photos: main image and additional photos with previews, a photo URL, then the grid with Main and a zip of the selection', async () => {
    const { page } = agent;
    await page.getByRole('tab', { name: 'Photos' }).click();
    await page.getByText('No photos uploaded yet.').waitFor();
    await page.getByLabel('Main Property Image').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await page.getByAltText('Main image preview').waitFor();
    await page.getByLabel('Additional Photos').setInputFiles([
      { name: 'kitchen.png', mimeType: 'image/png', buffer: PNG_BYTES },
      { name: 'yard.png', mimeType: 'image/png', buffer: PNG_BYTES },
    ]);
    await page.getByAltText('Preview of yard.png').waitFor();
    await page.getByRole('button', { name: 'Remove yard.png' }).click();
    await page.getByRole('button', { name: 'Add Photo URL' }).click();
    await page.getByLabel('Photo URL 1', { exact: true }).fill('not a url');
    expect(await page.getByRole('button', { name: 'Save Photos' }).isDisabled(), 'an invalid URL blocks saving').toBe(true);
    await page.getByLabel('Photo URL 1', { exact: true }).fill(`${appUrl}/favicon.svg`);
    await saveScreenshot(page, 'listing-agent-photos-form');
    await page.getByRole('button', { name: 'Save Photos' }).click();
    await page.getByText('3 photos saved.').first().waitFor();

    await page.getByTestId('photo').nth(2).waitFor();
    expect(await page.getByTestId('photo').count(), 'main, kitchen and the URL photo are shown').toBe(3);
    expect(await page.getByTestId('photo').first().getByText('Main').isVisible(), 'the first photo is badged Main').toBe(true);
    expect(await storedObjects(stack, PHOTOS, listingId), 'two images were stored').toHaveLength(2);

    await page.getByRole('button', { name: 'Select All' }).click();
    await page.getByRole('button', { name: 'Download Selected (3)' }).waitFor();
    await page.getByRole('button', { name: 'Deselect All' }).click();
    await page.getByRole('button', { name: 'Download Selected (0)' }).waitFor();
    await page.getByRole('checkbox', { name: 'Select photo 1' }).click();
    await page.getByRole('checkbox', { name: 'Select photo 2' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Selected (2)' }).click()]);
    const entries = unzipSync(new Uint8Array(await downloadedBytes(download)));
    expect(Object.keys(entries), 'the zip holds the two selected photos').toHaveLength(2);
    await page.getByTestId('photo').first().hover();
    await saveScreenshot(page, 'listing-agent-photos-grid');
  });

  test("the agent's own listing view shows the details, photos and documents", async () => {
    const { page } = agent;
    await page.goto(`${appUrl}/agent-listing/${listingId}`);
    await page.getByRole('heading', { name: /^1418 Barton Hills Dr/ }).waitFor({ timeout: 20_000 });
    await page.getByText('Property Details', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page.getByTestId('document').filter({ hasText: 'Listing Agreement.pdf' }).waitFor();
    await page.getByTestId('photo').first().getByText('Main').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"]').length === 0);
    await saveScreenshot(page, 'agent-listing-view');
  });

  test('another agent gets "Listing not found" and cannot reach its documents or photos by query, path or URL', async () => {
    const other = await openPage(browser, 'desktop');
    try {
      await signInAs(other.page, appUrl, stack, OTHER_AGENT, `/listing/${listingId}?tab=documents`);
      await other.page.getByText('Listing not found').waitFor({ timeout: 20_000 });
      await other.page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
      await saveScreenshot(other.page, 'listing-other-agent-not-found');
      await other.page.goto(`${appUrl}/agent-listing/${listingId}`);
      await other.page.getByText('Listing not found').waitFor({ timeout: 20_000 });
    } finally {
      await other.close();
    }

    const { client, accessToken } = await clientAs(stack, OTHER_AGENT);
    const docs = await client.from('documents').select('id').eq('listing_id', listingId);
    expect(docs.data, 'document rows are invisible to another agent').toEqual([]);
    const paths = [...(await storedObjects(stack, DOCS, listingId)).map((p) => [DOCS, p]), ...(await storedObjects(stack, PHOTOS, listingId)).map((p) => [PHOTOS, p])];
    expect(paths.length, 'there are files to try').toBeGreaterThanOrEqual(4);
    for (const [bucket, path] of paths) {
      const download = await client.storage.from(bucket).download(path);
      expect(download.data, `download of ${bucket}/${path} is refused`).toBeNull();
      const signed = await client.storage.from(bucket).createSignedUrl(path, 60);
      expect(signed.data, `signing ${bucket}/${path} is refused`).toBeNull();
      for (const url of [`${stack.apiUrl}/storage/v1/object/${bucket}/${path}`, `${stack.apiUrl}/storage/v1/object/authenticated/${bucket}/${path}`, `${stack.apiUrl}/storage/v1/object/public/${bucket}/${path}`]) {
        const res = await fetch(url, { headers: { apikey: stack.anonKey, authorization: `Bearer ${accessToken}` } });
        await res.body?.cancel();
        expect(res.status, `GET ${url.replace(stack.apiUrl, '')} is refused`).toBeGreaterThanOrEqual(400);
      }
    }
    expect(agent.pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
  });
});
