/**
 * The Checklist Templates screen of issue 41 as a coordinator: the seeded
 * global templates are hers to read and copy, not to edit; a copy is her own
 * to rename, reorder, extend and deactivate; a new template needs a name;
 * Preview matches lists the listings the conditions match. Screenshots at
 * desktop and phone sizes; axe on each state.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessionsPerPerson, signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const COORDINATOR = 'david.kim@listingdesk.test';
const GLOBAL_TEMPLATE = 'Texas resale — listing side';
const COPY_NAME = `David's Texas listing checklist ${Date.now() % 10_000}`;
const sessionOf = sessionsPerPerson(stack);

async function expectNoSeriousA11yViolations(page: Page, where: string) {
  expect(describeViolations(await seriousA11yViolations(page)), `axe: no serious or critical violation (${where})`).toBe('');
}

async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"], [aria-busy="true"]').length === 0);
}

describe('checklist templates: a coordinator copies and edits a global template', () => {
  let browser: TestBrowser;
  let tc: OpenedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    tc = await openPage(browser, 'desktop');
    await signInAs(tc.page, appUrl, stack, COORDINATOR, '/checklist-templates', await sessionOf(COORDINATOR));
  });

  afterAll(async () => {
    await tc?.close();
    await browser?.close();
  });

  test('a global template is read-only for a coordinator, with Copy', async () => {
    const page = tc.page;
    const row = page.getByTestId('template-row').filter({ hasText: GLOBAL_TEMPLATE }).first();
    await row.waitFor({ timeout: 20_000 });
    expect(await row.getByText('Global').count(), 'the seeded template is global').toBe(1);
    expect(await row.getByRole('button', { name: `Edit ${GLOBAL_TEMPLATE}` }).count(), 'a coordinator cannot edit a global template').toBe(0);
    expect(await row.getByRole('button', { name: `Deactivate ${GLOBAL_TEMPLATE}` }).count(), 'nor deactivate it').toBe(0);
    await row.getByRole('button', { name: `View ${GLOBAL_TEMPLATE}` }).click();
    const editor = page.getByRole('form', { name: 'Edit template' });
    await editor.waitFor();
    expect(await editor.getByLabel('Name').isDisabled(), 'the name of a global template is read-only').toBe(true);
    expect(await editor.getByRole('button', { name: 'Save template' }).count(), 'nothing to save').toBe(0);
  });

  test('the copy is her own: renamed, reordered, extended and saved', async () => {
    const page = tc.page;
    const row = page.getByTestId('template-row').filter({ hasText: GLOBAL_TEMPLATE }).first();
    await row.getByRole('button', { name: `Copy ${GLOBAL_TEMPLATE}` }).click();
    await page.getByText('Template copied').first().waitFor();
    const editor = page.getByRole('form', { name: 'Edit template' });
    await editor.getByLabel('Name').and(page.locator(':enabled')).waitFor();
    expect(await editor.getByLabel('Name').inputValue(), 'the copy is named after the original').toBe(`${GLOBAL_TEMPLATE} (copy)`);
    await editor.getByLabel('Name').fill(COPY_NAME);

    const items = editor.getByTestId('template-item');
    const count = await items.count();
    expect(count, 'the copy has the original items').toBeGreaterThan(1);
    const copiedIds = await query<{ id: string }>(
      stack,
      `select i.id from public.checklist_template_items i
       join public.checklist_templates t on t.id = i.template_id
       join public.users u on u.id = t.owner_tc_id
       where t.name = $1 and u.email = $2`,
      [`${GLOBAL_TEMPLATE} (copy)`, COORDINATOR],
    );
    await editor.getByRole('button', { name: 'Move Document 2 up' }).click();
    await editor.getByRole('button', { name: 'Add task' }).click();
    await editor.getByRole('button', { name: 'Save template' }).click();
    await editor.getByText('A task needs a title').waitFor();
    await editor.getByLabel('Title').last().fill('Order the yard sign');
    const writes: string[] = [];
    const onRequest = (request: Request) => {
      const url = new URL(request.url());
      if (request.method() !== 'GET' && /^\/rest\/v1\/(rpc\/save_checklist_template|checklist_template)/.test(url.pathname)) writes.push(`${request.method()} ${url.pathname}`);
    };
    page.on('request', onRequest);
    await editor.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Template saved').first().waitFor();
    page.off('request', onRequest);
    expect(writes, 'the template and all its items are saved in one request (one transaction)').toEqual(['POST /rest/v1/rpc/save_checklist_template']);

    const stored = await query<{ id: string; kind: string; title: string | null; position: number }>(
      stack,
      `select i.id, i.kind, i.title, i.position from public.checklist_template_items i
       join public.checklist_templates t on t.id = i.template_id
       join public.users u on u.id = t.owner_tc_id
       where t.name = $1 and u.email = $2 order by i.position`,
      [COPY_NAME, COORDINATOR],
    );
    expect(stored.length, 'the copy is the coordinator\'s own, with the added task').toBe(count + 1);
    expect(stored.at(-1), 'the new task is last').toMatchObject({ kind: 'task', title: 'Order the yard sign' });
    expect(stored.slice(0, -1).map((i) => i.id).sort(), 'the reordered items are the same items, kept in place').toEqual(copiedIds.map((i) => i.id).sort());
    await page.getByTestId('template-row').filter({ hasText: COPY_NAME }).getByText('Own').waitFor();
    await settled(page);
    await saveScreenshot(page, 'checklist-templates-editor-desktop');
    await expectNoSeriousA11yViolations(page, 'template editor');
  });

  test('preview matches, then deactivate', async () => {
    const page = tc.page;
    const row = page.getByTestId('template-row').filter({ hasText: COPY_NAME });
    await row.getByRole('button', { name: `Preview matches of ${COPY_NAME}` }).click();
    const matches = page.getByRole('list', { name: 'Matching listings' });
    await matches.waitFor({ timeout: 10_000 });
    const [expected] = await query<{ address: string }>(
      stack,
      `select l.address from public.listings l join public.users u on u.id = l.tc_id
       where u.email = $1 and l.state = 'TX' and l.side = 'listing' order by l.address limit 1`,
      [COORDINATOR],
    );
    await matches.getByText(expected.address).waitFor();
    await row.getByRole('button', { name: `Deactivate ${COPY_NAME}` }).click();
    await page.getByText('Template deactivated').first().waitFor();
    await row.getByText('Inactive').waitFor();
  });

  test('a new template needs a name', async () => {
    const page = tc.page;
    await page.getByRole('button', { name: 'New template' }).click();
    const editor = page.getByRole('form', { name: 'New template' });
    await editor.getByRole('button', { name: 'Save template' }).click();
    await editor.getByText('A template needs a name').waitFor();
  });

  test('phone: the templates screen fits', async () => {
    const phone = await openPage(browser, 'phone');
    try {
      await signInAs(phone.page, appUrl, stack, COORDINATOR, '/checklist-templates', await sessionOf(COORDINATOR));
      await phone.page.getByTestId('template-row').first().waitFor({ timeout: 20_000 });
      await settled(phone.page);
      await saveScreenshot(phone.page, 'checklist-templates-phone');
      await expectNoSeriousA11yViolations(phone.page, 'templates on a phone');
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'nothing is wider than the phone').toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });
});
