// The shopper's order page in a browser (decision 086): opened from the e-mail's link, it shows the parcel on its way
// with its tracking link; an unshipped order is cancelled from it and, once the owner accepts on the Requests tab, shows
// its refund; an expired link shows nothing of the order and offers a fresh one; the lookup form answers the same for
// any details. Every page is axe clean and fits 390 px.
import { mkdirSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { newContext, viewports } from '../../infra/testing/browser.ts';
import { shopAndBrowserFor } from '../../infra/testing/browserShop.ts';
import { outboxTexts, paidCartCheckout, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { call, settled } from '../../infra/testing/shop.ts';
import { orderNumberFrom } from '../../contracts/shared/constants.ts';
import { signAdminToken } from '../../service/admin/tokens.ts';
import { orderLinkKey, orderLinkToken } from '../../service/http/orderLinks.ts';
import { axeProblems } from './ordersOwner.ts';

const shots = 'test-results/order-page';
mkdirSync(shots, { recursive: true });
const { shop, browser } = await shopAndBrowserFor(test, { ...sandboxShopEnv, ADMIN_USERNAME: 'owner' });
const admin = { authorization: `Bearer ${signAdminToken(shop.shop.deps.jwtSecret, 'owner')}` };

/** The order page link of the e-mail about `orderId` whose subject matches. */
function linkIn(orderId: string, subject: RegExp): string {
  const mail = outboxTexts(shop).find((text) => subject.test(text) && text.includes(orderNumberFrom(orderId)));
  const link = /https?:\/\/\S+(\/order\/[A-Za-z0-9_.-]+)/.exec(mail ?? '')?.[1];
  assert.ok(link, `an e-mail matching ${subject} links to the order page`);
  return link;
}

/** A page whose CSP lets the test inject axe. */
async function pageAt(viewport: { width: number; height: number }, token?: string): Promise<Page> {
  const context = await newContext(browser, viewport, { bypassCSP: true });
  if (token) await context.addInitScript((t) => localStorage.setItem('adminToken', t), token);
  return context.newPage();
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('Shopper opens the shipped e-mail’s link on a phone and sees the parcel on its way with its tracking link', async () => {
  const orderId = await paidCartCheckout(shop, [{ bookId: 1, quantity: 1 }]);
  await settled(shop);
  const order = (await call(`${shop.url}/api/admin/orders/${orderId}`, { headers: admin })).json.order;
  const shipped = await call(`${shop.url}/api/admin/orders/${orderId}/status`, {
    headers: admin,
    body: {
      status: 'shipped',
      notes: 'Internal: packed in the blue box',
      expectedRevision: order.revision,
      shipment: { carrier: 'royal-mail', trackingNumber: 'KD752736430GB' },
    },
  });
  assert.is(shipped.status, 200, shipped.text);
  await settled(shop);
  const page = await pageAt(viewports.mobile);
  try {
    await page.goto(`${shop.url}${linkIn(orderId, /Subject: Your order \S+ is on its way/)}`);
    await page.getByRole('heading', { name: `Your order ${orderNumberFrom(orderId)}` }).waitFor();
    await page.getByText('On its way', { exact: true }).first().waitFor();
    const track = page.getByRole('link', { name: 'Track your parcel' });
    assert.match((await track.getAttribute('href')) ?? '', /royalmail\.com.*KD752736430GB/);
    await page.getByText('Royal Mail, tracking number KD752736430GB').waitFor();
    assert.is(await page.getByText('blue box').count(), 0, 'no internal note');
    // The return form is there for a shipped order, reachable by keyboard.
    await page.getByRole('radio', { name: 'Arrived damaged' }).focus();
    await page.keyboard.press('Space');
    assert.ok(await page.getByRole('radio', { name: 'Arrived damaged' }).isChecked());
    await page.locator('.splash').waitFor({ state: 'hidden' });
    assert.ok(await fitsWidth(page), 'nothing wider than 390 px');
    await page.screenshot({ path: `${shots}/shipped-mobile.png`, fullPage: true });
    assert.equal(await axeProblems(page), [], 'the order page');
  } finally {
    await page.context().close();
  }
});

test('Shopper asks to cancel an unshipped order; the owner accepts on the Requests tab; the page shows the refund', async () => {
  const orderId = await paidCartCheckout(shop, [{ bookId: 2, quantity: 2 }]);
  await settled(shop);
  const link = linkIn(orderId, /Subject: Your Amanah House order/);
  const page = await pageAt(viewports.desktop);
  try {
    await page.goto(`${shop.url}${link}`);
    await page.getByText('Order received').first().waitFor();
    // By keyboard: the button, then the confirmation.
    await page.getByRole('button', { name: 'Ask to cancel my order' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Yes, please cancel it' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('We have your request to cancel this order', { exact: false }).waitFor();
    await page.getByText('You asked us to cancel').waitFor();
    assert.equal(await axeProblems(page), [], 'the order page after asking');

    const owner = await pageAt(viewports.desktop, signAdminToken(shop.shop.deps.jwtSecret, 'owner'));
    try {
      // The order's own page shows the request too, to be answered there or on the tab.
      await owner.goto(`${shop.url}/admin/orders/${orderId}`);
      await owner
        .getByRole('article', { name: `Cancellation request for order ${orderNumberFrom(orderId)}` })
        .getByRole('button', { name: 'Accept: cancel and refund in full' })
        .waitFor();
      assert.equal(await axeProblems(owner), [], "the order's page with its request");
      await owner.goto(`${shop.url}/admin/orders?tab=requests`);
      // The tab reads "Requests (0)" until the requests have come: wait for the count they bring.
      await owner.getByRole('tab', { name: /^Requests \([1-9]\d*\)$/ }).waitFor();
      const card = owner.getByRole('article', { name: `Cancellation request for order ${orderNumberFrom(orderId)}` });
      await card.getByLabel('Message to the customer (optional)').fill('Of course, no trouble at all.');
      await card.getByRole('button', { name: 'Accept: cancel and refund in full' }).click();
      await card.waitFor({ state: 'detached' });
      assert.equal(await axeProblems(owner), [], 'the Requests tab');
    } finally {
      await owner.context().close();
    }

    await settled(shop);
    await page.reload();
    await page.getByText('We cancelled your order').waitFor();
    await page.getByText('Of course, no trouble at all.').first().waitFor();
    await page.getByText('Refunded', { exact: true }).first().waitFor();
    await page.locator('.splash').waitFor({ state: 'hidden' });
    await page.screenshot({ path: `${shots}/cancelled-desktop.png`, fullPage: true });
    assert.is(await page.getByRole('button', { name: 'Ask to cancel my order' }).count(), 0);
  } finally {
    await page.context().close();
  }
});

test('An expired link shows nothing of the order and sends a fresh link; the lookup form answers alike', async () => {
  const orderId = await paidCartCheckout(shop, [{ bookId: 1, quantity: 1 }]);
  await settled(shop);
  const expired = orderLinkToken(orderLinkKey(shop.shop.deps.jwtSecret), orderId, new Date(Date.now() - 60_000));
  const page = await pageAt(viewports.mobile);
  try {
    await page.goto(`${shop.url}/order/${expired}`);
    await page.getByRole('heading', { name: 'This link has expired' }).waitFor();
    const text = await page.locator('body').innerText();
    assert.not.ok(text.includes(orderNumberFrom(orderId)), 'no order number');
    assert.not.ok(/Kindness|Amina|Linden/.test(text), 'nothing of the order');
    await page.getByRole('button', { name: 'Send me a fresh link' }).click();
    await page.getByText('we have sent a fresh one to its e-mail address', { exact: false }).waitFor();
    assert.ok(await fitsWidth(page));
    assert.equal(await axeProblems(page), [], 'the expired link');
    await settled(shop);
    const fresh = linkIn(orderId, /Subject: Your link to/);
    await page.goto(`${shop.url}${fresh}`);
    await page.getByRole('heading', { name: `Your order ${orderNumberFrom(orderId)}` }).waitFor();

    await page.goto(`${shop.url}/order/not-a-real-link`);
    await page.getByRole('heading', { name: 'We could not find this order' }).waitFor();

    await page.goto(`${shop.url}/`);
    await page.getByRole('link', { name: 'Find your order' }).click();
    await page.getByRole('heading', { name: 'Find your order' }).waitFor();
    await page.getByLabel('Order number').fill('AH-NOSUCH01');
    await page.getByLabel('E-mail address').fill('nobody@example.com');
    await page.getByLabel('Delivery postcode').fill('LS1 4AB');
    await page.keyboard.press('Enter');
    await page.getByText('If the details match an order, we have sent a link to its e-mail address.').waitFor();
    assert.ok(await fitsWidth(page));
    await page.screenshot({ path: `${shots}/lookup-mobile.png`, fullPage: true });
    assert.equal(await axeProblems(page), [], 'the lookup form');
  } finally {
    await page.context().close();
  }
});

test.run();
