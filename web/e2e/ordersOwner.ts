// The owner's console in a browser: a shop with orders placed as checkout places them, and a page signed in as
// its owner (the token goes straight into local storage, as the login screen would leave it).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { newPage } from '../../infra/testing/browser.ts';
import { startTestShop } from '../../infra/testing/shop.ts';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { orderPlacedData, placeOrders, type OrderPlacedData } from '../../infra/testing/exampleOrders.ts';

/** Orders are named after the payment that placed them, as checkout names them. */
export const orderIds = {
  maryam: 'pi_sandbox_Q4mT8vL2xR7nK1pZ9cW3bH6d',
  yusuf: 'cs_sandbox_V8fN2kP5sJ9qX3mB7tL1wR4e',
  amina: 'pi_sandbox_D6hY1cM8zQ3vT5nK9pF2jS7a',
  ibrahim: 'cs_sandbox_B3wR9tX6mL2pV8kN4qJ7cH1f',
};

/** Three pending orders and one paid as completed, oldest first. */
export const exampleOrders = (): OrderPlacedData[] => [
  orderPlacedData({ orderId: orderIds.maryam, placedAt: '2026-03-01T09:00:00.000Z', customerName: 'Maryam Hussain' }),
  orderPlacedData({
    orderId: orderIds.yusuf,
    placedAt: '2026-03-02T11:30:00.000Z',
    customerName: 'Yusuf Ali',
    customerEmail: 'yusuf.ali@example.com',
    shippingAddress: { line1: '4 Orchard Lane', line2: 'Flat 2', city: 'Bradford', postcode: 'BD7 1AA', country: 'GB' },
    items: [
      { name: 'Together We Shine', quantity: 2, price: 999, bookId: 2 },
      { name: 'Alif to Ya: My Arabic Alphabet Poster', quantity: 1, price: 999, bookId: 3 },
    ],
    shippingCost: 499,
  }),
  orderPlacedData({ orderId: orderIds.amina, placedAt: '2026-03-03T15:45:00.000Z', customerName: 'Amina Begum' }),
  orderPlacedData({
    orderId: orderIds.ibrahim,
    placedAt: '2026-03-04T08:05:00.000Z',
    customerName: 'Ibrahim Khan',
    status: 'completed',
    paymentMethod: 'Wallet (Apple Pay / Google Pay) via Stripe',
  }),
];

/** A fresh shop holding `orders`, and a page whose local storage holds the owner's token (none when signedIn is false). */
export async function ownerAt(
  browser: Browser,
  viewport: { width: number; height: number },
  { orders = exampleOrders(), signedIn = true } = {},
) {
  // The token names the shop's admin, as a token from the login screen would.
  const shop = await startTestShop({ ADMIN_USERNAME: 'owner' });
  if (orders.length) await placeOrders(shop, orders);
  const { context, page } = await newPage(browser, viewport);
  if (signedIn) {
    const token = signAdminToken(shop.shop.deps.jwtSecret, 'owner');
    await context.addInitScript((t) => localStorage.setItem('adminToken', t), token);
  }
  return { shop, context, page };
}

export const entry = (page: Page, orderId: string) => page.locator(`[data-order-id="${orderId}"]`);
export const tab = (page: Page, name: string) => page.getByRole('tab', { name });

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical findings on the page as it is now. The page's context must bypass the CSP. */
export async function axeProblems(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    type Violation = { id: string; impact: string; nodes: { target: string[] }[] };
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }
    ).axe;
    const run = await axe.run(document, { resultTypes: ['violations'] });
    return run.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
