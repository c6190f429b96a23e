// Debian's Chromium driven by playwright-core, the way every browser test launches it.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/** How long a browser test waits for something to appear, load or go before it fails (Playwright's own default). */
export const browserDeadlineMs = 30_000;

/**
 * A fresh context (own storage) the way every browser test opens one: British locale and time zone, the deadline
 * above, and reduced motion. A page's smooth scrolling and entrance animations move what a test clicks while the test
 * is clicking it, and on a busy machine the browser can judge a target still for two frames while it is still
 * scrolling; pages honour prefers-reduced-motion, so tests see them still. A test of the motion itself passes
 * `{ reducedMotion: 'no-preference' }`.
 */
export async function newContext(
  browser: Browser,
  viewport: { width: number; height: number } = viewports.desktop,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    reducedMotion: 'reduce',
    ...options,
  });
  // Waits are for conditions; their deadline only says when to give up, so it allows for a machine busy with other work.
  context.setDefaultTimeout(browserDeadlineMs);
  return context;
}

export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = viewports.desktop,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport, options);
  const page = await context.newPage();
  return { context, page };
}
