/**
 * Finds text the page cuts off: an ellipsis (`truncate`), a box that hides
 * what does not fit, or text running past the screen's edge. Used to check
 * that e-mail addresses and names on cards are shown whole.
 */
import type { Page } from 'playwright-core';

export interface ShownText {
  /** The needle found, e.g. an e-mail address. */
  text: string;
  /** Why it is not wholly visible; null when it is. */
  clipped: string | null;
}

/** Every visible occurrence of each needle on the page, with whether it is cut off and how. */
export async function shownTexts(page: Page, needles: string[]): Promise<ShownText[]> {
  return page.evaluate((needles) => {
    const found: { text: string; clipped: string | null }[] = [];
    // The innermost element holding a needle whole: an address may be split over text nodes (a <wbr> before the @).
    for (const element of document.body.querySelectorAll('*')) {
      const held = needles.filter((n) => element.textContent?.includes(n) && ![...element.children].some((child) => child.textContent?.includes(n)));
      // Text meant for screen readers only is clipped on purpose.
      if (held.length === 0 || element.closest('.sr-only, script, style') || !element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(element);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (rects.length === 0) continue;

      // The nearest box that lays the text out (an inline span has no width of its own).
      let box: Element = element;
      while (getComputedStyle(box).display === 'inline' && box.parentElement) box = box.parentElement;
      const style = getComputedStyle(box);
      let clipped: string | null = null;
      // Whole pixels: a single one over is already an ellipsis.
      if (box.scrollWidth > box.clientWidth && style.overflowX !== 'visible') {
        clipped = `${style.textOverflow === 'ellipsis' ? 'ellipsis' : 'hidden overflow'}: scrollWidth ${box.scrollWidth} > clientWidth ${box.clientWidth}`;
      }
      for (let ancestor: Element | null = element; !clipped && ancestor && ancestor !== document.documentElement; ancestor = ancestor.parentElement) {
        if (getComputedStyle(ancestor).overflowX === 'visible') continue;
        const bounds = ancestor.getBoundingClientRect();
        if (rects.some((r) => r.right > bounds.right + 0.5 || r.left < bounds.left - 0.5)) clipped = `cut off by <${ancestor.tagName.toLowerCase()} class="${ancestor.className}">`;
      }
      if (!clipped && rects.some((r) => r.right > window.innerWidth + 0.5)) clipped = `runs past the screen's right edge (${Math.round(Math.max(...rects.map((r) => r.right)))} > ${window.innerWidth})`;
      for (const text of held) found.push({ text, clipped });
    }
    return found;
  }, needles);
}
