/**
 * The Unauthorized toast lives only until the sign-in page loads (500 ms). A
 * test polling for it on a loaded machine can miss it entirely (Playwright
 * polls every 500 ms after its first few tries), so the page records its first
 * toast itself, in sessionStorage, which survives the redirect.
 */
import type { Page } from 'playwright-core';

export type FirstToast = {
  /** The toast's text, whitespace collapsed (title and description). */
  text: string;
  /** The path the page was on when the toast appeared. */
  path: string;
  /** When the toast appeared (ms since the epoch). */
  at: number;
};

/**
 * Call before the navigation or reload that should show the toast: every page
 * load of `page` from then on watches for a toast. A record left by an earlier
 * page of the tab is forgotten.
 */
export async function recordFirstToast(page: Page): Promise<void> {
  // about:blank has no sessionStorage; a fresh tab has nothing to forget anyway.
  await page.evaluate(() => sessionStorage.removeItem('first-toast')).catch(() => undefined);
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (sessionStorage.getItem('first-toast')) return;
      const toast = document.querySelector<HTMLElement>('[data-slot="toast"]');
      if (!toast) return;
      const text = toast.innerText.replace(/\s+/g, ' ').trim();
      sessionStorage.setItem('first-toast', JSON.stringify({ text, path: location.pathname, at: Date.now() }));
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The first toast recorded in this tab (null if none), and when the current page started loading. */
export async function readFirstToast(page: Page): Promise<{ first: FirstToast | null; pageLoadedAt: number }> {
  const seen = await page.evaluate(() => ({ first: sessionStorage.getItem('first-toast'), pageLoadedAt: performance.timeOrigin }));
  return { first: JSON.parse(seen.first ?? 'null') as FirstToast | null, pageLoadedAt: seen.pageLoadedAt };
}
