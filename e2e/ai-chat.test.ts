/**
 * The AI Chat of /ai-assistant in the browser, against a stack whose functions
 * use the fake provider: a coordinator asks, sees 'AI is thinking...', the
 * answer grows as it streams, renders as Markdown, survives a reload and is
 * cleared; a provider failure shows the spec's toast; an agent sees the
 * coming-soon notice; on a stack without a provider the tab says AI is not
 * configured. Screenshots at desktop and phone size, axe clean.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startAiApp, type AiApp } from './support/ai-app.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { signInAs } from './support/auth.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const OLIVIA = 'olivia.chen@listingdesk.test';
const MARCUS = 'marcus.johnson@listingdesk.test';

const ANSWER_CHUNKS = ['Here is ', 'what I ', 'found:\n\n', '- **Oak Street** ', 'has no documents\n', '- Pine Avenue ', 'has no photos\n\n', 'Please *follow up* soon.'];

async function checkA11y(page: Page, what: string) {
  const violations = await seriousA11yViolations(page);
  expect(violations, `${what}: no serious or critical axe violation\n${describeViolations(violations)}`).toEqual([]);
}

const conversation = (page: Page) => page.getByRole('list', { name: 'Conversation' });

async function ask(page: Page, question: string) {
  const box = page.getByRole('textbox', { name: 'Message the AI assistant' });
  await box.fill(question);
  await box.press('Enter');
}

describe('AI Chat with a provider', () => {
  let app: AiApp;
  let browser: TestBrowser;
  let desktop: OpenedPage;

  beforeAll(async () => {
    app = await startAiApp();
    await query(app.info, 'delete from public.ai_conversations');
    browser = await launchBrowser();
    desktop = await openPage(browser, 'desktop');
  }, 120_000);

  afterAll(async () => {
    await desktop?.close();
    await browser?.close();
    await app?.stop();
  });

  test('a coordinator asks, the answer streams in as Markdown, survives a reload and is cleared', async () => {
    const page = desktop.page;
    app.fake.reset();
    app.fake.respond((_, index) =>
      index === 0
        ? { toolCalls: [{ name: 'listings_missing_items', arguments: {} }] }
        : { text: ANSWER_CHUNKS.join(''), chunks: ANSWER_CHUNKS, chunkDelayMs: 300 },
    );
    await signInAs(page, app.appUrl, app.info, OLIVIA, '/ai-assistant');
    await page.getByRole('heading', { name: 'AI Assistant', level: 1 }).waitFor({ timeout: 20_000 });
    await page.getByRole('tab', { name: 'AI Chat', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Listing Descriptions' }).waitFor();
    await conversation(page).getByText("Hello! I'm your AI assistant.", { exact: false }).waitFor();

    await ask(page, 'Which of my listings are missing documents?');
    await page.getByText('AI is thinking...').waitFor({ timeout: 5_000 });
    await expect.poll(() => page.getByRole('textbox', { name: 'Message the AI assistant' }).isDisabled(), { message: 'the box is disabled while streaming' }).toBe(true);

    // Sample the growing answer until it is complete.
    const streaming = page.getByTestId('chat-entry-streaming');
    await streaming.waitFor({ timeout: 10_000 });
    const lengths = new Set<number>();
    while (await streaming.count()) {
      lengths.add(((await streaming.textContent().catch(() => '')) ?? '').length);
      await page.waitForTimeout(100);
    }
    expect(lengths.size, 'the answer grew in several steps while it streamed').toBeGreaterThanOrEqual(3);

    const answer = conversation(page).getByTestId('chat-entry-assistant').last();
    await expect.poll(() => answer.locator('strong').first().textContent(), { message: 'bold is rendered' }).toBe('Oak Street');
    expect(await answer.locator('li').count(), 'the bullet list is rendered').toBe(2);
    expect(await answer.locator('em').textContent(), 'italic is rendered').toBe('follow up');
    expect(await page.getByText('AI is thinking...').count(), 'the indicator is gone').toBe(0);
    await saveScreenshot(page, 'ai-chat-desktop');
    await checkA11y(page, 'the AI chat with an answer');

    await page.reload();
    await conversation(page).getByText('Which of my listings are missing documents?').waitFor({ timeout: 20_000 });
    expect(await conversation(page).getByTestId('chat-entry-assistant').last().locator('strong').textContent(), 'the answer survives a reload').toBe('Oak Street');

    await page.getByRole('button', { name: 'Clear Chat' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Clear Chat' }).click();
    await page.getByText('Chat Cleared').first().waitFor();
    await expect.poll(() => conversation(page).getByTestId('chat-entry-user').count(), { message: 'the history is empty' }).toBe(0);
    const stored = await query<{ count: string }>(app.info, `select count(*) from public.ai_conversations c join public.users u on u.id = c.user_id where u.email = $1`, [OLIVIA]);
    expect(Number(stored[0].count), 'Clear Chat deleted the stored entries').toBe(0);
  });

  test('a provider failure shows the toast, removes the partial answer and gives the question back', async () => {
    const page = desktop.page;
    app.fake.reset();
    app.fake.respond(() => ({ error: 500 }));
    await ask(page, 'This will fail');
    await page.getByText('Failed to get AI response. Please try again.').first().waitFor({ timeout: 10_000 });
    await expect.poll(() => conversation(page).getByTestId('chat-entry-user').count(), { message: 'the failed question is not in the history' }).toBe(0);
    expect(await page.getByTestId('chat-entry-streaming').count(), 'no partial answer stays').toBe(0);
    expect(await page.getByRole('textbox', { name: 'Message the AI assistant' }).inputValue(), 'the question is back in the box').toBe('This will fail');
  });

  test('on a phone the chat fits the screen', async () => {
    const phone = await openPage(browser, 'phone');
    try {
      app.fake.reset();
      app.fake.respond(() => ({ text: 'You have **2** open tasks:\n\n1. Upload the disclosure\n2. Confirm the showing time' }));
      await signInAs(phone.page, app.appUrl, app.info, OLIVIA, '/ai-assistant');
      await conversation(phone.page).waitFor({ timeout: 20_000 });
      await ask(phone.page, 'What tasks are open?');
      await conversation(phone.page).locator('ol li').last().waitFor({ timeout: 10_000 });
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'nothing overflows the phone screen sideways').toBeLessThanOrEqual(0);
      await saveScreenshot(phone.page, 'ai-chat-phone');
      await checkA11y(phone.page, 'the AI chat on a phone');
    } finally {
      await phone.close();
    }
  });

  test('an agent sees the coming-soon notice', async () => {
    const agent = await openPage(browser, 'desktop');
    try {
      await signInAs(agent.page, app.appUrl, app.info, MARCUS, '/ai-assistant');
      await agent.page.getByTestId('ai-coming-soon').waitFor({ timeout: 20_000 });
      expect(await agent.page.getByRole('tab', { name: 'AI Chat' }).count(), 'agents get no chat').toBe(0);
    } finally {
      await agent.close();
    }
  });
});

describe('AI Chat without a provider', () => {
  const { stack, appUrl } = workerApp();

  test('the AI Chat tab says AI is not configured', async () => {
    const browser = await launchBrowser();
    const page = await openPage(browser, 'desktop');
    try {
      await signInAs(page.page, appUrl, stack, OLIVIA, '/ai-assistant');
      await page.page.getByTestId('ai-not-configured').waitFor({ timeout: 20_000 });
      expect(await page.page.getByRole('heading', { name: 'AI is not configured' }).count(), 'the tab says so plainly').toBe(1);
      expect(await page.page.getByRole('textbox', { name: 'Message the AI assistant' }).count(), 'and offers no chat box').toBe(0);
      const hint = await page.page.getByTestId('ai-setup-hint').innerText();
      for (const line of ['OPENAI_BASE_URL=http://127.0.0.1:11434/v1', 'OPENAI_API_KEY=ollama', 'OPENAI_MODEL=qwen2.5', 'OPENAI_API_KEY=sk-…']) {
        expect(hint, `the notice names the two fastest ways to turn AI on: ${line}`).toContain(line);
      }
      expect(hint, 'and where to put them locally').toContain('supabase/functions/.env');
      const earlier = page.page.getByRole('list', { name: 'Conversation' });
      expect(await earlier.innerText(), "Olivia's earlier conversation stays readable while AI is off").toContain('Which of my listings are missing documents?');
      await saveScreenshot(page.page, 'ai-chat-not-configured');
      await checkA11y(page.page, 'the not-configured state');
    } finally {
      await page.close();
      await browser.close();
    }
  });
});
