/**
 * Team Messages (/agent-messages) in Chromium: two agents of Olivia's team in
 * two contexts (desktop and phone) exchange text and voice messages live
 * (fake microphone), their coordinator reads them from the sidebar, a super
 * admin reads them after choosing the coordinator, an agent of another team
 * sees none of them (UI and REST), an agent without a coordinator gets a
 * notice, and a long history pages in as the reader scrolls up.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { clientAs, query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const MARCUS = 'marcus.johnson@listingdesk.test';
const EMILY = 'emily.rodriguez@listingdesk.test';
const OLIVIA = 'olivia.chen@listingdesk.test';
const JAMES = 'james.wilson@listingdesk.test';
const PRIYA = 'priya.patel@listingdesk.test';
const ADMIN = 'admin@listingdesk.test';
const VOICE = 'voice-recordings';
const RECORD_MS = 2300;
const HISTORY = 40;
const TEXTS = ['Offer on Barton Springs came in at asking, countering tomorrow.', 'Nice! I can cover the showing at 4 if you need.'];

async function expectAxeClean(page: Page, where: string) {
  expect(describeViolations(await seriousA11yViolations(page)), `axe: no serious or critical violation (${where})`).toBe('');
}

const bubbles = (page: Page) => page.getByTestId('message');
const bubble = (page: Page, text: string | RegExp) => bubbles(page).filter({ hasText: text });
const OLDEST = /History 1$/;

async function openTeamMessages(opened: OpenedPage, email: string) {
  await signInAs(opened.page, appUrl, stack, email, '/agent-messages');
  await opened.page.getByRole('heading', { name: 'Team Messages', level: 1 }).waitFor({ timeout: 20_000 });
}

describe('Team Messages', () => {
  let browser: TestBrowser;
  let marcus: OpenedPage;
  let emily: OpenedPage;
  let oliviaId: string;
  const sentIds: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser({ fakeMedia: true });
    [{ id: oliviaId }] = await query<{ id: string }>(stack, "select id from public.users where email = $1 and role = 'tc'", [OLIVIA]);
    // A long history, older than everything seeded: written as the database's owner, so created_at is kept.
    await query(
      stack,
      `insert into public.messages (is_general, team_tc_id, sender_id, content, created_at)
       select true, $1, $1, 'History ' || n, timestamptz '2020-01-01' + n * interval '1 minute' from generate_series(1, $2::int) n`,
      [oliviaId, HISTORY],
    );
    marcus = await openPage(browser, 'desktop');
    emily = await openPage(browser, 'phone');
    await Promise.all([openTeamMessages(marcus, MARCUS), openTeamMessages(emily, EMILY)]);
  });

  afterAll(async () => {
    await marcus?.close();
    await emily?.close();
    await browser?.close();
    const voice = await query<{ voice_url: string }>(stack, 'select voice_url from public.messages where id = any($1) and voice_url is not null', [sentIds]);
    if (voice.length) {
      const { client } = await clientAs(stack, MARCUS);
      await client.storage.from(VOICE).remove(voice.map((v) => v.voice_url));
    }
    await query(stack, "delete from public.messages where id = any($1) or (team_tc_id = $2 and content like 'History %')", [sentIds, oliviaId]);
  });

  test('two teammates exchange text messages live, shown by sender name, newest at the bottom', async () => {
    await bubble(emily.page, 'Does anyone have a good stager in Hyde Park?').waitFor();
    // Live: the other page shows the message without a reload. How fast is
    // for `npm run bench -- realtime-latency` to measure, not for a timed
    // test (a 1 s limit here failed on a loaded machine at 1,076 ms).
    const exchange = async (from: Page, to: Page, text: string) => {
      const input = from.getByLabel('Message', { exact: true });
      await input.fill(text);
      await input.press('Enter');
      await bubble(to, text).waitFor({ timeout: 5000 });
    };
    await exchange(marcus.page, emily.page, TEXTS[0]);
    await marcus.page.getByText('Message sent', { exact: true }).first().waitFor();
    await exchange(emily.page, marcus.page, TEXTS[1]);

    expect(await bubble(emily.page, TEXTS[0]).getByTestId('message-sender').textContent(), 'a teammate is shown by name').toBe('Marcus Johnson');
    expect(await bubble(marcus.page, TEXTS[0]).getAttribute('data-own'), 'own messages are marked own').toBe('true');
    expect(await bubbles(marcus.page).last().textContent(), 'the newest message is at the bottom').toContain(TEXTS[1]);
    const atBottom = await marcus.page.getByTestId('message-box').evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 2);
    expect(atBottom, 'the feed stays scrolled to the newest message').toBe(true);

    await emily.page.getByLabel('Message', { exact: true }).fill('   ');
    expect(await emily.page.getByRole('button', { name: 'Send message' }).isDisabled(), 'blank text cannot be sent').toBe(true);
    await emily.page.getByLabel('Message', { exact: true }).fill('');
    sentIds.push(...(await query<{ id: string }>(stack, 'select id from public.messages where content = any($1)', [TEXTS])).map((r) => r.id));
    expect(sentIds, 'both messages are stored once').toHaveLength(2);
  });

  test('a voice message is recorded, stored in the team folder, appears live with its duration and plays', async () => {
    const { page } = marcus;
    await page.getByRole('button', { name: 'Record voice message' }).click();
    await page.getByRole('button', { name: 'Stop recording' }).waitFor();
    await page.waitForTimeout(RECORD_MS);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByText('Voice message sent', { exact: true }).first().waitFor({ timeout: 10_000 });
    const [row] = await query<{ id: string; content: string; voice_url: string; duration: number; team_tc_id: string }>(
      stack,
      "select id, content, voice_url, duration, team_tc_id from public.messages where team_tc_id = $1 and is_voice and voice_url like '%.webm' order by created_at desc limit 1",
      [oliviaId],
    );
    sentIds.push(row.id);
    expect(row.voice_url, "stored under the team's folder of the voice bucket").toMatch(new RegExp(`^teams/${oliviaId}/messages/.+\\.webm$`));
    expect(row.content, "the text is '🎤 Voice message (m:ss) - /uploads/<path>'").toBe(`🎤 Voice message (0:0${row.duration}) - /uploads/${row.voice_url}`);

    const received = emily.page.locator(`[data-voice-player="${row.voice_url}"]`);
    await received.waitFor({ timeout: 2000 });
    expect(await received.textContent(), 'the teammate sees the duration as m:ss').toContain(`0:0${row.duration}`);
    await received.getByRole('button', { name: 'Play voice recording' }).click();
    await received.getByRole('button', { name: 'Pause voice recording' }).waitFor({ timeout: 10_000 });
    const playing = await received.locator('audio').evaluate(async (audio: HTMLAudioElement) => {
      const start = audio.currentTime;
      await new Promise((r) => setTimeout(r, 400));
      return !audio.paused && audio.currentTime > start;
    });
    expect(playing, 'the teammate plays the recording').toBe(true);
    await received.getByRole('button', { name: 'Pause voice recording' }).click();
    await received.getByRole('button', { name: 'Play voice recording' }).waitFor();

    await expectAxeClean(marcus.page, 'agent, desktop');
    await expectAxeClean(emily.page, 'agent, phone');
    await saveScreenshot(marcus.page, 'agent-messages-desktop');
    await saveScreenshot(emily.page, 'agent-messages-phone');
    expect(marcus.pageErrors.concat(emily.pageErrors).map((e) => e.message), 'no uncaught errors').toEqual([]);
  });

  test('older messages load as the reader scrolls up, keeping the messages on screen in place', async () => {
    const { page } = marcus;
    await page.reload();
    const box = page.getByTestId('message-box');
    await bubble(page, TEXTS[1]).waitFor();
    expect(await bubbles(page).count(), 'the first page holds 30 messages, not the whole history').toBe(30);
    expect(await bubble(page, OLDEST).count(), 'the oldest message is not loaded yet').toBe(0);

    const anchorText = (await bubbles(page).first().textContent()) ?? '';
    await box.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect.poll(() => bubbles(page).count(), { message: 'scrolling to the top loads the previous page' }).toBeGreaterThan(30);
    const offset = await bubbles(page)
      .filter({ hasText: anchorText })
      .first()
      .evaluate((el) => el.getBoundingClientRect().top - el.closest('[data-testid="message-box"]')!.getBoundingClientRect().top);
    // Without keeping the position the older page would push it down by its whole height (thousands of pixels).
    expect(offset, `the message that was on top stays near the top of the box (${offset} px)`).toBeLessThan(200);
    expect(offset, 'and is not scrolled out above it').toBeGreaterThan(-60);
    for (let i = 0; i < 5 && (await bubble(page, OLDEST).count()) === 0; i += 1) {
      await box.evaluate((el) => el.scrollTo({ top: 0 }));
      await page.waitForTimeout(300);
    }
    await bubble(page, OLDEST).waitFor();
    const texts = await bubbles(page).evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
    const history = texts.filter((t) => /History \d+$/.test(t)).map((t) => Number(/History (\d+)$/.exec(t)![1]));
    expect(history, 'every history message shows exactly once, oldest first').toEqual(Array.from({ length: HISTORY }, (_, i) => i + 1));
  });

  test('the coordinator reads the team feed from the sidebar; a super admin after choosing the coordinator', async () => {
    const olivia = await openPage(browser, 'desktop');
    try {
      await signInAs(olivia.page, appUrl, stack, OLIVIA, '/tc-dashboard');
      await olivia.page.getByRole('link', { name: 'Team Messages' }).first().click();
      await olivia.page.getByRole('heading', { name: 'Team Messages', level: 1 }).waitFor();
      for (const text of TEXTS) await bubble(olivia.page, text).waitFor();
      await expectAxeClean(olivia.page, 'coordinator');
      await saveScreenshot(olivia.page, 'agent-messages-tc-desktop');
    } finally {
      await olivia.close();
    }
    const admin = await openPage(browser, 'phone');
    try {
      await openTeamMessages(admin, ADMIN);
      await admin.page.getByText('Choose a team', { exact: true }).waitFor();
      await admin.page.getByRole('combobox', { name: 'Coordinator' }).click();
      await admin.page.getByRole('option', { name: 'Olivia Chen' }).click();
      await bubble(admin.page, TEXTS[1]).waitFor();
      await expectAxeClean(admin.page, 'super admin, phone');
      await saveScreenshot(admin.page, 'agent-messages-admin-phone');
    } finally {
      await admin.close();
    }
  });

  test('an agent of another team sees none of it (UI and REST); an agent without a coordinator gets a notice', async () => {
    const james = await openPage(browser, 'desktop');
    try {
      await openTeamMessages(james, JAMES);
      await bubble(james.page, 'Closed on Jollyville comp').waitFor();
      for (const text of [...TEXTS, 'Does anyone have a good stager']) {
        expect(await bubble(james.page, text).count(), `David's agent does not see "${text}"`).toBe(0);
      }
      await saveScreenshot(james.page, 'agent-messages-other-team-desktop');
    } finally {
      await james.close();
    }
    const { client } = await clientAs(stack, JAMES);
    const rest = await client.from('messages').select('id').in('id', sentIds);
    expect(rest.data, 'REST returns none of the team messages to another team').toEqual([]);
    const byTeam = await client.from('messages').select('id').eq('team_tc_id', oliviaId);
    expect(byTeam.data, "REST returns nothing for Olivia's team").toEqual([]);
    const [voice] = await query<{ voice_url: string }>(stack, 'select voice_url from public.messages where id = any($1) and is_voice', [sentIds]);
    expect((await client.storage.from(VOICE).download(voice.voice_url)).data, 'the recording cannot be downloaded by another team').toBeNull();
    const post = await client.from('messages').insert({ is_general: true, team_tc_id: oliviaId, content: 'Sneaking in' });
    expect(post.status, "posting into Olivia's team is refused").toBe(403);

    const priya = await openPage(browser, 'phone');
    try {
      await openTeamMessages(priya, PRIYA);
      await priya.page.getByText('You are not on a team yet').waitFor();
      expect(await priya.page.getByTestId('message-box').count(), 'no feed and no composer without a team').toBe(0);
      await expectAxeClean(priya.page, 'agent without a team, phone');
      await saveScreenshot(priya.page, 'agent-messages-no-team-phone');
    } finally {
      await priya.close();
    }
  });
});

