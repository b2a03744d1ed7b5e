/**
 * Listing Descriptions on /ai-assistant in Chromium: a coordinator generates
 * five descriptions against the fake provider (each 'N/800 chars' within
 * 800 even when the model overshoots), copies one, is stopped by the
 * address check, and on a stack without a provider is told AI is not
 * configured. Screenshots at desktop and phone sizes; axe clean.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startAiApp, type AiApp } from './support/ai-app.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { signInAs } from './support/auth.ts';
import { launchBrowser, openPage, saveScreenshot, type TestBrowser, type ViewportName } from './support/browser.ts';
import { workerApp } from './support/worker-app.ts';

const OLIVIA = 'olivia.chen@listingdesk.test';
const ADDRESS = '1418 Barton Hills Dr, Austin, TX 78704';
const STYLES = ['Professional', 'Luxury', 'Family-Friendly', 'Investment', 'Concise'];

/** A description of about `length` characters made of short sentences. */
function text(style: string, length: number): string {
  let out = '';
  for (let i = 1; out.length < length; i++) out += `This ${style.toLowerCase()} home offers feature ${i}. `;
  return out.slice(0, length).trimEnd();
}

async function checkA11y(page: Page, what: string) {
  const violations = await seriousA11yViolations(page);
  expect(violations, `${what}: no serious or critical axe violation\n${describeViolations(violations)}`).toEqual([]);
}

async function openDescriptionsTab(page: Page) {
  await page.getByRole('tab', { name: 'Listing Descriptions' }).click({ timeout: 20_000 });
}

describe('Listing Descriptions with a provider', () => {
  let app: AiApp;
  let browser: TestBrowser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAiApp(), launchBrowser()]);
    // The Luxury text overshoots every time: regenerated once, then trimmed by the function.
    app.fake.respond((request) => {
      const schema = request.body.response_format?.json_schema?.schema as { properties: { styles: { items: { properties: { name: { enum: string[] } } } } } };
      const names = schema.properties.styles.items.properties.name.enum;
      return { json: { styles: names.map((name) => ({ name, description: text(name, name === 'Luxury' ? 1200 : 420 + name.length * 10) })) } };
    });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
    test(`a coordinator generates five descriptions and copies one (${viewport})`, async () => {
      const opened = await openPage(browser, viewport, { permissions: ['clipboard-read', 'clipboard-write'] });
      const { page } = opened;
      try {
        await signInAs(page, app.appUrl, app.info, OLIVIA, '/ai-assistant');
        await openDescriptionsTab(page);
        const generate = page.getByRole('button', { name: 'Generate 5 Descriptions' });
        const requestsBefore = app.fake.requests.length;

        await generate.click();
        await page.getByText('Please enter a property address to generate descriptions.', { exact: true }).waitFor();
        await expect(page.getByText('Address required', { exact: true }).isVisible(), "the toast is titled 'Address required'").resolves.toBe(true);
        expect(app.fake.requests.length, 'a blank address never reaches the server').toBe(requestsBefore);

        await page.getByLabel('Property Address').fill(ADDRESS);
        await page.getByLabel('Key Highlights').fill('Renovated kitchen\nLarge backyard');
        await generate.click();
        const cards = page.getByTestId('listing-description');
        await cards.nth(4).waitFor({ timeout: 20_000 });
        expect(await cards.count(), 'five styles').toBe(5);
        await page.getByText('Listing descriptions generated', { exact: true }).waitFor();
        await page.getByText(`Used the facts of your listing at ${ADDRESS}.`, { exact: true }).waitFor();

        for (let i = 0; i < 5; i++) {
          const card = cards.nth(i);
          await expect(card.getByText(STYLES[i], { exact: true }).isVisible(), `card ${i + 1} is ${STYLES[i]}`).resolves.toBe(true);
          const counter = (await card.getByTestId('description-length').textContent()) ?? '';
          const match = /^(\d+)\/800 chars$/.exec(counter.trim());
          expect(match, `${STYLES[i]} shows 'N/800 chars' (got ${counter})`).not.toBeNull();
          expect(Number(match![1]), `${STYLES[i]} is within 800 characters`).toBeLessThanOrEqual(800);
        }

        await checkA11y(page, `descriptions (${viewport})`);
        await saveScreenshot(page, `ai-descriptions-${viewport}`);

        const luxury = cards.nth(1);
        await luxury.getByRole('button', { name: 'Copy Luxury description' }).click();
        await luxury.getByRole('button', { name: 'Luxury copied' }).waitFor();
        await expect(luxury.getByText('Copied!', { exact: true }).isVisible(), "the button says 'Copied!'").resolves.toBe(true);
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        const shown = (await luxury.locator('p').first().textContent()) ?? '';
        expect(copied, 'the clipboard holds the Luxury description').toBe(shown);
        expect(copied.length, 'the trimmed text, within 800').toBeLessThanOrEqual(800);
        expect(opened.pageErrors, 'no uncaught page errors').toEqual([]);
      } finally {
        await opened.close();
      }
    }, 90_000);
  }
});

describe('Listing Descriptions without a provider', () => {
  let browser: TestBrowser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('the tab says AI is not configured instead of offering the form', async () => {
    const { appUrl, stack } = workerApp();
    const opened = await openPage(browser, 'desktop');
    try {
      await signInAs(opened.page, appUrl, stack, OLIVIA, '/ai-assistant');
      await openDescriptionsTab(opened.page);
      await opened.page.getByText('AI is not configured', { exact: true }).waitFor({ timeout: 20_000 });
      expect(await opened.page.getByRole('button', { name: 'Generate 5 Descriptions' }).count(), 'no form without a provider').toBe(0);
      await checkA11y(opened.page, 'not configured');
      await saveScreenshot(opened.page, 'ai-descriptions-not-configured');
    } finally {
      await opened.close();
    }
  }, 60_000);
});
