// What the discount-code browser tests share: a shop whose checkouts one address may start as often as a test needs,
// a shopper's cart with a code applied, and paying on the sandbox's hosted page.
import type { Locator, Page } from 'playwright-core';
import type { CreateDiscountCodeBody, DiscountCodeDetailResponse } from '../../contracts/discounts/model.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { landingWithCart } from './storefrontLanding.ts';
import { adminHeaders, call, floodLimits, type TestShop } from '../../infra/testing/shop.ts';

/**
 * Every test shop's checkouts come from 127.0.0.1: the limits and the cap on an address's code holds (decision 092) are
 * lifted so only the code's own rules refuse.
 */
export const discountShopEnv = { ADMIN_USERNAME: 'owner', RATE_LIMITS: floodLimits, CODE_HOLDS_PER_ADDRESS: '1000' };

export const books = {
  kindness: { bookId: 1, title: 'The Kindness Basket', price: 999 },
  together: { bookId: 2, title: 'Together We Shine', price: 999 },
  poster: { bookId: 3, title: 'Alif to Ya: My Arabic Alphabet Poster', price: 999 },
};
export type CartLine = (typeof books)[keyof typeof books] & { quantity: number };

/** A code made through the owner's API, for tests about what happens to it later. */
export async function createCode(shop: TestShop, body: CreateDiscountCodeBody) {
  const answer = await call(`${shop.url}/api/admin/discounts`, { body, headers: await adminHeaders(shop) });
  if (answer.status !== 201) throw new Error(`the code was not created: ${answer.status} ${answer.text}`);
  return answer.json as { code: string };
}

/** The landing page with `lines` in the cart, once the shop has said which bundle it offers; the drawer opened. */
export async function openCart(page: Page, shop: TestShop, lines: readonly CartLine[]) {
  await landingWithCart(page, shop, lines);
  const count = lines.reduce((sum, l) => sum + l.quantity, 0);
  await page.getByRole('button', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` }).click();
  const drawer = page.locator('.cart-drawer');
  await drawer.getByTestId('cart-total').waitFor();
  return drawer;
}

/** Types `code` into the field (the cart's, unless `where` says another part of the page), presses Apply and answers
 * what the live region then says. */
export async function applyCode(
  page: Page,
  code: string,
  where: Locator = page.locator('.cart-drawer'),
): Promise<string> {
  const status = where.getByTestId('code-status');
  await where.getByRole('textbox', { name: 'Discount code' }).fill(code);
  const checked = page.waitForResponse((r) => r.url().endsWith('/api/discounts/check'));
  await where.getByRole('button', { name: 'Apply' }).click();
  await checked;
  await status.filter({ hasNotText: 'Checking' }).filter({ hasText: /\S/ }).waitFor();
  return status.innerText();
}

/** "Proceed to Checkout", then the sandbox's hosted page once it shows its total. */
export async function proceedToHostedPage(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/sandbox\/checkout\?session=cs_sandbox_/, { timeout: 15_000 });
  await page.getByTestId('sandbox-total').waitFor();
  return new URL(page.url()).searchParams.get('session')!;
}

/** Fills the hosted page as `email` and pays with the test card that succeeds; waits for the confirmation. */
export async function payOnHostedPage(page: Page, email = 'amina@example.com') {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Full name').fill('Amina Khan');
  await page.getByLabel('Address', { exact: true }).fill('1 Linden Lane');
  await page.getByLabel('City').fill('Leeds');
  await page.getByLabel('Postcode').fill('LS1 4AB');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/checkout-success\?session_id=/, { timeout: 15_000 });
  await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
}

/** The order a paid checkout placed, as recorded (once it is). */
export async function placedOrder(shop: TestShop, sessionId: string): Promise<OrderPlaced['data']> {
  let placed: OrderPlaced['data'] | undefined;
  await eventually(
    async () => {
      const events = await shop.shop.deps.events.readStream(`order-${sessionId}`);
      placed = events.find((e) => e.type === 'OrderPlaced')?.data;
      return placed !== undefined;
    },
    15_000,
    `the order of ${sessionId}`,
  );
  return placed!;
}

/** The owner's view of a code, as its page reads it. */
export async function codeDetail(shop: TestShop, code: string): Promise<DiscountCodeDetailResponse> {
  const answer = await call(`${shop.url}/api/admin/discounts/${code}`, { headers: await adminHeaders(shop) });
  if (answer.status !== 200) throw new Error(`no code ${code}: ${answer.status} ${answer.text}`);
  return answer.json as DiscountCodeDetailResponse;
}

/** Waits until the code's uses are as `expected` says (the reactor records a redemption after the order). */
export async function usesBecome(shop: TestShop, code: string, expected: { redeemed?: number; held?: number }) {
  await eventually(
    async () => {
      const detail = await codeDetail(shop, code);
      return (
        (expected.redeemed === undefined || detail.redeemed === expected.redeemed) &&
        (expected.held === undefined || detail.held === expected.held)
      );
    },
    15_000,
    `${code} at ${JSON.stringify(expected)}`,
  );
}

/** Starts a cart checkout with `code` straight through the API, as the drawer's button does. */
export const startCartCheckout = (shop: TestShop, lines: readonly CartLine[], discountCode: string) =>
  call(`${shop.url}/api/cart/checkout`, {
    body: { items: lines.map(({ bookId, quantity }) => ({ bookId, quantity })), discountCode },
  });
