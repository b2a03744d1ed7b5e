/**
 * AI Workflow Insights in the browser: a coordinator with a fixed workflow
 * (tests/support/workflow-insights-fixture.ts) sees the hand-computed stat
 * cards, generates insights ('Insights Generated (n)') with the spec's
 * confidence colours, filters by agent and reads the recent patterns —
 * statistics only on the shared stack (no provider: the screen says so),
 * phrased by the fake model on an AI stack. Agents get Access Denied.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedWorkflowFixture, type WorkflowFixture } from '../tests/support/workflow-insights-fixture.ts';
import { startAiApp, type AiApp } from './support/ai-app.ts';
import { signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type TestBrowser } from './support/browser.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();
const PATH = '/ai-workflow-insights';

async function statText(page: Page, key: string): Promise<string> {
  const value = page.getByTestId(`stat-${key}`).locator('[data-count]');
  await value.waitFor();
  return (await value.innerText()).trim();
}

async function latestToast(page: Page, text: string): Promise<string> {
  const toast = page.locator('[data-slot="toast"]', { hasText: text }).first();
  await toast.waitFor();
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

async function generate(page: Page, count: number) {
  await page.getByRole('button', { name: 'Generate Insights' }).click();
  expect(await latestToast(page, `Insights Generated (${count})`), 'the success toast counts the insights').toContain(`Insights Generated (${count})`);
  await page.getByTestId('workflow-insight').nth(count - 1).waitFor();
}

describe('AI Workflow Insights (no provider: statistics only)', () => {
  let browser: TestBrowser;
  let fx: WorkflowFixture;
  beforeAll(async () => {
    [browser, fx] = await Promise.all([launchBrowser(), seedWorkflowFixture(stack)]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  test('a coordinator sees the cards, generates insights with confidence colours, filters by agent, reads recent patterns (desktop)', async () => {
    const { page, pageErrors, close } = await openPage(browser, 'desktop');
    try {
      await signInAs(page, appUrl, stack, fx.coordinator.email, PATH);
      await page.getByRole('heading', { name: 'AI Workflow Insights', level: 1 }).waitFor();
      await page.getByTestId('ai-not-configured').waitFor();
      expect(await page.getByTestId('ai-not-configured').innerText(), 'without a provider the screen says insights come from statistics').toContain(
        'AI is not configured',
      );
      expect(await statText(page, 'patterns'), 'Total Patterns').toBe('20');
      expect(await statText(page, 'response'), 'Avg Response Time (hours)').toBe('15.7');
      expect(await statText(page, 'completion'), 'Completion Rate').toBe('36.8%');
      expect(await statText(page, 'insights'), 'Active Insights before generating').toBe('0');

      await generate(page, 4);
      await expect.poll(() => statText(page, 'insights'), { message: 'the Active Insights card follows' }).toBe('4');
      const insights = page.getByTestId('workflow-insight');
      expect(await insights.first().innerText(), 'the most confident insight first, with its statistics').toContain('Alex is answering tasks more slowly');
      const levels = await insights.locator('[data-confidence]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-confidence')));
      expect(levels, '83% is high, 76/75/65% medium').toEqual(['high', 'medium', 'medium', 'medium']);
      const [green, yellow] = await Promise.all(
        ['high', 'medium'].map((level) => page.locator(`[data-confidence="${level}"]`).first().evaluate((n) => getComputedStyle(n).backgroundColor)),
      );
      expect(green, 'high confidence is green').toMatch(/^(rgb\(21, 128, 61\)|oklch\(0\.527 0\.154 150)/);
      expect(yellow, 'medium confidence is yellow').toMatch(/^(rgb\(253, 224, 71\)|oklch\(0\.905 0\.182 98)/);
      expect(await insights.first().innerText(), 'confidence is shown as a percent').toContain('83% confidence');

      const patterns = page.getByTestId('workflow-pattern');
      expect(await patterns.count(), 'recent patterns: the latest 10').toBe(10);
      expect(await patterns.first().innerText(), 'the newest pattern: a response with its hours').toMatch(/Task responded[\s\S]*Inspection report[\s\S]*6 h to respond/);
      expect(describeViolations(await seriousA11yViolations(page)), 'axe: no serious or critical violation').toBe('');
      await saveScreenshot(page, 'ai-insights-desktop');

      await page.getByLabel('Agent').click();
      await page.getByRole('option', { name: 'Alex Agent' }).click();
      await expect.poll(() => statText(page, 'patterns'), { message: "Alex's scope: 13 patterns" }).toBe('13');
      expect(await statText(page, 'completion'), "Alex's completion rate").toBe('15.4%');
      await generate(page, 2);
      expect(pageErrors, 'no uncaught page errors').toEqual([]);
    } finally {
      await close();
    }
  });

  test('phone: the screen fits, and an agent gets Access Denied', async () => {
    const { page, close } = await openPage(browser, 'phone');
    try {
      await signInAs(page, appUrl, stack, fx.coordinator.email, PATH);
      await page.getByTestId('workflow-insight').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'nothing overflows the phone width').toBeLessThanOrEqual(0);
      expect(describeViolations(await seriousA11yViolations(page)), 'axe on the phone').toBe('');
      await saveScreenshot(page, 'ai-insights-phone');
    } finally {
      await close();
    }
    const agent = await openPage(browser, 'desktop');
    try {
      await signInAs(agent.page, appUrl, stack, fx.alex.email, PATH);
      await agent.page.getByRole('heading', { name: 'Access Denied' }).waitFor();
      expect(await agent.page.getByRole('button', { name: 'Generate Insights' }).count(), 'no controls for agents').toBe(0);
    } finally {
      await agent.close();
    }
  });
});

describe('AI Workflow Insights (phrased by the fake model)', () => {
  let ai: AiApp;
  let browser: TestBrowser;
  let fx: WorkflowFixture;
  beforeAll(async () => {
    ai = await startAiApp();
    [browser, fx] = await Promise.all([launchBrowser(), seedWorkflowFixture(ai.info)]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await ai?.stop();
  });

  test('the insights read as the model phrased them, with the statistics’ numbers and confidence', async () => {
    ai.fake.respond((request) => {
      const count = (JSON.parse(String(request.body.messages[1].content)) as unknown[]).length;
      // Letters, not digits: a phrasing may only use the statistics' numbers.
      return { json: { insights: Array.from({ length: count }, (_, i) => ({ description: `Phrased insight ${'ABCDEFGH'[i]}, in plain words.`, recommendation: 'Talk it over.' })) } };
    });
    const { page, close } = await openPage(browser, 'desktop');
    try {
      await signInAs(page, ai.appUrl, ai.info, fx.coordinator.email, PATH);
      await page.getByRole('heading', { name: 'AI Workflow Insights', level: 1 }).waitFor();
      await generate(page, 4);
      expect(await page.getByTestId('ai-not-configured').count(), 'with a provider there is no not-configured note').toBe(0);
      expect(await page.getByTestId('workflow-insight').first().innerText(), 'the phrased text is shown with the computed confidence').toMatch(
        /Phrased insight A, in plain words\.[\s\S]*Talk it over\./,
      );
      expect(await page.getByTestId('workflow-insight').first().innerText()).toContain('83% confidence');
      await saveScreenshot(page, 'ai-insights-phrased-desktop');
    } finally {
      await close();
    }
  });
});
