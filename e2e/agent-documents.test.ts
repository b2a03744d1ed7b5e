/**
 * Team documents (/agent-documents) in Chromium against a throwaway stack:
 * an agent of Olivia's team uploads (with a progress bar and the spec's
 * toasts), views and downloads byte-identical files; refused types, oversize
 * files and a row the database refuses leave nothing stored; a teammate may
 * not delete someone else's upload, the coordinator may; another team reaches
 * nothing; an agent without a coordinator is told why; a super admin chooses
 * a coordinator; a new team says 'No documents uploaded yet.'. Desktop and
 * phone screenshots, axe on each screen.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { Locator, Page } from 'playwright-core';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { DEMO_PASSWORD, signInAs } from './support/auth.ts';
import { downloadedBytes, launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser, type ViewportName } from './support/browser.ts';
import { clientAs, pdfBytes, query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const BUCKET = 'team-documents';
/** Olivia Chen's coordinator account (fixed id in seed.sql); her e-mail may be changed by the profile test, so it is looked up. */
const OLIVIA_ID = 'a0000000-0000-4000-8000-000000000003';
const MARCUS = 'marcus.johnson@listingdesk.test';
const EMILY = 'emily.rodriguez@listingdesk.test';
const SARAH = 'sarah.thompson@listingdesk.test';
const ADMIN = 'admin@listingdesk.test';

const service = createClient(stack.apiUrl, stack.serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
});

const playbook = pdfBytes(`Team playbook ${crypto.randomUUID()}`);
const freshSignIns: string[] = [];

interface StoredDocument {
  id: string;
  file_name: string;
  file_url: string;
  team_tc_id: string;
}

async function oliviaEmail(): Promise<string> {
  const [row] = await query<{ email: string }>(stack, 'select email from public.users where id = $1', [OLIVIA_ID]);
  return row.email;
}

/** Olivia's team library as stored, and the files in her team folder. */
async function stored(): Promise<{ rows: StoredDocument[]; objects: string[] }> {
  const rows = await query<StoredDocument & Record<string, unknown>>(
    stack,
    'select id, file_name, file_url, team_tc_id from public.documents where is_general and team_tc_id = $1 order by created_at',
    [OLIVIA_ID],
  );
  const objects = await query<{ name: string }>(stack, 'select name from storage.objects where bucket_id = $1 and name like $2 order by name', [BUCKET, `teams/${OLIVIA_ID}/%`]);
  return { rows, objects: objects.map((o) => o.name) };
}

/** A new sign-in with the demo password, whose first account gets `role` (an agent without coordinator, or a coordinator without a team library). */
async function freshAccount(role: 'agent' | 'tc', firstName: string): Promise<string> {
  const email = `docs-${role}-${crypto.randomUUID().slice(0, 8)}@listingdesk.test`;
  const created = await service.auth.admin.createUser({ email, password: DEMO_PASSWORD, email_confirm: true, user_metadata: { first_name: firstName, last_name: 'Docs' } });
  if (created.error) throw created.error;
  freshSignIns.push(created.data.user.id);
  await query(stack, 'update public.users set role = $2 where auth_user_id = $1', [created.data.user.id, role]);
  return email;
}

async function expectNoSeriousA11y(page: Page, what: string) {
  const violations = await seriousA11yViolations(page);
  expect(violations, `${what}: no serious or critical axe violation\n${describeViolations(violations)}`).toEqual([]);
}

async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.locator('[data-slot="toast"]', { hasText: title }).first();
  await toast.waitFor();
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

const documentRow = (page: Page, name: string): Locator => page.getByTestId('document').filter({ hasText: name });

async function openUpload(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Upload Document' }).click();
  return page.getByRole('dialog', { name: 'Upload Document' });
}

async function chooseFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer } | string) {
  await page.getByTestId('document-file-input').setInputFiles(file);
}

/**
 * A file on disk one byte over the bucket's 25 MB: Chromium reads a path
 * itself, where a 25 MB buffer would crawl through the protocol as base64.
 * os.tmpdir() is the browser helpers' own temporary folder, removed on exit.
 */
function oversizeFile(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'team-docs-')), 'huge-scan.pdf');
  fs.writeFileSync(file, Buffer.alloc(25 * 1024 * 1024 + 1, 0x25));
  return file;
}

