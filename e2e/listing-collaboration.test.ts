/**
 * The listing workspace with a coordinator and an agent signed in at the same
 * time, in two browser contexts: requirement tasks and messages travel between
 * them live (Realtime), without reloading either page. Also saves screenshots
 * of every tab for both roles.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInAs } from './support/auth.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { listingIdByAddress, query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const COORDINATOR = 'olivia.chen@listingdesk.test';
const AGENT = 'emily.rodriguez@listingdesk.test';
// Emily's listing coordinated by Olivia, seeded without tasks: the red dot must come from this test's task.
const ADDRESS = '5502 Shoal Creek Blvd';

const TABS = [
  { value: 'notes', label: 'Notes' },
  { value: 'documents', label: 'Documents' },
  { value: 'messages', label: 'Messages' },
  { value: 'photos', label: 'Photos' },
  { value: 'tasks', label: 'Requirements' },
] as const;

/** Closes open toasts: they sit over the lower right of the page, where a click may be aimed. */
async function dismissToasts(page: Page) {
  for (const close of await page.locator('[data-slot="toast-close"]').all()) await close.click({ force: true }).catch(() => undefined);
}

async function openTab(page: Page, label: string) {
  await page.getByRole('tab', { name: label }).click();
  await page.getByRole('tab', { name: label, selected: true }).waitFor();
}

