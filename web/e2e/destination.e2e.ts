// One destination, chosen before paying (decision 099): from the landing page, three books to France through the cart
// pay the France rate and the same to Leeds the UK rate; the owner changes the UK rate, a checkout started before it
// keeps the old rate and one started after pays the new; the landing text, the cart and the delivery page state the
// new figure. Every expected figure is read from the shop's table, never copied.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import {
  deliveryOptionFor,
  deliveryRatesText,
  mixAndMatchShippingText,
  type DeliveryZone,
  type ShippingRatesResponse,
} from '../../contracts/checkout/shippingRates.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { newContext, newPage, viewports } from '../../infra/testing/browser.ts';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { allEvents, ofType, sandboxPayBody, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, settled } from '../../infra/testing/shop.ts';
import type { VatReturnResponse } from '../../contracts/vat/model.ts';

const { shop, browser } = await shopAndBrowserFor(test, sandboxShopEnv);
const owner = await adminHeaders(shop);

const threeBooks = [
  { bookId: 1, title: 'The Kindness Basket', price: 999, quantity: 1 },
  { bookId: 2, title: 'Together We Shine', price: 999, quantity: 1 },
  { bookId: 3, title: 'Alif to Ya: My Arabic Alphabet Poster', price: 999, quantity: 1 },
];

const table = async () => (await call(`${shop.url}/api/shipping/rates`)).json as ShippingRatesResponse;
const rateFor = async (country: string) =>
  deliveryOptionFor(await table(), country, { items: 3, subtotal: Number.MAX_SAFE_INTEGER / 2 })!;

async function placedOrder(sessionId: string) {
  const placed = ofType(await allEvents(shop), 'OrderPlaced').find((e) => e.stream === `order-${sessionId}`);
  return placed?.data;
}

/** The landing page with three books in the cart, the drawer open. */
async function openCart(page: Page) {
  await page.goto(`${shop.url}/`);
  await page.evaluate((lines) => localStorage.setItem('cart', JSON.stringify(lines)), threeBooks);
  await page.reload();
  await page.getByRole('button', { name: 'Cart, 3 items' }).click();
  return page.getByRole('dialog');
}

async function chooseDestination(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Deliver to' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** Through the cart to the hosted page, paid with an address in `country`, and the order it placed. */
async function buyThroughCart(
  page: Page,
  destination: string,
  address: { city: string; postcode: string; country: string },
) {
  const drawer = await openCart(page);
  await chooseDestination(page, destination);
  const rate = await rateFor(address.country);
  await drawer
    .getByTestId('cart-shipping')
    .filter({ hasText: formatPence(rate.amount) })
    .waitFor();
  await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/sandbox\/checkout\?session=cs_sandbox_/, { timeout: 20_000 });
  await page.getByText('Test mode — no real card is charged').waitFor({ timeout: 20_000 });
  const sessionId = new URL(page.url()).searchParams.get('session')!;
  assert.match(await page.locator('main').innerText(), formatPence(rate.amount));
  await page.getByLabel('Email').fill('amina@example.com');
  await page.getByLabel('Full name').fill('Amina Khan');
  await page.getByLabel('Address', { exact: true }).fill('1 Linden Lane');
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('Postcode').fill(address.postcode);
  await page.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: destination, exact: true }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/checkout-success\?session_id=/, { timeout: 20_000 });
  await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
  return { order: (await placedOrder(sessionId))!, rate };
}

/** The VAT return's boxes over every day the shop's orders can fall on, once the receipts have caught up. */
async function vatBoxes() {
  await settled(shop);
  const answer = await call(`${shop.url}/api/admin/vat/return?start=2026-01-01&end=2099-12-31`, { headers: owner });
  assert.is(answer.status, 200, answer.text);
  return (answer.json as VatReturnResponse).boxes;
}

test('Three books to France pay the France rate, zero-rated in box 6 only; the same to Leeds the UK rate and UK VAT', async () => {
  const registered = await call(`${shop.url}/api/admin/vat/registration`, {
    body: { vatNumber: 'GB 365 6845 14', registeredFrom: '2026-01-01' },
    headers: owner,
  });
  assert.is(registered.status, 200, registered.text);
  const { context, page } = await newPage(browser);
  const start = await vatBoxes();
  const france = await buyThroughCart(page, 'France', { city: 'Lyon', postcode: '69001', country: 'FR' });
  assert.is(france.order.shippingCost, france.rate.amount);
  assert.is((france.order.shippingAddress as { country: string }).country, 'FR');
  assert.is(france.order.vat?.export?.country, 'FR', 'the order records a zero-rated export');
  assert.is(france.order.vat?.totals.vat, 0);
  const afterFrance = await vatBoxes();
  assert.is(afterFrance.box1, start.box1, 'an export adds nothing to box 1');
  assert.ok(afterFrance.box6 > start.box6, 'an export counts in box 6');

  const leeds = await buyThroughCart(page, 'United Kingdom', { city: 'Leeds', postcode: 'LS1 4AB', country: 'GB' });
  assert.is(leeds.order.shippingCost, leeds.rate.amount);
  assert.ok(france.rate.amount !== leeds.rate.amount || france.rate.id !== leeds.rate.id);
  assert.is(leeds.order.vat?.export, undefined, 'a UK sale is no export');
  assert.ok(leeds.order.vat!.totals.vat > 0, "the poster carries the UK's standard rate");
  const afterLeeds = await vatBoxes();
  assert.is(afterLeeds.box1, afterFrance.box1 + leeds.order.vat!.totals.vat);
  await context.close();
});

