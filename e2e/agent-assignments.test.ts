/**
 * People screens in the browser: Agent Assignments with two coordinators
 * looking at once (an assignment by one reaches the other live), the agent
 * profile view for the agent's coordinator and for another one, New Listing
 * for a coordinator choosing the agent, the viewer's real role on
 * /agent-listing/{id}, and signed-out deep links to signed-in screens.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { readFirstToast, recordFirstToast } from './support/first-toast.ts';
import { clientAs, listingIdByAddress, query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const OLIVIA = 'olivia.chen@listingdesk.test';
const DAVID = 'david.kim@listingdesk.test';

async function accountId(email: string, role: string): Promise<string> {
  const [row] = await query<{ id: string }>(stack, 'select id from public.users where email = $1 and role = $2', [email, role]);
  return row.id;
}

async function priyasCoordinator(): Promise<string | null> {
  const [row] = await query<{ tc: string | null }>(stack, "select assigned_tc_id as tc from public.users where email = 'priya.patel@listingdesk.test'");
  return row.tc;
}

async function latestToast(page: Page, text: string): Promise<string> {
  const toast = page.locator('[data-slot="toast"]', { hasText: text }).first();
  await toast.waitFor();
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

const card = (page: Page, which: 'assigned-agents' | 'available-agents'): Locator => page.getByTestId(which);
const row = (list: Locator, name: string): Locator => list.getByTestId('agent-row').filter({ hasText: name });

async function expectNoSeriousA11y(page: Page, what: string) {
  expect(describeViolations(await seriousA11yViolations(page)), `axe: no serious or critical violation on ${what}`).toBe('');
}

async function search(page: Page, text: string) {
  await page.getByLabel('Search agents').fill(text);
}

describe('people: assignments, agent profile, new listing for an agent', () => {
  let browser: TestBrowser;
  let olivia: OpenedPage;
  let david: OpenedPage;
  let oliviaId: string;
  let marcusId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    oliviaId = await accountId(OLIVIA, 'tc');
    marcusId = await accountId('marcus.johnson@listingdesk.test', 'agent');
    olivia = await openPage(browser, 'desktop');
    david = await openPage(browser, 'desktop');
    await signInAs(olivia.page, appUrl, stack, OLIVIA, '/agent-assignments');
    await signInAs(david.page, appUrl, stack, DAVID, '/agent-assignments');
    for (const { page } of [olivia, david]) await row(card(page, 'available-agents'), 'Priya Patel').waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await query(stack, "update public.users set assigned_tc_id = null where email = 'priya.patel@listingdesk.test'");
    await olivia?.close();
    await david?.close();
    await browser?.close();
  });

  test('Olivia assigns Priya; David sees her leave live and cannot take or release her; search and empty texts; unassign returns her', async () => {
    const { page } = olivia;
    await page.getByRole('heading', { name: 'My Assigned Agents (3)' }).waitFor();
    await page.getByRole('heading', { name: 'Available Agents (1)' }).waitFor();
    await expectNoSeriousA11y(page, 'Agent Assignments');
    await saveScreenshot(page, 'agent-assignments-desktop');

    await search(page, 'no-such-agent');
    for (const which of ['assigned-agents', 'available-agents'] as const) await card(page, which).getByText('No agents match your search').waitFor();
    await search(page, 'johnson');
    await page.getByRole('heading', { name: 'My Assigned Agents (1)' }).waitFor();
    expect(await card(page, 'assigned-agents').getByTestId('agent-row').allInnerTexts(), 'the search finds Marcus by last name').toEqual([
      expect.stringContaining('Marcus Johnson'),
    ]);
    await search(page, 'priya.patel@');
    await page.getByRole('heading', { name: 'Available Agents (1)' }).waitFor();
    await card(page, 'assigned-agents').getByText('No agents match your search').waitFor();
    await search(page, '');
    await page.getByRole('heading', { name: 'My Assigned Agents (3)' }).waitFor();

    // exact: the accessible name "Unassign Priya Patel" contains "assign Priya Patel".
    await page.getByRole('button', { name: 'Assign Priya Patel', exact: true }).click();
    expect(await latestToast(page, 'Agent assigned'), 'success toast').toContain('Agent assigned');
    await row(card(page, 'assigned-agents'), 'Priya Patel').waitFor();
    await card(page, 'available-agents').getByText('No available agents').waitFor();
    await page.getByRole('heading', { name: 'My Assigned Agents (4)' }).waitFor();
    expect(await priyasCoordinator(), 'the database has Priya on Olivia’s team').toBe(oliviaId);
    await saveScreenshot(page, 'agent-assignments-assigned-desktop');

    // David's page changes without a reload: the private broadcast refreshes his lists.
    await row(card(david.page, 'available-agents'), 'Priya Patel').waitFor({ state: 'detached', timeout: 10_000 });
    await card(david.page, 'available-agents').getByText('No available agents').waitFor();
    expect(await david.page.getByRole('button', { name: /Priya Patel/ }).count(), 'David is offered neither Assign nor Unassign for Priya').toBe(0);
    const asDavid = (await clientAs(stack, DAVID)).client;
    const priyaId = await accountId('priya.patel@listingdesk.test', 'agent');
    const refused = await asDavid.rpc('unassign_agent', { agent_id: priyaId });
    expect(refused.status, "REST: David may not unassign Olivia's agent").toBe(403);
    expect(await priyasCoordinator(), 'and nothing changed').toBe(oliviaId);

    await page.getByRole('button', { name: 'Unassign Priya Patel' }).click();
    expect(await latestToast(page, 'Agent unassigned'), 'success toast').toContain('Agent unassigned');
    await row(card(page, 'available-agents'), 'Priya Patel').waitFor();
    await row(card(page, 'assigned-agents'), 'Priya Patel').waitFor({ state: 'detached' });
    await row(card(david.page, 'available-agents'), 'Priya Patel').waitFor({ timeout: 10_000 });
    expect(await priyasCoordinator(), 'Priya is unassigned again (seed state)').toBeNull();
    expect([...olivia.pageErrors, ...david.pageErrors].map((e) => e.message), 'no uncaught errors').toEqual([]);
  });

  test('a refused assignment shows the failure toast with the server message', async () => {
    const { page } = olivia;
    // David takes Priya first, behind Olivia's back; her button is still on screen until the broadcast lands.
    await page.route('**/rest/v1/rpc/assign_agent', async (route) => {
      await query(stack, "update public.users set assigned_tc_id = $1 where email = 'priya.patel@listingdesk.test'", [await accountId(DAVID, 'tc')]);
      await route.continue();
    });
    try {
      await page.getByRole('button', { name: 'Assign Priya Patel', exact: true }).click();
      expect(await latestToast(page, 'Failed to assign agent.'), 'failure toast with the 403 message').toMatch(/Failed to assign agent\. 403: agent is assigned to another coordinator/);
    } finally {
      await page.unroute('**/rest/v1/rpc/assign_agent');
      await query(stack, "update public.users set assigned_tc_id = null where email = 'priya.patel@listingdesk.test'");
    }
  });

  test('Agent Assignments on a phone', async () => {
    const phone = await openPage(browser, 'phone');
    try {
      await signInAs(phone.page, appUrl, stack, OLIVIA, '/agent-assignments');
      await row(card(phone.page, 'assigned-agents'), 'Marcus Johnson').waitFor({ timeout: 20_000 });
      await row(card(phone.page, 'available-agents'), 'Priya Patel').waitFor();
      await expectNoSeriousA11y(phone.page, 'Agent Assignments (phone)');
      await saveScreenshot(phone.page, 'agent-assignments-phone');
    } finally {
      await phone.close();
    }
  });

  test("the agent profile view shows Marcus's details to Olivia and access denied to David", async () => {
    const { page } = olivia;
    await page.goto(`${appUrl}/agent-assignments`);
    await card(page, 'assigned-agents').getByRole('link', { name: 'Marcus Johnson' }).click();
    await page.waitForURL(`${appUrl}/agents/${marcusId}`);
    await page.getByRole('heading', { name: 'Marcus Johnson', level: 1 }).waitFor();
    const profile = page.getByTestId('agent-profile');
    for (const text of ['marcus.johnson@listingdesk.test', 'Lone Star Realty Group', '301 Congress Ave', 'Austin Board of REALTORS MLS', 'marcus.johnson', 'Olivia Chen']) {
      expect(await profile.getByText(text).first().isVisible(), `the profile shows ${text}`).toBe(true);
    }
    expect(await profile.innerText(), 'no password of any kind is shown').not.toMatch(/password/i);
    const listings = page.getByTestId('agent-listing-row');
    await listings.first().waitFor();
    const barton = listings.filter({ hasText: '1418 Barton Hills Dr' });
    expect(await barton.getByTestId('listing-status-badge').innerText(), 'status badge').toBe('Incomplete');
    expect(await barton.innerText(), 'open-task count').toMatch(/\d+ open tasks?/);
    expect(await barton.getByRole('link').getAttribute('href'), 'each listing links to its detail screen').toMatch(/^\/listing\/10000000-0000-4000-8000-000000000001$/);
    await expectNoSeriousA11y(page, 'the agent profile view');
    await saveScreenshot(page, 'agent-profile-view-desktop');

    await david.page.goto(`${appUrl}/agents/${marcusId}`);
    await david.page.getByText('Agent not found or you do not have access.').waitFor();
    expect(await david.page.getByText('Lone Star Realty Group').count(), "nothing of Olivia's agent reaches David").toBe(0);
    await saveScreenshot(david.page, 'agent-profile-view-denied-desktop');

    const phone = await openPage(browser, 'phone');
    try {
      await signInAs(phone.page, appUrl, stack, OLIVIA, `/agents/${marcusId}`);
      await phone.page.getByTestId('agent-listing-row').first().waitFor({ timeout: 20_000 });
      await expectNoSeriousA11y(phone.page, 'the agent profile view (phone)');
      await saveScreenshot(phone.page, 'agent-profile-view-phone');
    } finally {
      await phone.close();
    }
  });

  test('New Listing: Olivia lists for Marcus, lands on the agent dashboard, and the listing appears on his profile; a refusal shows the database message', async () => {
    const { page } = olivia;
    const address = '77 Coordinator Way, Austin, TX 78704';
    await page.goto(`${appUrl}/new-listing`);
    await page.getByRole('button', { name: 'Create Listing' }).waitFor({ timeout: 20_000 });
    await page.getByLabel('Address').fill(address);
    await page.getByRole('button', { name: 'Create Listing' }).click();
    expect(await page.getByText('Required', { exact: true }).count(), 'the agent is required for a coordinator').toBe(1);
    await page.locator('#new-listing-agent').click();
    await page.getByRole('option', { name: 'Marcus Johnson' }).waitFor();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options, "only Olivia's own agents are offered").toEqual(expect.arrayContaining(['Marcus Johnson', 'Emily Rodriguez']));
    expect(options, 'no agent of another team, no unassigned agent').not.toEqual(expect.arrayContaining(['Sarah Thompson', 'Priya Patel']));
    await page.getByRole('option', { name: 'Marcus Johnson' }).click();
    // Axe runs once the list has closed (while open, the page behind it is aria-hidden by design).
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expectNoSeriousA11y(page, 'New Listing with the agent select');
    await saveScreenshot(page, 'new-listing-coordinator-desktop');

    // Marcus leaves Olivia's team before she submits: the database refuses with its readable message.
    await query(stack, 'update public.users set assigned_tc_id = null where id = $1', [marcusId]);
    try {
      await page.getByRole('button', { name: 'Create Listing' }).click();
      expect(await latestToast(page, 'Failed to create listing'), 'the refusal is shown in words, never as a raw database error').toContain(
        'Failed to create listing: 403: You can create listings only for yourself, or as a coordinator for your assigned agents',
      );
    } finally {
      await query(stack, 'update public.users set assigned_tc_id = $1 where id = $2', [oliviaId, marcusId]);
    }

    await page.getByRole('button', { name: 'Create Listing' }).click();
    await page.getByText('Listing created successfully!').first().waitFor();
    const [created] = await query<{ id: string; agent_id: string; tc_id: string }>(stack, 'select id, agent_id, tc_id from public.listings where address = $1', [address]);
    expect(created, "the listing is Marcus's, coordinated by Olivia").toMatchObject({ agent_id: marcusId, tc_id: oliviaId });
    // A coordinator lands on the dashboard with that agent and the new listing selected.
    await page.waitForURL(`${appUrl}/tc-dashboard?agent=${marcusId}&listing=${created.id}`);
    await page.getByText(address).first().waitFor();
    try {
      await page.goto(`${appUrl}/agents/${marcusId}`);
      await page.getByTestId('agent-listing-row').filter({ hasText: address }).waitFor();
    } finally {
      await query(stack, 'delete from public.listings where id = $1', [created.id]);
    }

    const phone = await openPage(browser, 'phone');
    try {
      await signInAs(phone.page, appUrl, stack, OLIVIA, '/new-listing');
      await phone.page.locator('#new-listing-agent').waitFor({ timeout: 20_000 });
      await saveScreenshot(phone.page, 'new-listing-coordinator-phone');
      await phone.page.locator('#new-listing-agent').click();
      await phone.page.getByRole('option', { name: 'Marcus Johnson' }).waitFor();
      await saveScreenshot(phone.page, 'new-listing-agent-picker-phone');
    } finally {
      await phone.close();
    }

    const agent = await openPage(browser, 'desktop');
    try {
      await signInAs(agent.page, appUrl, stack, 'emily.rodriguez@listingdesk.test', '/new-listing');
      await agent.page.getByRole('button', { name: 'Create Listing' }).waitFor({ timeout: 20_000 });
      expect(await agent.page.locator('#new-listing-agent').count(), 'an agent lists only for herself: no agent select').toBe(0);
    } finally {
      await agent.close();
    }
  });

  test('New Listing for the super admin: the agent picker reads one page of a large brokerage and finds the others by name', async () => {
    // 25 more agents than the seed has: the first page (20) cannot hold them all.
    const extra = Array.from({ length: 25 }, (_, i) => ({ id: crypto.randomUUID(), last: `Pickertest-${String(i + 1).padStart(2, '0')}` }));
    for (const agent of extra) {
      await query(stack, "insert into auth.users (id, aud, role, email, email_confirmed_at) values ($1, 'authenticated', 'authenticated', $2, now())", [agent.id, `${agent.last.toLowerCase()}@picker.test`]);
      await query(stack, "update public.users set first_name = 'Zed', last_name = $2 where auth_user_id = $1", [agent.id, agent.last]);
    }
    const admin = await openPage(browser, 'desktop');
    const optionRequests: string[] = [];
    admin.page.on('request', (request) => {
      if (request.url().includes('/rest/v1/agent_overview')) optionRequests.push(request.url());
    });
    try {
      await signInAs(admin.page, appUrl, stack, 'admin@listingdesk.test', '/new-listing');
      const picker = admin.page.locator('#new-listing-agent');
      await picker.click();
      await admin.page.getByRole('option', { name: 'Marcus Johnson' }).waitFor({ timeout: 20_000 });
      expect(await admin.page.getByRole('option').count(), 'one page of agents, not the whole brokerage').toBe(20);
      await admin.page.getByText('Showing the first 20 agents. Type a name or e-mail to find others.').waitFor();
      await expectNoSeriousA11y(admin.page, 'the open agent picker');
      await saveScreenshot(admin.page, 'new-listing-agent-picker-desktop');

      await admin.page.getByLabel('Search agents').fill('zed pickertest-25');
      await admin.page.getByRole('option', { name: 'Zed Pickertest-25' }).waitFor();
      expect(await admin.page.getByRole('option').allInnerTexts(), 'every word must match: only the 25th').toEqual(['Zed Pickertest-25']);
      await admin.page.getByLabel('Search agents').fill('nobody-like-this');
      await admin.page.getByText('No agent matches "nobody-like-this".').waitFor();
      await admin.page.getByLabel('Search agents').fill('pickertest-25');
      await admin.page.getByRole('option', { name: 'Zed Pickertest-25' }).waitFor();
      await admin.page.getByLabel('Search agents').press('Enter');
      await admin.page.getByRole('listbox').waitFor({ state: 'detached' });
      expect((await picker.innerText()).trim(), 'the choice shows by name once the list has closed').toBe('Zed Pickertest-25');

      expect(optionRequests.length, 'the picker asked the database').toBeGreaterThan(0);
      for (const url of optionRequests) expect(new URL(url).searchParams.get('limit'), `one page per request: ${url}`).toBe('21');
    } finally {
      await admin.close();
      await query(stack, 'delete from public.users where auth_user_id = any($1::uuid[])', [extra.map((agent) => agent.id)]);
      await query(stack, 'delete from auth.users where id = any($1::uuid[])', [extra.map((agent) => agent.id)]);
    }
  });

  test("/agent-listing/{id} names the viewer's real role", async () => {
    const listingId = await listingIdByAddress(stack, '1418 Barton Hills Dr');
    const viewers = [
      { email: OLIVIA, label: 'Transaction Coordinator' },
      { email: 'marcus.johnson@listingdesk.test', label: 'Agent' },
      { email: 'admin@listingdesk.test', label: 'Super Admin' },
    ];
    for (const viewer of viewers) {
      const opened = await openPage(browser, 'desktop');
      try {
        await signInAs(opened.page, appUrl, stack, viewer.email, `/agent-listing/${listingId}`);
        const badge = opened.page.getByTestId('viewer-role-badge');
        await badge.waitFor({ timeout: 20_000 });
        expect(await badge.innerText(), `${viewer.email} is labelled by their role`).toBe(viewer.label);
      } finally {
        await opened.close();
      }
    }
  });

  test('signed-out deep links to signed-in screens: Unauthorized toast, then sign-in after 500 ms', async () => {
    for (const path of ['/tc-dashboard', `/agents/${marcusId}`, '/agent-assignments', '/tc-profile', '/new-listing']) {
      const visitor = await openPage(browser, 'desktop');
      try {
        await recordFirstToast(visitor.page);
        await visitor.page.goto(`${appUrl}${path}`);
        await visitor.page.waitForURL(`${appUrl}/api/login`, { timeout: 20_000 });
        const { first, pageLoadedAt } = await readFirstToast(visitor.page);
        expect(first?.text, `${path}: the spec's toast`).toBe('Unauthorized You are logged out. Logging in again...');
        expect(first?.path, `${path}: the visitor is told first, on the screen asked for`).toBe(path);
        expect(pageLoadedAt - first!.at, `${path}: sign-in follows about 500 ms later`).toBeGreaterThanOrEqual(300);
      } finally {
        await visitor.close();
      }
    }
  });
});