describe('listing workspace: coordinator and agent together', () => {
  let browser: TestBrowser;
  let tc: OpenedPage;
  let agent: OpenedPage;
  let listingId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    listingId = await listingIdByAddress(stack, ADDRESS);
    tc = await openPage(browser, 'desktop');
    agent = await openPage(browser, 'desktop');
    await signInAs(tc.page, appUrl, stack, COORDINATOR, `/listing/${listingId}?tab=tasks`);
    await signInAs(agent.page, appUrl, stack, AGENT, `/listing/${listingId}?tab=tasks`);
    for (const { page } of [tc, agent]) await page.getByRole('heading', { name: 'Listing Requirements' }).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await tc?.close();
    await agent?.close();
    await browser?.close();
  });

  test('a task created by the coordinator reaches the agent live; the response reaches the coordinator live', async () => {
    expect(await agent.page.getByTestId('pending-tasks-dot').count(), 'no red dot before any task exists').toBe(0);
    expect(await tc.page.getByText('0/0 completed').isVisible(), 'the counter starts at 0/0').toBe(true);
    expect(await agent.page.getByRole('button', { name: 'Add New Task' }).count(), 'agents cannot add tasks').toBe(0);

    // The coordinator creates a task.
    await tc.page.getByRole('button', { name: 'Add New Task' }).click();
    await tc.page.getByLabel('Title').fill('Upload the HOA documents');
    await tc.page.getByLabel('Description (optional)').fill('All pages, signed.');
    await tc.page.getByRole('button', { name: 'Create Task' }).click();
    await tc.page.getByText('Task has been assigned to the agent').first().waitFor();
    const tcCard = tc.page.locator('[data-testid="task"][data-task-title="Upload the HOA documents"]');
    await tcCard.waitFor();
    expect(await tcCard.getAttribute('data-tone'), 'a task without response and not completed is red').toBe('red');

    const [row] = await query<{ priority: string; status: string; assigned_to_id: string }>(
      stack,
      "select priority, status, assigned_to_id from public.tasks where listing_id = $1 and title = 'Upload the HOA documents'",
      [listingId],
    );
    expect(row, 'the task is stored as high priority, pending').toMatchObject({ priority: 'high', status: 'pending' });

    // The agent sees it without reloading: NEW badge and the pulsing dot.
    const agentCard = agent.page.locator('[data-testid="task"][data-task-title="Upload the HOA documents"]');
    await agentCard.waitFor({ timeout: 5000 });
    expect(await agentCard.getByText('NEW', { exact: true }).isVisible(), 'the agent sees NEW on the unread task').toBe(true);
    await agent.page.getByTestId('pending-tasks-dot').waitFor({ timeout: 5000 });
    await saveScreenshot(agent.page, 'listing-agent-new-task');

    // The agent opens 'Provide Response' (marks it read) and answers.
    await agentCard.getByRole('button', { name: 'Provide Response' }).click();
    await agent.page.getByLabel('Your response').fill('Uploaded all 14 pages to Documents.');
    await agent.page.getByRole('button', { name: 'Submit Response' }).click();
    await agentCard.getByText('Completed', { exact: true }).waitFor();
    expect(await agentCard.getByText('NEW', { exact: true }).count(), 'answering clears NEW').toBe(0);

    // The coordinator sees the response, the completed state and the progress bar move, without reloading.
    await tcCard.getByText('Uploaded all 14 pages to Documents.').waitFor({ timeout: 5000 });
    await tc.page.getByText('1/1 completed').waitFor({ timeout: 5000 });
    expect(await tcCard.getAttribute('data-tone'), 'a completed task is green').toBe('green');
    expect(await tc.page.getByTestId('requirements-progress').getByText('100%').isVisible(), 'the percentage reads 100%').toBe(true);
    const [stored] = await query<{ status: string; completed_at: Date | null; agent_response: string }>(
      stack,
      "select status, completed_at, agent_response from public.tasks where listing_id = $1 and title = 'Upload the HOA documents'",
      [listingId],
    );
    expect(stored.status, 'the response completes the task').toBe('completed');
    expect(stored.completed_at, 'completed_at is set').not.toBeNull();
    await agent.page.getByTestId('pending-tasks-dot').waitFor({ state: 'detached', timeout: 5000 });

    // The coordinator reopens it: 'Responded' shows, the bar goes back, and resend makes it NEW for the agent again.
    await tcCard.getByRole('checkbox', { name: 'Mark as pending' }).click();
    await tcCard.getByText('Responded', { exact: true }).waitFor();
    expect(await tcCard.getAttribute('data-tone'), 'responded but open is blue').toBe('blue');
    await tc.page.getByText('0/1 completed').waitFor();
    await saveScreenshot(tc.page, 'listing-tc-responded-task');
    await tcCard.getByRole('button', { name: 'Resend' }).click();
    await agentCard.getByText('NEW', { exact: true }).waitFor({ timeout: 5000 });
    await agentCard.getByText('Responded', { exact: true }).waitFor();
  });

  test('messages typed in one context appear in the other within a second', async () => {
    for (const { page } of [tc, agent]) await openTab(page, 'Messages');
    const exchange = async (from: Page, to: Page, text: string) => {
      const input = from.getByLabel('Message', { exact: true });
      await input.fill(text);
      // Enter submits the form; a click could wait for the previous toast to stop covering the button.
      await input.press('Enter');
      await to
        .getByTestId('message')
        .filter({ hasText: text })
        .waitFor({ timeout: 5000 })
        .catch(async (error: unknown) => {
          // Kept for diagnosis: what the receiving side showed when the message did not arrive.
          await saveScreenshot(to, 'listing-message-not-received');
          throw error;
        });
    };
    // Live: each side sees the other's message without a reload; the delivery
    // time is measured by npm run bench -- realtime-latency, not by a timed test.
    await exchange(tc.page, agent.page, 'Buyer agent asked for the survey — can you upload it today?');
    await exchange(agent.page, tc.page, 'Yes, uploading it within the hour.');

    const own = tc.page.getByTestId('message').filter({ hasText: 'can you upload it today' });
    expect(await own.getAttribute('data-own'), "the coordinator's own message is marked own (right-aligned)").toBe('true');
    const box = await tc.page.getByTestId('message-box').evaluate((el) => ({ height: (el as HTMLElement).offsetHeight, atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < 2 }));
    expect(box.height, 'the thread box is 16 rem (256 px) high').toBe(256);
    expect(box.atBottom, 'the box stays scrolled to the newest message').toBe(true);
    expect(await tc.page.getByRole('button', { name: 'Send message' }).isDisabled(), 'Send is disabled on a blank message').toBe(true);
  });

  test('notes: Enter sends, Shift+Enter breaks the line, only the author edits and deletes, the other side sees changes live', async () => {
    for (const { page } of [tc, agent]) await openTab(page, 'Notes');
    // The task answered and reopened in the first test is open with a response: the coordinator is reminded to review it.
    await tc.page.getByRole('region', { name: 'Smart Reminders' }).getByText('The agent answered "Upload the HOA documents"', { exact: false }).waitFor();
    expect(await agent.page.getByRole('region', { name: 'Smart Reminders' }).count(), 'agents do not get smart reminders').toBe(0);
    await dismissToasts(tc.page);

    const box = tc.page.getByLabel('Note', { exact: true });
    expect(await tc.page.getByRole('button', { name: 'Send' }).isDisabled(), 'Send is disabled while the note is blank').toBe(true);
    await box.fill('Walkthrough moved to Friday.');
    await box.press('Shift+Enter');
    await box.pressSequentially('Buyer bringing the inspector.');
    expect(await box.inputValue(), 'Shift+Enter adds a line instead of sending').toBe('Walkthrough moved to Friday.\nBuyer bringing the inspector.');
    await box.press('Enter');
    const tcNote = tc.page.getByTestId('note').filter({ hasText: 'Walkthrough moved to Friday.' });
    await tcNote.waitFor();
    expect(await box.inputValue(), 'the box clears after sending').toBe('');
    expect(await tcNote.textContent(), 'the note shows the timestamp pattern').toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/);

    const agentNote = agent.page.getByTestId('note').filter({ hasText: 'Walkthrough moved to Friday.' });
    await agentNote.waitFor({ timeout: 5000 });
    expect(await agentNote.getByRole('button', { name: 'Edit note' }).count(), "the agent cannot edit the coordinator's note").toBe(0);
    expect(await agentNote.getByRole('button', { name: 'Delete note' }).count(), "the agent cannot delete the coordinator's note").toBe(0);

    await dismissToasts(tc.page);
    await tcNote.getByRole('button', { name: 'Edit note' }).click();
    // The note's text is now in the edit box, so the controls are found on the page rather than by the old text.
    await tc.page.getByLabel('Edit note', { exact: true }).fill('Walkthrough moved to Saturday.');
    await tc.page.getByRole('button', { name: 'Save', exact: true }).click();
    await agent.page.getByTestId('note').filter({ hasText: 'Walkthrough moved to Saturday.' }).waitFor({ timeout: 5000 });

    const edited = tc.page.getByTestId('note').filter({ hasText: 'Walkthrough moved to Saturday.' });
    await edited.getByRole('button', { name: 'Delete note' }).click();
    await tc.page.getByText('Are you sure you want to delete this note?').waitFor();
    await tc.page.getByRole('button', { name: 'Delete', exact: true }).click();
    await agent.page.getByText('No notes yet. Add the first note to get started.').waitFor({ timeout: 5000 });
  });

  test('screenshots of every tab for the coordinator and the agent', async () => {
    for (const [role, opened] of [['tc', tc], ['agent', agent]] as const) {
      for (const { value, label } of TABS) {
        await openTab(opened.page, label);
        await opened.page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"]').length === 0);
        expect(new URL(opened.page.url()).searchParams.get('tab'), `the ${label} tab is in the address`).toBe(value);
        await saveScreenshot(opened.page, `listing-${role}-${value}`);
      }
      expect(opened.pageErrors.map((e) => e.message), `no uncaught errors for the ${role}`).toEqual([]);
    }
  });
});
