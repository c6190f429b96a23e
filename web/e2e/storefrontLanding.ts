// What the storefront's browser tests share: the landing page opened past its splash, and a few ways of finding
// things on it. Each file's shop and browser come from shopAndBrowserFor.
import type { Browser, Locator, Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { catalogApi } from '../../contracts/catalog/api.ts';
import { newPage } from '../../infra/testing/browser.ts';
import type { TestShop } from '../../infra/testing/shop.ts';

export type Storefront = { shop: TestShop; browser: Browser };

/** Waits out the 3-second splash, which covers the page until it fades away. */
export async function pastSplash(page: Page) {
  await page.locator('.splash').waitFor({ state: 'hidden' });
}

/** A fresh page (own storage) on the landing page, with the splash gone and the books listed. */
export async function openLanding(
  storefront: Storefront,
  viewport: { width: number; height: number },
  path = '/',
  options: { clock?: boolean; motion?: boolean } = {},
) {
  // Pages open with reduced motion (see newContext); a test of the page's motion asks for it.
  const { context, page } = await newPage(
    storefront.browser,
    viewport,
    options.motion ? { reducedMotion: 'no-preference' } : {},
  );
  // A page whose timers the test runs (page.clock): installed before the page loads, running on its own until paused.
  if (options.clock) await page.clock.install();
  await page.goto(storefront.shop.url + path);
  await pastSplash(page);
  await page.getByTestId('book-card').first().waitFor();
  await page.locator('footer.site-footer').waitFor();
  return { context, page };
}

export const bookCard = (page: Page, title: string): Locator =>
  page.getByTestId('book-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

export const cartButton = (page: Page): Locator => page.getByRole('button', { name: /^Cart, \d+ items?$/ });

export const cartDrawer = (page: Page): Locator => page.getByRole('dialog', { name: /^Your Cart \(\d+\)$/ });

export async function addToCart(page: Page, title: string, quantity = 1) {
  const card = bookCard(page, title);
  await card.getByLabel(`Quantity of ${title}`, { exact: true }).fill(String(quantity));
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await card.getByRole('button', { name: 'Added to Cart!' }).waitFor();
}

/** A line of the cart as the shop keeps it in the browser. */
export type StoredCartLine = { bookId: number; title: string; price: number; quantity: number };

/** The landing page with `lines` in the cart, once the shop has said which bundle it offers and drawn its books. */
export async function landingWithCart(page: Page, shop: TestShop, lines: readonly StoredCartLine[]) {
  await page.goto(`${shop.url}/`);
  await page.evaluate((stored) => localStorage.setItem('cart', stored), JSON.stringify(lines));
  const offers = page.waitForResponse((r) => r.url().endsWith(catalogApi.offers.path) && r.ok());
  await page.reload();
  await offers;
  await page.getByTestId('book-card').first().waitFor();
}

export async function openCart(page: Page): Promise<Locator> {
  await cartButton(page).click();
  const drawer = cartDrawer(page);
  await drawer.waitFor();
  return drawer;
}

/**
 * Waits until `target` has the focus, failing with `what` if it never gets it. A closing dialog hands focus back to
 * what opened it a moment after it has gone from the page (Radix's focus scope does it on a timer), not as it goes.
 */
export async function focusReturnsTo(target: Locator, what: string): Promise<void> {
  const element = await target.elementHandle();
  await target
    .page()
    .waitForFunction((el) => el === document.activeElement, element)
    .catch((error: Error) => assert.unreachable(`${what}: ${error.message}`));
}

/** True once the section's top rests just below the sticky header (smooth scrolling may take a while to get there). */
export async function scrolledTo(page: Page, anchor: string, timeoutMs = 15_000): Promise<boolean> {
  const section = page.locator(`#${anchor}`);
  const deadline = Date.now() + timeoutMs;
  let inPlace = 0;
  while (Date.now() < deadline) {
    const top = await section.evaluate((el) => el.getBoundingClientRect().top);
    inPlace = top >= -2 && top <= 120 ? inPlace + 1 : 0;
    if (inPlace === 3) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
