/**
 * TC Team Chat with two coordinators signed in at once (two browser contexts):
 * Olivia creates a channel and invites David; they chat both ways live, reply
 * in a thread, pin a message; David's unread count rises and clears; presence
 * shows both. Sam, a coordinator outside the channel, cannot read it in the
 * UI, over REST or through Realtime. Screenshots at desktop and phone size,
 * axe clean.
 */
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { signInAs } from './support/auth.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { clientAs, query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const OLIVIA = 'olivia.chen@listingdesk.test';
const DAVID = 'david.kim@listingdesk.test';
const SAM = 'switcher@listingdesk.test';
const CHANNEL = `e2e-${crypto.randomUUID().slice(0, 6)}`;

async function checkA11y(page: Page, what: string) {
  const violations = await seriousA11yViolations(page);
  expect(violations, `${what}: no serious or critical axe violation\n${describeViolations(violations)}`).toEqual([]);
}

async function send(page: Page, text: string, box = 'Type a message') {
  const input = page.getByRole('textbox', { name: box });
  await input.fill(text);
  await input.press('Enter');
  await expect.poll(() => input.inputValue(), { message: 'Enter sends and clears the box' }).toBe('');
}

/** Closes a dialog or sheet by its close button and waits until it is gone (the page behind it is inert while it is open). */
async function closeDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const feed = (page: Page) => page.getByRole('log', { name: 'Messages' });
const channelButton = (page: Page, name: string) => page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name: new RegExp(`^${name}`) });

