/**
 * The coordinator dashboard with a coordinator and one of her agents signed in
 * at once (two browser contexts): the agent grid and its counts, selecting an
 * agent and a listing, creating a task and sending a response that reach the
 * agent live, the agent's uploads reaching the coordinator's Documents and
 * Photos dialogs live, and one zip of exactly the selected photos. Screenshots
 * at desktop and phone sizes; axe on every state.
 */
import { unzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { downloadedBytes, launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { clientAs, pdfBytes, PNG_BYTES, query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const COORDINATOR = 'olivia.chen@listingdesk.test';
const AGENT = 'marcus.johnson@listingdesk.test';
const TASK_TITLE = 'Send the signed disclosure packet';
const RESPONSE_TEXT = 'Photos look great, please add one of the backyard.';

async function expectNoSeriousA11yViolations(page: Page, where: string) {
  expect(describeViolations(await seriousA11yViolations(page)), `axe: no serious or critical violation (${where})`).toBe('');
}

async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"], [aria-busy="true"]').length === 0);
}

/** Closes open toasts: they sit over the lower right of the page, where a click may be aimed. */
async function dismissToasts(page: Page) {
  for (const close of await page.locator('[data-slot="toast-close"]').all()) await close.click({ force: true }).catch(() => undefined);
}

/** Two distinct, valid PNGs: bytes after IEND are ignored by decoders but make each file unique. */
const pngVariant = (tag: string) => Buffer.concat([PNG_BYTES, Buffer.from(tag)]);

describe('coordinator dashboard', () => {
  let browser: TestBrowser;
  let tc: OpenedPage;
  let agent: OpenedPage;
  let listing: { id: string; address: string; agent_id: string };
  const photoNames = [`e2e-front-${Date.now()}.png`, `e2e-garden-${Date.now()}.png`];

  beforeAll(async () => {
    browser = await launchBrowser();
    // A listing of this test's own (newest of Marcus's, so it leads his list): the uploads below must not
    // reach the seeded listings other browser tests expect to find empty.
    [listing] = await query<{ id: string; address: string; agent_id: string }>(
      stack,
      `insert into public.listings (address, seller_name, listing_price, agent_id)
       select $2, 'Dana Whitfield', '$640,000', u.id from public.users u where u.email = $1 and u.role = 'agent'
       returning id, address, agent_id`,
      [AGENT, `${Date.now() % 10_000} Dashboard Test Ln, Austin, TX 78704`],
    );
    tc = await openPage(browser, 'desktop');
    agent = await openPage(browser, 'desktop');
  });

  afterAll(async () => {
    await tc?.close();
    await agent?.close();
    await browser?.close();
    if (listing) {
      // Storage refuses direct SQL deletes unless the transaction says it is the storage layer (as hosted).
      await query(
        stack,
        `do $$ begin
           perform set_config('storage.allow_delete_query', 'true', true);
           delete from storage.objects where name like 'listings/${listing.id}/%';
           delete from public.listings where id = '${listing.id}';
         end $$`,
      );
    }
  });

  test('an agent visiting /tc-dashboard is told the page is for coordinators', async () => {
    await signInAs(agent.page, appUrl, stack, AGENT, '/tc-dashboard');
    await agent.page.getByText('This page is only available to Transaction Coordinators.').waitFor({ timeout: 20_000 });
    expect(await agent.page.getByRole('heading', { name: 'Access Denied' }).isVisible(), 'the Access Denied heading shows').toBe(true);
    expect(await agent.page.getByTestId('agent-card').count(), 'no agent cards leak to an agent').toBe(0);
  });

  test("the grid shows the coordinator's agents with the database's counts, from / as well", async () => {
    await signInAs(tc.page, appUrl, stack, COORDINATOR, '/');
    await tc.page.getByRole('heading', { name: 'TC Dashboard' }).waitFor({ timeout: 20_000 });
    await tc.page.getByText('Select an agent to manage their listings and tasks').waitFor();
    await settled(tc.page);

    const expected = await query<{ id: string; email: string; listings: number; tasks: number; test_profile: boolean }>(
      stack,
      `select u.id, u.email,
         (select count(*)::int from public.listings l where l.agent_id = u.id) as listings,
         (select count(*)::int from public.tasks t where t.assigned_to_id = u.id) as tasks,
         exists (select 1 from public.users c where c.auth_user_id = u.auth_user_id and c.role = 'tc') as test_profile
       from public.users u join public.users tc on tc.id = u.assigned_tc_id
       where tc.email = $1 and tc.role = 'tc' and u.role = 'agent'`,
      [COORDINATOR],
    );
    const cards = tc.page.getByTestId('agent-card');
    expect(await cards.count(), 'one card per agent assigned to the coordinator').toBe(expected.length);
    for (const row of expected) {
      // The test agent profile shares the coordinator's e-mail; the others are found by theirs.
      const one = (row.test_profile ? cards.filter({ hasText: 'Test Profile' }) : tc.page.locator(`[data-testid="agent-card"][data-agent-email="${row.email}"]`)).first();
      expect(await one.getByTestId('agent-listing-count').getAttribute('data-count'), `listing count of ${row.email}`).toBe(String(row.listings));
      expect(await one.getByTestId('agent-task-count').getAttribute('data-count'), `task count of ${row.email}`).toBe(String(row.tasks));
    }
    expect(await cards.filter({ hasText: 'Test Profile' }).count(), "exactly the coordinator's test agent profile carries the badge").toBe(
      expected.filter((r) => r.test_profile).length,
    );
    await expectNoSeriousA11yViolations(tc.page, 'agent grid');
    await saveScreenshot(tc.page, 'tc-dashboard-grid-desktop');
  });

  test('selecting the agent and a listing, creating a task and sending a response reach the agent live', async () => {
    // The agent watches the listing's requirements and, in a second tab, the agent listing view.
    await agent.page.goto(`${appUrl}/listing/${listing.id}?tab=tasks`);
    await agent.page.getByRole('heading', { name: 'Listing Requirements' }).waitFor({ timeout: 20_000 });
    const agentView = await agent.page.context().newPage();
    await agentView.goto(`${appUrl}/agent-listing/${listing.id}`);
    await agentView.getByRole('heading', { name: 'Coordinator responses' }).waitFor({ timeout: 20_000 });

    await tc.page.locator(`[data-testid="agent-card"][data-agent-email="${AGENT}"]`).click();
    await tc.page.getByRole('button', { name: 'Back to Agents' }).waitFor();
    expect(new URL(tc.page.url()).searchParams.get('agent'), 'the selected agent is in the address').toBe(listing.agent_id);
    await tc.page.getByText('Select a listing below to create tasks and requirements for that property').waitFor();
    expect(await tc.page.getByRole('button', { name: 'Create Task' }).isDisabled(), 'Create Task is disabled without a listing').toBe(true);
    await tc.page.getByText('Select a listing first to create tasks').waitFor();
    await settled(tc.page);
    await expectNoSeriousA11yViolations(tc.page, 'agent listings');
    await saveScreenshot(tc.page, 'tc-dashboard-listings-desktop');

    const card = tc.page.locator(`[data-testid="listing-card"][data-listing-id="${listing.id}"]`);
    await card.locator('button[aria-pressed]').click();
    await tc.page.waitForFunction((id) => document.querySelector(`[data-listing-id="${id}"]`)?.getAttribute('data-selected') === 'true', listing.id);
    expect(new URL(tc.page.url()).searchParams.get('listing'), 'the selected listing is in the address').toBe(listing.id);

    // A reload keeps agent and listing selected.
    await tc.page.reload();
    await tc.page.getByTestId('selected-listing').waitFor({ timeout: 20_000 });

    // Create Task: due date, medium priority (the default).
    await tc.page.getByRole('button', { name: 'Create Task' }).click();
    const taskDialog = tc.page.getByRole('dialog', { name: 'Create Task' });
    await taskDialog.getByLabel('Title').fill(TASK_TITLE);
    await taskDialog.getByLabel('Description (optional)').fill('All pages initialled.');
    await taskDialog.getByLabel('Due date (optional)').fill('2031-05-20');
    expect(await taskDialog.getByRole('combobox', { name: 'Priority' }).textContent(), 'priority defaults to medium').toBe('Medium');
    await taskDialog.getByRole('button', { name: 'Create Task' }).click();
    // Radix also announces a toast in a hidden live region for a moment: two matches then.
    await tc.page.getByText('Task has been assigned to the agent').first().waitFor();
    const [task] = await query<{ priority: string; due_date: string; status: string; assigned_to_id: string }>(
      stack,
      "select priority, to_char(due_date, 'YYYY-MM-DD') as due_date, status, assigned_to_id from public.tasks where listing_id = $1 and title = $2",
      [listing.id, TASK_TITLE],
    );
    expect(task, 'the task is stored medium, pending, due 2031-05-20, for the listing agent').toMatchObject({
      priority: 'medium',
      due_date: '2031-05-20',
      status: 'pending',
      assigned_to_id: listing.agent_id,
    });
    await agent.page.locator(`[data-testid="task"][data-task-title="${TASK_TITLE}"]`).waitFor({ timeout: 5000 });

    // Send Response.
    await dismissToasts(tc.page);
    await tc.page.getByRole('button', { name: 'Send Response' }).click();
    const responseDialog = tc.page.getByRole('dialog', { name: 'Send Response' });
    await responseDialog.getByRole('combobox', { name: 'Response type' }).click();
    await tc.page.getByRole('option', { name: 'Photo' }).click();
    await responseDialog.getByLabel('Message').fill(RESPONSE_TEXT);
    await responseDialog.getByRole('button', { name: 'Send Response' }).click();
    await tc.page.getByText('Your response has been sent to the agent').first().waitFor();
    await agentView.getByTestId('coordinator-response').filter({ hasText: RESPONSE_TEXT }).waitFor({ timeout: 5000 });
    const [notification] = await query<{ title: string; action_url: string }>(
      stack,
      "select n.title, n.action_url from public.notifications n join public.tc_responses r on r.id = n.source_id where r.content = $1",
      [RESPONSE_TEXT],
    );
    expect(notification, 'the agent is notified with a link to their listing').toEqual({ title: 'New response from your coordinator', action_url: `/agent-listing/${listing.id}` });
    await saveScreenshot(agentView, 'tc-dashboard-agent-sees-response');
    await agentView.close();

    // The Tasks tab shows it with its due date and priority.
    await dismissToasts(tc.page);
    await tc.page.getByRole('tab', { name: 'Tasks' }).click();
    const taskCard = tc.page.locator(`[data-testid="agent-task"][data-task-title="${TASK_TITLE}"]`);
    await taskCard.waitFor();
    expect(await taskCard.textContent(), 'the task card shows priority, status and due date').toMatch(/medium.*pending.*Due May 20, 2031/s);
    await expectNoSeriousA11yViolations(tc.page, 'agent tasks');
    await saveScreenshot(tc.page, 'tc-dashboard-tasks-desktop');
  });

  test("the agent's document and photos appear in the open dialogs without reload; the zip holds exactly the selected photos", async () => {
    await tc.page.getByRole('tab', { name: 'Listings' }).click();
    const card = tc.page.locator(`[data-testid="listing-card"][data-listing-id="${listing.id}"]`);
    const { client } = await clientAs(stack, AGENT);

    // Documents dialog open while the agent uploads.
    await card.getByRole('button', { name: /^Docs/ }).click();
    const docs = tc.page.getByRole('dialog', { name: 'Documents' });
    await docs.waitFor();
    await settled(tc.page);
    const docName = `Disclosure-${Date.now()}.pdf`;
    const docPath = `listings/${listing.id}/${docName}`;
    const upload = await client.storage.from('listing-documents').upload(docPath, pdfBytes('disclosure'), { contentType: 'application/pdf' });
    expect(upload.error, 'the agent may upload to their listing').toBeNull();
    const inserted = await client.from('documents').insert({ listing_id: listing.id, file_name: docName, file_url: docPath, file_type: 'application/pdf', file_size: 600 });
    expect(inserted.error, 'the agent may record the document').toBeNull();
    await docs.getByTestId('document').filter({ hasText: docName }).waitFor({ timeout: 5000 });
    await expectNoSeriousA11yViolations(tc.page, 'documents dialog');
    await saveScreenshot(tc.page, 'tc-dashboard-documents-dialog-desktop');
    const [download] = await Promise.all([tc.page.waitForEvent('download'), docs.getByRole('button', { name: `Download ${docName}` }).click()]);
    expect(download.suggestedFilename(), 'Download saves the file under its name').toBe(docName);
    await closeDialog(docs);

    // Photos dialog open while the agent adds two photos.
    const photosButton = card.getByRole('button', { name: /^Photos \(/ });
    const before = Number(/\((\d+)\)/.exec((await photosButton.textContent()) ?? '')?.[1]);
    await photosButton.click();
    const photos = tc.page.getByRole('dialog', { name: 'Photos' });
    await photos.waitFor();
    await settled(tc.page);
    const [row] = await query<{ photo_urls: string[]; property_image_url: string | null }>(stack, 'select photo_urls, property_image_url from public.listings where id = $1', [listing.id]);
    const paths = photoNames.map((name) => `listings/${listing.id}/${name}`);
    for (const [i, path] of paths.entries()) {
      const put = await client.storage.from('listing-photos').upload(path, pngVariant(`photo-${i}`), { contentType: 'image/png' });
      expect(put.error, 'the agent may upload photos to their listing').toBeNull();
    }
    const updated = await client
      .from('listings')
      .update({ photo_urls: [...(row.photo_urls ?? []), ...paths], property_image_url: row.property_image_url ?? paths[0] })
      .eq('id', listing.id);
    expect(updated.error, 'the agent may add photos to their listing').toBeNull();

    await photos.getByTestId('photo').nth(before + 1).waitFor({ timeout: 5000 });
    const total = await photos.getByTestId('photo').count();
    expect(total, 'both new photos appear in the open dialog').toBe(before + 2);

    // Select all, deselect all, then exactly the two new photos.
    await photos.getByRole('button', { name: 'Select All' }).click();
    await photos.getByRole('button', { name: `Download Selected Photos (${total})` }).waitFor();
    await photos.getByRole('button', { name: 'Deselect All' }).click();
    await photos.getByRole('button', { name: 'Download Selected Photos (0)' }).waitFor();
    await photos.getByRole('checkbox', { name: `Select photo ${total - 1}` }).click();
    await photos.getByRole('checkbox', { name: `Select photo ${total}` }).click();
    await expectNoSeriousA11yViolations(tc.page, 'photos dialog');
    await saveScreenshot(tc.page, 'tc-dashboard-photos-dialog-desktop');
    const [zip] = await Promise.all([tc.page.waitForEvent('download'), photos.getByRole('button', { name: 'Download Selected Photos (2)' }).click()]);
    const entries = unzipSync(new Uint8Array(await downloadedBytes(zip)));
    expect(Object.keys(entries).sort(), 'the zip holds exactly the two selected photos').toEqual([...photoNames].sort());
    for (const [i, name] of photoNames.entries()) {
      expect(Buffer.from(entries[name]).equals(pngVariant(`photo-${i}`)), `${name} in the zip has the uploaded bytes`).toBe(true);
    }
    await closeDialog(photos);
    // Behind the dialog the card's button is hidden from the accessibility tree; closed, it shows the new count.
    await photosButton.filter({ hasText: `Photos (${before + 2})` }).waitFor();
  });

  test('the Activity tab shows what the agent did, live', async () => {
    await tc.page.getByRole('tab', { name: 'Activity' }).click();
    await settled(tc.page);
    await tc.page.getByTestId('activity-item').filter({ hasText: 'Uploaded new document' }).first().waitFor({ timeout: 5000 });
    await tc.page.getByTestId('activity-item').filter({ hasText: 'Added photos to listing' }).first().waitFor({ timeout: 5000 });
    const responsesShown = () => tc.page.locator('[data-testid="activity-item"][data-action="task_response"]').count();
    const before = await responsesShown();
    // The agent answers the new task while the tab is open.
    const [task] = await query<{ id: string }>(stack, 'select id from public.tasks where listing_id = $1 and title = $2', [listing.id, TASK_TITLE]);
    const { client } = await clientAs(stack, AGENT);
    const answered = await client.rpc('respond_to_task', { task_id: task.id, response: 'Sent.', mark_completed: true });
    expect(answered.error, 'the agent answers the task').toBeNull();
    await expect.poll(responsesShown, { timeout: 5000, message: 'the task response appears without reload' }).toBe(before + 1);
    expect(await tc.page.getByTestId('activity-item').first().getAttribute('data-action'), 'newest first: the task response leads').toBe('task_response');
    expect(await tc.page.getByTestId('activity-item').first().textContent(), "the spec's text for task_response").toContain('Completed task response');
    await expectNoSeriousA11yViolations(tc.page, 'activity');
    await saveScreenshot(tc.page, 'tc-dashboard-activity-desktop');

    // Back to the grid: Marcus's counts moved with the new task.
    await tc.page.getByRole('button', { name: 'Back to Agents' }).click();
    const [counts] = await query<{ tasks: number }>(stack, 'select count(*)::int as tasks from public.tasks where assigned_to_id = $1', [listing.agent_id]);
    await tc.page.waitForFunction(
      ([email, n]) => document.querySelector(`[data-agent-email="${email}"] [data-testid="agent-task-count"]`)?.getAttribute('data-count') === n,
      [AGENT, String(counts.tasks)] as const,
    );
    expect(tc.pageErrors.map((e) => e.message), 'no uncaught errors for the coordinator').toEqual([]);
  });

  test('phone screenshots of the grid, each tab and both dialogs', async () => {
    const phone = await openPage(browser, 'phone');
    try {
      await signInAs(phone.page, appUrl, stack, COORDINATOR, '/tc-dashboard');
      await phone.page.getByRole('heading', { name: 'TC Dashboard' }).waitFor({ timeout: 20_000 });
      await settled(phone.page);
      await saveScreenshot(phone.page, 'tc-dashboard-grid-phone');
      await expectNoSeriousA11yViolations(phone.page, 'phone grid');
      for (const tab of ['listings', 'tasks', 'activity']) {
        await phone.page.goto(`${appUrl}/tc-dashboard?agent=${listing.agent_id}&listing=${listing.id}&tab=${tab}`);
        await phone.page.getByRole('tab', { name: tab[0].toUpperCase() + tab.slice(1), selected: true }).waitFor({ timeout: 20_000 });
        await settled(phone.page);
        const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `no horizontal overflow on the phone (${tab})`).toBeLessThanOrEqual(0);
        await saveScreenshot(phone.page, `tc-dashboard-${tab}-phone`);
      }
      await phone.page.getByRole('tab', { name: 'Listings' }).click();
      const card = phone.page.locator(`[data-testid="listing-card"][data-listing-id="${listing.id}"]`);
      await card.getByRole('button', { name: /^Photos \(/ }).click();
      await phone.page.getByRole('dialog', { name: 'Photos' }).getByTestId('photo').first().waitFor();
      await saveScreenshot(phone.page, 'tc-dashboard-photos-dialog-phone');
      await closeDialog(phone.page.getByRole('dialog', { name: 'Photos' }));
      await card.getByRole('button', { name: /^Docs/ }).click();
      await phone.page.getByRole('dialog', { name: 'Documents' }).getByTestId('document').first().waitFor();
      await saveScreenshot(phone.page, 'tc-dashboard-documents-dialog-phone');
      await expectNoSeriousA11yViolations(phone.page, 'phone documents dialog');
    } finally {
      await phone.close();
    }
  });
});

/**
 * Closes a dialog with its Close button. Escape would close the newest layer,
 * which is the notification toast when one arrived meanwhile (the agent's upload
 * notifies the coordinator), not the dialog.
 */
async function closeDialog(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await dialog.waitFor({ state: 'hidden' });
}
