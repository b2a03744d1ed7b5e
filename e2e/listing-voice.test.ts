/**
 * Voice notes and voice messages recorded in Chromium with a fake microphone
 * (a test tone), uploaded to the voice bucket, listed with their duration and
 * played back; an agent of another team cannot fetch the recordings.
 */
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInAs } from './support/auth.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { clientAs, listingIdByAddress, query, storedObjects } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const AGENT = 'james.wilson@listingdesk.test';
const OTHER_TEAM_AGENT = 'marcus.johnson@listingdesk.test';
const ADDRESS = '11900 Jollyville Rd';
const VOICE = 'voice-recordings';
const RECORD_MS = 2300;

/** Plays the recording behind a player and resolves once the audio element is really playing. */
async function playsBack(player: Locator): Promise<{ playing: boolean; duration: number }> {
  await player.getByRole('button', { name: 'Play voice recording' }).click();
  await player.getByRole('button', { name: 'Pause voice recording' }).waitFor({ timeout: 10_000 });
  return player.locator('audio').evaluate(async (audio: HTMLAudioElement) => {
    const start = audio.currentTime;
    await new Promise((r) => setTimeout(r, 400));
    return { playing: !audio.paused && audio.currentTime > start, duration: audio.duration };
  });
}

describe('voice notes and voice messages', () => {
  let browser: TestBrowser;
  let agent: OpenedPage;
  let listingId: string;

  beforeAll(async () => {
    browser = await launchBrowser({ fakeMedia: true });
    listingId = await listingIdByAddress(stack, ADDRESS);
    agent = await openPage(browser, 'desktop');
    await signInAs(agent.page, appUrl, stack, AGENT, `/listing/${listingId}?tab=notes`);
    await agent.page.getByRole('button', { name: 'Voice Note' }).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await agent?.close();
    await browser?.close();
  });

  test('a voice note is recorded, uploaded, listed with its duration and plays', async () => {
    const { page } = agent;
    await page.getByRole('button', { name: 'Voice Note' }).click();
    await page.getByRole('button', { name: /Stop Recording \(0:0\d\)/ }).waitFor();
    await page.waitForTimeout(RECORD_MS);
    await page.getByRole('button', { name: /Stop Recording/ }).click();

    const note = page.getByTestId('note').filter({ has: page.getByText('Voice', { exact: true }) });
    await note.waitFor({ timeout: 10_000 });
    const [row] = await query<{ voice_url: string; duration: number; is_voice: boolean; content: string }>(
      stack,
      'select voice_url, duration, is_voice, content from public.notes where listing_id = $1 and is_voice order by created_at desc limit 1',
      [listingId],
    );
    expect(row.duration, 'the duration is the recorded seconds').toBeGreaterThanOrEqual(2);
    expect(row.voice_url, 'stored under the listing in the voice bucket').toMatch(new RegExp(`^listings/${listingId}/notes/.+\\.webm$`));
    expect(await storedObjects(stack, VOICE, listingId), 'the recording is stored').toContain(row.voice_url);
    expect(await note.textContent(), 'the note shows its duration').toContain(`0:0${row.duration}`);

    const playback = await playsBack(note.locator('[data-voice-player]'));
    expect(playback.playing, 'the recording plays in the browser').toBe(true);
    await saveScreenshot(page, 'listing-agent-voice-note');
  });

  test('a voice message is recorded, sent in the spec format and plays', async () => {
    const { page } = agent;
    await page.getByRole('tab', { name: 'Messages' }).click();
    await page.getByRole('button', { name: 'Record voice message' }).click();
    await page.getByRole('button', { name: 'Stop recording' }).waitFor();
    await page.waitForTimeout(RECORD_MS);
    await page.getByRole('button', { name: 'Stop recording' }).click();

    const bubble = page.getByTestId('message').filter({ hasText: 'Voice message' });
    await bubble.waitFor({ timeout: 10_000 });
    const [row] = await query<{ content: string; voice_url: string; duration: number }>(
      stack,
      'select content, voice_url, duration from public.messages where listing_id = $1 and is_voice order by created_at desc limit 1',
      [listingId],
    );
    expect(row.content, "the text is '🎤 Voice message (m:ss) - /uploads/<path>'").toBe(`🎤 Voice message (0:0${row.duration}) - /uploads/${row.voice_url}`);
    expect(row.voice_url, 'stored under the listing').toMatch(new RegExp(`^listings/${listingId}/messages/.+\\.webm$`));
    expect(await bubble.textContent(), 'the bubble shows the duration').toContain(`0:0${row.duration}`);
    const playback = await playsBack(bubble.locator('[data-voice-player]'));
    expect(playback.playing, 'the voice message plays').toBe(true);
    await saveScreenshot(page, 'listing-agent-voice-message');
    expect(agent.pageErrors.map((e) => e.message), 'no uncaught errors').toEqual([]);
  });

  test('an agent of another team cannot fetch the recordings by path or URL', async () => {
    const { client, accessToken } = await clientAs(stack, OTHER_TEAM_AGENT);
    const files = await storedObjects(stack, VOICE, listingId);
    expect(files.length, 'a voice note and a voice message are stored').toBeGreaterThanOrEqual(2);
    for (const path of files) {
      expect((await client.storage.from(VOICE).download(path)).data, `download of ${path} is refused`).toBeNull();
      expect((await client.storage.from(VOICE).createSignedUrl(path, 60)).data, `signing ${path} is refused`).toBeNull();
      for (const url of [`${stack.apiUrl}/storage/v1/object/authenticated/${VOICE}/${path}`, `${stack.apiUrl}/storage/v1/object/public/${VOICE}/${path}`]) {
        const res = await fetch(url, { headers: { apikey: stack.anonKey, authorization: `Bearer ${accessToken}` } });
        await res.body?.cancel();
        expect(res.status, `GET ${url.replace(stack.apiUrl, '')} is refused`).toBeGreaterThanOrEqual(400);
      }
    }
    const notes = await client.from('notes').select('id').eq('listing_id', listingId);
    expect(notes.data, 'the notes are invisible too').toEqual([]);
  });
});