describe('TC Team Chat: two coordinators live', () => {
  let browser: TestBrowser;
  let olivia: OpenedPage;
  let david: OpenedPage;
  let channelId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    olivia = await openPage(browser, 'desktop');
    david = await openPage(browser, 'desktop');
    await signInAs(olivia.page, appUrl, stack, OLIVIA, '/tc-team-chat');
    await signInAs(david.page, appUrl, stack, DAVID, '/tc-team-chat');
    for (const { page } of [olivia, david]) await page.getByRole('heading', { name: 'TC Team Chat' }).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    if (channelId) await query(stack, 'delete from public.tc_channels where id = $1', [channelId]);
    await olivia?.close();
    await david?.close();
    await browser?.close();
  });

  test('create a channel, invite, chat both ways, thread, pin, unread and presence', async () => {
    const o = olivia.page;
    const d = david.page;

    // Olivia creates the channel; it opens.
    await o.getByRole('button', { name: 'Create channel' }).click();
    await o.getByLabel('Channel name').fill(CHANNEL);
    await o.getByRole('button', { name: 'Create Channel' }).click();
    await o.getByText('Channel created successfully!').first().waitFor();
    await o.waitForURL(/channel=/);
    channelId = new URL(o.url()).searchParams.get('channel')!;
    const [stored] = await query<{ description: string; is_private: boolean }>(stack, 'select description, is_private from public.tc_channels where id = $1', [channelId]);
    expect(stored, "the spec's description, not private").toEqual({ description: `Channel for ${CHANNEL} discussions`, is_private: false });
    await o.getByTestId('member-count').filter({ hasText: '1' }).waitFor();

    // Invite David as a member.
    await o.getByRole('button', { name: 'Invite TC' }).click();
    const dialog = o.getByRole('dialog', { name: 'Invite TC' });
    await dialog.getByLabel('Transaction Coordinator').click();
    expect(await o.getByRole('option', { name: /Olivia Chen/ }).count(), 'the selector excludes oneself').toBe(0);
    await o.getByRole('option', { name: /David Kim/ }).click();
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await dialog.getByRole('list').getByText('David Kim', { exact: true }).waitFor();
    expect(await dialog.getByRole('list').getByText('Member').count(), 'the member list shows David as Member').toBeGreaterThan(0);
    await saveScreenshot(o, 'tc-team-chat-invite-desktop');
    await checkA11y(o, 'invite dialog');
    await closeDialog(o, 'Invite TC');
    await o.getByTestId('member-count').filter({ hasText: '2' }).waitFor();

    // The channel appears in David's list live; Olivia's message raises his unread count.
    await channelButton(d, CHANNEL).waitFor({ timeout: 10_000 });
    await send(o, 'Hello David, closing docs are in.');
    await d.getByRole('navigation', { name: 'Channels' }).getByLabel('1 unread').waitFor({ timeout: 10_000 });
    await send(o, 'Second note before you read.');
    await d.getByRole('navigation', { name: 'Channels' }).getByLabel('2 unread').waitFor({ timeout: 10_000 });
    await channelButton(d, CHANNEL).click();
    await feed(d).getByText('Hello David, closing docs are in.').waitFor();
    const { client: davidClient } = await clientAs(stack, DAVID);
    await expect
      .poll(async () => ((await davidClient.rpc('channel_unread_counts')).data as { channel_id: string | null; unread: number }[]).find((r) => r.channel_id === channelId)?.unread ?? 0, {
        message: 'opening the channel clears its unread count in the database',
      })
      .toBe(0);
    await channelButton(d, 'general').click();
    await channelButton(d, CHANNEL).waitFor();
    expect(await channelButton(d, CHANNEL).getByLabel(/unread/).count(), 'back in general, the read channel shows no unread badge').toBe(0);
    await channelButton(d, CHANNEL).click();

    // Presence: both online in the channel.
    for (const page of [o, d]) await page.getByTestId('online-members').getByText('2 online').waitFor({ timeout: 10_000 });

    // David answers; Olivia sees it live.
    await send(d, 'Thanks Olivia, reviewing now.');
    await feed(o).getByText('Thanks Olivia, reviewing now.').waitFor({ timeout: 10_000 });

    // Thread: David replies under Olivia's first message; Olivia's copy shows the reply count live.
    await feed(d).getByRole('article').filter({ hasText: 'Hello David, closing docs are in.' }).getByRole('button', { name: 'Reply in thread' }).click();
    const thread = d.getByRole('dialog', { name: 'Thread' });
    await send(d, 'Page 4 needs an initial.', 'Reply');
    await thread.getByText('Page 4 needs an initial.').waitFor();
    await feed(o).getByRole('article').filter({ hasText: 'Hello David, closing docs are in.' }).getByRole('button', { name: '1 reply' }).waitFor({ timeout: 10_000 });
    expect(await feed(o).getByText('Page 4 needs an initial.').count(), 'replies stay in the thread, not the feed').toBe(0);
    await saveScreenshot(d, 'tc-team-chat-thread-desktop');
    await checkA11y(d, 'thread panel');
    await closeDialog(d, 'Thread');

    // Pin: the creator pins David's message; David (a plain member) has no pin control; both see the pinned list.
    expect(await feed(d).getByRole('button', { name: 'Pin message' }).count(), 'a plain member cannot pin').toBe(0);
    await feed(o).getByRole('article').filter({ hasText: 'Thanks Olivia, reviewing now.' }).getByRole('button', { name: 'Pin message' }).click();
    await o.getByRole('button', { name: 'Pinned (1)' }).waitFor();
    await d.getByRole('button', { name: 'Pinned (1)' }).waitFor({ timeout: 10_000 });
    await d.getByRole('button', { name: 'Pinned (1)' }).click();
    await d.getByRole('dialog', { name: 'Pinned messages' }).getByText('Thanks Olivia, reviewing now.').waitFor();
    await closeDialog(d, 'Pinned messages');

    await saveScreenshot(o, 'tc-team-chat-desktop');
    await checkA11y(o, 'chat screen');
    expect([...olivia.pageErrors, ...david.pageErrors], 'no uncaught errors in either page').toEqual([]);
  });

  test('a coordinator outside the channel cannot read it: UI, REST and Realtime', async () => {
    const sam = await openPage(browser, 'desktop');
    try {
      await signInAs(sam.page, appUrl, stack, SAM, `/tc-team-chat?channel=${channelId}`);
      await sam.page.getByText('Channel not found, or you are not a member of it.').waitFor({ timeout: 20_000 });
      expect(await sam.page.getByText('Hello David, closing docs are in.').count(), 'the UI shows no message of the channel').toBe(0);
      expect(await channelButton(sam.page, CHANNEL).count(), 'the channel is not in his list').toBe(0);
    } finally {
      await sam.close();
    }

    const { client, accessToken } = await clientAs(stack, SAM);
    const rest = await client.from('tc_team_messages').select('content').eq('channel_id', channelId);
    expect(rest.data, 'REST returns none of its messages').toEqual([]);
    await client.realtime.setAuth(accessToken);
    const heard: string[] = [];
    const changes = client.channel('sam-spy').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'tc_team_messages' }, (p) => heard.push((p.new as { content: string }).content));
    await new Promise<void>((resolve, reject) => changes.subscribe((s, e) => (s === 'SUBSCRIBED' ? resolve() : s === 'CHANNEL_ERROR' ? reject(e) : undefined)));
    const presence = client.channel(`tc-chat:${channelId}`, { config: { private: true } });
    const joined = await new Promise<string>((resolve) => presence.subscribe((s, e) => (s === 'SUBSCRIBED' ? resolve(s) : s === 'CHANNEL_ERROR' ? resolve(String(e?.message)) : undefined)));
    expect(joined, 'the channel presence topic refuses him').toMatch(/Unauthorized/);
    await send(olivia.page, 'Only for members.');
    await feed(david.page).getByText('Only for members.').waitFor({ timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 500));
    expect(heard, 'Realtime delivers him nothing of the channel').not.toContain('Only for members.');
    await client.removeAllChannels();
  });

  test('fits a phone screen', async () => {
    const phone = await openPage(browser, 'phone');
    try {
      const { page } = phone;
      await signInAs(page, appUrl, stack, OLIVIA, `/tc-team-chat?channel=${channelId}`);
      await feed(page).getByText('Only for members.').waitFor({ timeout: 20_000 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'nothing overflows the phone screen sideways').toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'tc-team-chat-phone');
      await checkA11y(page, 'chat on a phone');
    } finally {
      await phone.close();
    }
  });

  test('Invite TC with every coordinator already a member says so and disables Invite', async () => {
    const [{ id: fullId }] = await query<{ id: string }>(
      stack,
      "insert into public.tc_channels (name, created_by_id) select $1, id from public.users where email = $2 and role = 'tc' returning id",
      [`${CHANNEL}-full`, OLIVIA],
    );
    await query(stack, "insert into public.tc_channel_members (channel_id, tc_id) select $1, id from public.users where role = 'tc' on conflict do nothing", [fullId]);
    const opened = await openPage(browser, 'desktop');
    try {
      const { page, pageErrors } = opened;
      await signInAs(page, appUrl, stack, OLIVIA, `/tc-team-chat?channel=${fullId}`);
      await page.getByRole('button', { name: 'Invite TC' }).click({ timeout: 20_000 });
      const dialog = page.getByRole('dialog', { name: 'Invite TC' });
      const notice = dialog.getByRole('status').filter({ hasText: 'Every coordinator is already a member' });
      await notice.waitFor({ timeout: 10_000 });
      expect(await notice.isVisible(), 'the dialog says why there is nobody to choose').toBe(true);
      const selector = dialog.getByRole('combobox', { name: 'Transaction Coordinator' });
      expect(await selector.isDisabled(), 'the empty TC selector is disabled rather than opening an empty list').toBe(true);
      expect(await selector.getAttribute('aria-describedby'), 'the selector is described by the notice').toContain(await notice.getAttribute('id'));
      expect(await dialog.getByRole('button', { name: 'Invite', exact: true }).isDisabled(), 'Invite is disabled with nobody to invite').toBe(true);
      await saveScreenshot(page, 'tc-team-chat-invite-nobody-left');
      await checkA11y(page, 'invite dialog with nobody left');
      expect(pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
    } finally {
      await opened.close();
      await query(stack, 'delete from public.tc_channels where id = $1', [fullId]);
    }
  });
});
