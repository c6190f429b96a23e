// The test-mode strip takes its own room: what the browser tests ask of it on any screen.
import type { Page } from 'playwright-core';

/** The visible elements with content of their own (text, images, controls, tables) whose boxes overlap the strip's. */
export const underStrip = (page: Page) =>
  page.evaluate(() => {
    // (No named functions in here: the test runner's compiler would wrap them in a helper the page does not have.)
    const strip = document.querySelector('[data-testid="site-test-mode"]');
    if (!strip) return ['no test-mode strip'];
    const box = strip.getBoundingClientRect();
    const hits: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (el === strip || strip.contains(el) || el.contains(strip)) continue;
      const style = getComputedStyle(el);
      if (style.visibility !== 'visible' || Number(style.opacity) === 0) continue;
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      const control = /^(IMG|SVG|BUTTON|INPUT|SELECT|TEXTAREA|A|VIDEO|CANVAS|TABLE)$/i.test(el.tagName);
      if (!ownText && !control) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const overlap =
        Math.min(r.right, box.right) - Math.max(r.left, box.left) > 0.5 &&
        Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top) > 0.5;
      if (overlap) hits.push(`${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.trim().slice(0, 40)}"`);
    }
    return hits;
  });