test('The owner changes the UK rate: a checkout started before keeps it, one after pays the new; every page says so', async () => {
  // A checkout started before the change, through the spec's cart call.
  const before = await call(`${shop.url}/api/cart/checkout`, {
    body: { items: threeBooks.map(({ bookId, quantity }) => ({ bookId, quantity })), customerCountry: 'GB' },
  });
  assert.is(before.status, 200, before.text);
  const oldRate = await rateFor('GB');
  const zones: DeliveryZone[] = (await table()).zones.map(({ name: _name, ...zone }) =>
    zone.id === 'uk' ? { ...zone, bands: [{ fromItems: 1, toItems: null, pence: oldRate.amount + 45 }] } : zone,
  );
  const changed = await call(`${shop.url}/api/admin/shipping`, {
    body: { zones, reason: 'New postage prices' },
    headers: owner,
  });
  assert.is(changed.status, 200, changed.text);
  const newRate = await rateFor('GB');
  assert.is(newRate.amount, oldRate.amount + 45);

  const paidBefore = await call(`${shop.url}/api/sandbox/checkout-sessions/${before.json.sessionId}/pay`, {
    body: sandboxPayBody({ country: 'GB', shippingOptionId: 'uk-shipping' }),
  });
  assert.is(paidBefore.status, 200, paidBefore.text);
  assert.is((await placedOrder(before.json.sessionId))!.shippingCost, oldRate.amount);

  const { context, page } = await newPage(browser);
  const after = await buyThroughCart(page, 'United Kingdom', { city: 'Leeds', postcode: 'LS1 4AB', country: 'GB' });
  assert.is(after.order.shippingCost, newRate.amount);

  // The landing text, the cart and the delivery page state the new figure, as the table words it.
  const now = await table();
  await page.goto(`${shop.url}/`);
  const mix = page.getByTestId('mix-match-shipping');
  await mix.waitFor();
  assert.is((await mix.innerText()).trim(), mixAndMatchShippingText(now));
  assert.match(mixAndMatchShippingText(now), formatPence(newRate.amount));
  const drawer = await openCart(page);
  await chooseDestination(page, 'United Kingdom');
  await drawer
    .getByTestId('cart-shipping')
    .filter({ hasText: formatPence(newRate.amount) })
    .waitFor();
  await page.goto(`${shop.url}/policies/delivery`);
  await page.getByTestId('delivery-rate').first().waitFor();
  assert.equal(await page.getByTestId('delivery-rate').allInnerTexts(), deliveryRatesText(now));
  assert.match(deliveryRatesText(now)[0]!, formatPence(newRate.amount));
  await context.close();
});

/** A page signed in as `username`. */
async function signedIn(username: string) {
  const context = await newContext(browser, viewports.desktop);
  await context.addInitScript(
    (t) => localStorage.setItem('adminToken', t),
    signAdminToken(shop.shop.deps.jwtSecret, username),
  );
  return { context, page: await context.newPage() };
}

test('The owner sees the history at /admin/shipping and a bad rate is refused at its field; an auditor only reads', async () => {
  const { context, page } = await signedIn(shop.shop.deps.admin.username);
  await page.goto(`${shop.url}/admin/shipping`);
  await page.getByRole('heading', { name: 'Delivery', exact: true }).waitFor();
  assert.match(await page.getByTestId('shipping-version').first().innerText(), 'New postage prices');
  assert.ok(await page.getByRole('link', { name: 'Delivery' }).first().isVisible(), 'the header lists the screen');
  await page.getByLabel('United Kingdom rates').fill('1+: -1');
  await page.getByRole('button', { name: 'Save the rates' }).click();
  await page.getByText('A rate cannot be negative').first().waitFor();
  await context.close();

  const created = await call(`${shop.url}/api/admin/accounts`, {
    body: { username: 'auditor.delivery', role: 'auditor' },
    headers: owner,
  });
  assert.is(created.status, 201, created.text);
  const auditor = await signedIn('auditor.delivery');
  await auditor.page.goto(`${shop.url}/admin/shipping`);
  await auditor.page.getByTestId('shipping-version').first().waitFor();
  assert.is(await auditor.page.getByRole('button', { name: 'Save the rates' }).count(), 0);
  await auditor.context.close();
});

test.run();