/** The team library has loaded (its heading carries the total). */
async function libraryShown(page: Page) {
  await page.getByRole('heading', { name: /^Documents \(\d+\)$/ }).waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"]').length === 0);
}

describe('team documents', () => {
  let browser: TestBrowser;
  let marcus: OpenedPage;
  const seeded = { rows: [] as StoredDocument[], objects: [] as string[] };

  beforeAll(async () => {
    browser = await launchBrowser();
    Object.assign(seeded, await stored());
    marcus = await openPage(browser, 'desktop', { acceptDownloads: true });
    await signInAs(marcus.page, appUrl, stack, MARCUS, '/agent-documents');
    await libraryShown(marcus.page);
  });

  afterAll(async () => {
    // Leave Olivia's library as seeded for the other browser tests.
    const keep = seeded.rows.map((r) => r.id);
    await query(stack, 'delete from public.documents where is_general and team_tc_id = $1 and not (id = any($2::uuid[]))', [OLIVIA_ID, keep]);
    const extra = (await stored()).objects.filter((name) => !seeded.objects.includes(name));
    if (extra.length > 0) await service.storage.from(BUCKET).remove(extra);
    for (const id of freshSignIns) await service.auth.admin.deleteUser(id);
    await marcus?.close();
    await browser?.close();
  });

  test("an agent sees the team's documents with uploader, date and size", async () => {
    const { page } = marcus;
    await page.getByRole('heading', { level: 1, name: 'Team Documents' }).waitFor();
    const handbook = documentRow(page, 'Team Handbook 2024.pdf');
    expect(await handbook.textContent(), 'size, uploader and date are shown').toMatch(/1\.64 KB · Olivia Chen · .+/);
    expect(await documentRow(page, 'Preferred Vendors.txt').textContent(), "a teammate's upload shows its uploader").toContain('Emily Rodriguez');
    expect(await documentRow(page, 'Closing Checklist.txt').count(), "another team's document is not listed").toBe(0);
    expect(await handbook.getByRole('button', { name: /^Delete/ }).count(), "an agent cannot delete the coordinator's document").toBe(0);
    await saveScreenshot(page, 'agent-documents-desktop');
    await expectNoSeriousA11y(page, 'team documents on desktop');
  });

  test('a PDF uploads with a progress bar and the toast, is stored under the team, views and downloads byte-identical', async () => {
    const { page } = marcus;
    const dialog = await openUpload(page);
    expect(await dialog.textContent(), 'the dialog names the team types and the bucket limit').toContain('Accepted: .pdf, .doc, .docx, .txt, .jpg, .jpeg, .png · up to 25 MB');
    await chooseFile(page, { name: 'Team Playbook.pdf', mimeType: 'application/pdf', buffer: playbook });
    // The Upload button fades in from its disabled look (transition-all); axe measures it once it is opaque.
    const uploadButton = await dialog.getByRole('button', { name: 'Upload', exact: true }).elementHandle();
    await page.waitForFunction((button) => !(button as HTMLButtonElement).disabled && getComputedStyle(button as Element).opacity === '1', uploadButton);
    await expectNoSeriousA11y(page, 'upload dialog');
    await saveScreenshot(page, 'agent-documents-upload-dialog');
    // A small file uploads in a blink: record whether the progress bar appeared at all.
    await page.evaluate(() => {
      const seen = window as unknown as { sawProgress?: boolean };
      new MutationObserver((_changes, observer) => {
        if (document.querySelector('[role="progressbar"][aria-label="Upload progress"]')) {
          seen.sawProgress = true;
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    expect(await toastText(page, 'Document uploaded'), 'the success toast').toContain('Document uploaded');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { sawProgress?: boolean }).sawProgress), 'a progress bar showed during the upload').toBe(true);

    const row = documentRow(page, 'Team Playbook.pdf');
    await row.waitFor();
    expect(await row.textContent(), 'the uploader is the agent').toContain('Marcus Johnson');
    const now = await stored();
    const added = now.rows.filter((r) => r.file_name === 'Team Playbook.pdf');
    expect(added.map((r) => r.team_tc_id), "one general row in Olivia's team").toEqual([OLIVIA_ID]);
    expect(now.objects, "its file is in the team's folder").toContain(added[0].file_url);

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download Team Playbook.pdf' }).click()]);
    expect(download.suggestedFilename(), 'the download keeps the file name').toBe('Team Playbook.pdf');
    expect(Buffer.compare(await downloadedBytes(download), playbook), 'the downloaded bytes equal the uploaded ones').toBe(0);

    const [tab] = await Promise.all([page.waitForEvent('popup'), row.getByRole('button', { name: 'View Team Playbook.pdf' }).click()]);
    await tab.waitForURL(/\/storage\/v1\/object\/sign\/team-documents\//);
    const viewed = await fetch(tab.url());
    expect(Buffer.compare(Buffer.from(await viewed.arrayBuffer()), playbook), 'View opens a signed URL of the same bytes in a new tab').toBe(0);
    await tab.close();
  });

  test('refused types, an oversize file and a row the database refuses leave neither row nor file', async () => {
    const { page } = marcus;
    const before = await stored();
    const dialog = await openUpload(page);

    await chooseFile(page, { name: 'budget.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from('PK') });
    await dialog.getByRole('alert').filter({ hasText: '"budget.xlsx" is not an accepted file type. Accepted: .pdf, .doc, .docx, .txt, .jpg, .jpeg, .png.' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Upload' }).isDisabled(), 'a spreadsheet is not a team document type').toBe(true);

    await chooseFile(page, oversizeFile());
    await dialog.getByRole('alert').filter({ hasText: '"huge-scan.pdf" (25 MB) is larger than the 25 MB limit.' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Upload' }).isDisabled(), 'an oversize file cannot be uploaded').toBe(true);
    await saveScreenshot(page, 'agent-documents-refused');

    // Named .pdf but typed as a program: the browser-side check passes, the bucket's type list refuses it.
    await chooseFile(page, { name: 'invoice.pdf', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Upload failed:' }).waitFor();
    expect(await toastText(page, 'Upload failed'), "the spec's failure toast").toContain('Upload failed Failed to upload document. Please try again.');

    // A name longer than the 255 characters a row holds: the file uploads, the row is refused, the app removes the file again.
    const longName = `${'minutes-'.repeat(33)}.txt`;
    await chooseFile(page, { name: longName, mimeType: 'text/plain', buffer: Buffer.from('meeting minutes') });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Upload failed: 400' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect(await stored(), 'no row and no file remain of the refused uploads').toEqual(before);
  });

  test("a teammate cannot delete another's upload; the coordinator deletes it, row and file", async () => {
    const emily = await openPage(browser, 'desktop');
    try {
      await signInAs(emily.page, appUrl, stack, EMILY, '/agent-documents');
      await libraryShown(emily.page);
      const row = documentRow(emily.page, 'Team Playbook.pdf');
      await row.waitFor();
      expect(await row.getByRole('button', { name: 'Delete Team Playbook.pdf' }).count(), 'a teammate gets no Delete for it').toBe(0);
      expect(await documentRow(emily.page, 'Preferred Vendors.txt').getByRole('button', { name: 'Delete Preferred Vendors.txt' }).count(), 'she may delete her own upload').toBe(1);
    } finally {
      await emily.close();
    }

    const olivia = await openPage(browser, 'desktop');
    try {
      await signInAs(olivia.page, appUrl, stack, await oliviaEmail(), '/agent-documents');
      await libraryShown(olivia.page);
      const row = documentRow(olivia.page, 'Team Playbook.pdf');
      await row.getByRole('button', { name: 'Delete Team Playbook.pdf' }).click();
      await olivia.page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await row.waitFor({ state: 'detached' });
      // The row can leave the list (a refetch on the realtime delete) before the file's removal, the second request, is answered.
      await expect.poll(stored, { message: "the coordinator removed the agent's row and file" }).toEqual(seeded);
      expect(olivia.pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
    } finally {
      await olivia.close();
    }
  });

  test("another team neither lists nor fetches the team's files, by screen, query, path or URL", async () => {
    const sarah = await openPage(browser, 'desktop');
    try {
      await signInAs(sarah.page, appUrl, stack, SARAH, '/agent-documents');
      await libraryShown(sarah.page);
      await documentRow(sarah.page, 'Closing Checklist.txt').waitFor();
      expect(await documentRow(sarah.page, 'Team Handbook 2024.pdf').count(), "Olivia's team documents are not listed to David's team").toBe(0);
    } finally {
      await sarah.close();
    }
    const { client, accessToken } = await clientAs(stack, SARAH);
    const rows = await client.from('documents').select('id', { count: 'exact' }).eq('team_tc_id', OLIVIA_ID);
    expect([rows.data, rows.count], "no row of Olivia's team, not even counted").toEqual([[], 0]);
    expect((await client.storage.from(BUCKET).list(`teams/${OLIVIA_ID}`)).data ?? [], 'listing the folder shows nothing').toEqual([]);
    for (const path of seeded.objects) {
      expect((await client.storage.from(BUCKET).download(path)).data, `download of ${path} is refused`).toBeNull();
      expect((await client.storage.from(BUCKET).createSignedUrl(path, 60)).data, `signing ${path} is refused`).toBeNull();
      for (const route of ['object', 'object/authenticated', 'object/public']) {
        const res = await fetch(`${stack.apiUrl}/storage/v1/${route}/${BUCKET}/${path}`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${accessToken}` } });
        await res.body?.cancel();
        expect(res.status, `GET /storage/v1/${route}/… is refused`).toBeGreaterThanOrEqual(400);
      }
    }
  });

  test('an agent without a coordinator is told why; a super admin chooses a coordinator', async () => {
    const loner = await openPage(browser, 'desktop');
    try {
      await signInAs(loner.page, appUrl, stack, await freshAccount('agent', 'Lone'), '/agent-documents');
      await loner.page.getByRole('heading', { name: 'You are not on a team yet' }).waitFor({ timeout: 20_000 });
      expect(await loner.page.getByRole('button', { name: 'Upload Document' }).count(), 'no upload without a team').toBe(0);
      await saveScreenshot(loner.page, 'agent-documents-no-team');
      await expectNoSeriousA11y(loner.page, 'no-team notice');
    } finally {
      await loner.close();
    }

    const admin = await openPage(browser, 'desktop');
    try {
      await signInAs(admin.page, appUrl, stack, ADMIN, '/agent-documents');
      await admin.page.getByText("Choose a coordinator to see their team's documents.").waitFor({ timeout: 20_000 });
      await admin.page.getByRole('combobox', { name: 'Coordinator' }).click();
      await admin.page.getByRole('option', { name: 'Olivia Chen' }).click();
      await libraryShown(admin.page);
      await documentRow(admin.page, 'Team Handbook 2024.pdf').getByRole('button', { name: 'Delete Team Handbook 2024.pdf' }).waitFor();
      await saveScreenshot(admin.page, 'agent-documents-admin');
      await expectNoSeriousA11y(admin.page, 'super admin with a coordinator chosen');
    } finally {
      await admin.close();
    }
  });

  test.each(['phone'] as ViewportName[])('fits a %s screen: the library, the upload dialog and an empty team', async (viewport) => {
    const opened = await openPage(browser, viewport);
    try {
      const { page } = opened;
      await signInAs(page, appUrl, stack, MARCUS, '/agent-documents');
      await libraryShown(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'nothing overflows the phone screen sideways').toBeLessThanOrEqual(0);
      await saveScreenshot(page, `agent-documents-${viewport}`);
      await expectNoSeriousA11y(page, `team documents on ${viewport}`);
      const dialog = await openUpload(page);
      await chooseFile(page, { name: 'notes.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
      await dialog.getByRole('alert').waitFor();
      await saveScreenshot(page, `agent-documents-upload-${viewport}`);
      await dialog.getByRole('button', { name: 'Close' }).click();
    } finally {
      await opened.close();
    }

    const empty = await openPage(browser, viewport);
    try {
      await signInAs(empty.page, appUrl, stack, await freshAccount('tc', 'Newteam'), '/agent-documents');
      await empty.page.getByText('No documents uploaded yet.').waitFor({ timeout: 20_000 });
      await saveScreenshot(empty.page, `agent-documents-empty-${viewport}`);
      await expectNoSeriousA11y(empty.page, `empty team on ${viewport}`);
    } finally {
      await empty.close();
    }
  });
});
