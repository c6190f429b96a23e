// A busy day on the golden log (the shop as an earlier release left it): three processing orders chosen, their packing
// slips printed and all three shipped in one step with tracking numbers (one typed, two from the carrier's CSV), each
// customer e-mailed; an order delivered before shipments were recorded reads as shipped, with its note; and a line
// refunded with its copy back on the shelf raises the shelf's count.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AdminStockResponse } from '../../contracts/stock/model.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { viewports } from '../../infra/testing/browser.ts';
import { goldenShopAndBrowserFor, ownerPage } from '../../infra/testing/browserShop.ts';
import { outboxTexts } from '../../infra/testing/checkout.ts';
import { adminHeaders, call } from '../../infra/testing/shop.ts';
import { axeProblems } from './ordersOwner.ts';

const { golden: v1, shop, browser } = await goldenShopAndBrowserFor(test, { env: { ADMIN_PASSWORD: '' } });
const seen = { timeout: 20_000 };

/** Orders of the golden log (v1/export.ndjson): its processing ones, and two long delivered. */
const golden = {
  processing: [
    { orderId: 'cs_sandbox_wZp5jcL8SrzUDS266w2dD2d1', number: 'AH-6w2dD2d1', email: 'saleem.green@example.com' },
    { orderId: 'cs_sandbox_kGAoK6Mr9iBlYk4AAcOE8jlJ', number: 'AH-AcOE8jlJ', email: 'farhan73@example.com' },
    { orderId: 'pi_sandbox_ISdtZoE3M0KIz0O5s4Z1Sw5F', number: 'AH-s4Z1Sw5F', email: 'ikhan@example.com' },
  ],
  /** shipped with "Royal Mail Tracked 48, KD752736430GB." as the status note, then delivered */
  deliveredWithNote: 'cs_sandbox_m3IHN5eFkmLOENW4FBDXjEXU',
  /** delivered: 3 × The Kindness Basket (book 1) */
  deliveredKindness: 'cs_sandbox_XCEkmJeEggWNXjdLKQSTaFdd',
};

test('three processing orders: their packing slips printed, then all shipped in one step, three e-mails in the outbox', async () => {
  const { context, page } = await ownerPage(browser, shop);
  try {
    await page.goto(`${shop.url}/admin/orders`);
    await page.getByRole('link', { name: 'Fulfil Orders' }).click();
    await page.waitForURL(/\/admin\/orders\/fulfil$/, seen);
    // The queue starts at payment: the season's 2 paid orders and its 4 processing ones.
    const list = page.getByRole('list', { name: 'Orders to fulfil' });
    await list.locator('[data-order-id]').nth(5).waitFor(seen);
    assert.is(await list.locator('[data-order-id]').count(), 6);
    assert.equal(await axeProblems(page), [], 'the fulfilment screen');

    const card = (orderId: string) => list.locator(`[data-order-id="${orderId}"]`);
    for (const { orderId } of golden.processing) await card(orderId).getByRole('checkbox').click();
    await page.getByRole('heading', { name: '3 orders chosen' }).waitFor(seen);

    // The slips open beside the screen, one to a page, in the order chosen.
    const [slips] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Print packing slips (3)' }).click(),
    ]);
    await slips.locator('article.packing-slip').nth(2).waitFor(seen);
    assert.equal(
      await slips
        .locator('article.packing-slip')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-order-id'))),
      golden.processing.map((o) => o.orderId),
    );
    await slips.getByRole('heading', { name: 'Packing slips · 3 chosen orders' }).waitFor(seen);
    await slips.close();

    // Two tracking numbers from Click & Drop's own export, one typed.
    const csv = [
      '"Order reference","Channel","Tracking number"',
      `"${golden.processing[0]!.number}","Manual","KD100000001GB"`,
      `"${golden.processing[1]!.number}","Manual","KD100000002GB"`,
      '"AH-notanorder","Manual","KD100000009GB"',
    ].join('\r\n');
    await page.getByLabel(/carrier’s CSV/).setInputFiles({
      name: 'click-and-drop-export.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByText('2 tracking numbers filled in from the file.').waitFor(seen);
    await page.getByText('Not among the orders to fulfil here: AH-notanorder').waitFor(seen);
    assert.is(
      await card(golden.processing[0]!.orderId)
        .getByLabel(`Tracking number for ${golden.processing[0]!.number}`)
        .inputValue(),
      'KD100000001GB',
    );
    await card(golden.processing[2]!.orderId)
      .getByLabel(`Tracking number for ${golden.processing[2]!.number}`)
      .fill('KD100000003GB');

    await page.getByRole('button', { name: 'Mark 3 orders shipped' }).click();
    await page.getByText('3 orders marked shipped; each customer was e-mailed.').first().waitFor(seen);
    // They leave the list; the fourth processing order and the two paid ones stay.
    await eventually(async () => (await list.locator('[data-order-id]').count()) === 3, 20_000, 'three orders left');

    // Each customer has their own "on its way" e-mail with their own tracking link.
    await eventually(
      () =>
        golden.processing.every(({ email }, i) =>
          outboxTexts(shop).some((mail) => mail.includes(`To: ${email}`) && mail.includes(`KD10000000${i + 1}GB`)),
        ),
      20_000,
      'three shipped e-mails',
    );
    const owner = await adminHeaders(shop, v1.meta.admin.username);
    for (const { orderId } of golden.processing) {
      const page = (await call(`${shop.url}/api/admin/orders/${orderId}`, { headers: owner })).json;
      assert.is(page.order.status, 'shipped');
      assert.is(page.page.shipment.carrier, 'royal-mail');
      assert.is(page.page.shipment.fromNote, undefined);
    }
  } finally {
    await context.close();
  }
});

test('an order delivered before shipments were recorded reads as shipped, with the note it came from', async () => {
  const { context, page } = await ownerPage(browser, shop, viewports.mobile);
  try {
    await page.goto(`${shop.url}/admin/orders/${golden.deliveredWithNote}`);
    const shipment = page.locator('.order-panel', { has: page.getByRole('heading', { name: 'Shipment' }) });
    await shipment.getByRole('link', { name: 'KD752736430GB' }).waitFor(seen);
    const text = await shipment.innerText();
    assert.match(text, 'Royal Mail');
    assert.match(text, 'Royal Mail Tracked 48, KD752736430GB.');
    assert.not.match(text, 'Not shipped yet.');
    assert.is(
      await shipment.getByRole('link', { name: 'KD752736430GB' }).getAttribute('href'),
      'https://www.royalmail.com/track-your-item#/tracking-results/KD752736430GB',
    );
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'the order page fits the screen',
    );
    // The fulfilment screen fits a phone too.
    await page.goto(`${shop.url}/admin/orders/fulfil`);
    await page.getByRole('list', { name: 'Orders to fulfil' }).locator('[data-order-id]').first().waitFor(seen);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'the fulfilment screen fits the screen',
    );
    assert.equal(await axeProblems(page), [], 'the fulfilment screen at 390 px');
  } finally {
    await context.close();
  }
});

test('a line refunded with its copy back on the shelf raises the shelf count, and the items table says so', async () => {
  const owner = await adminHeaders(shop, v1.meta.admin.username);
  const onHand = async () =>
    ((await call(`${shop.url}/api/admin/stock`, { headers: owner })).json as AdminStockResponse).products.find(
      (p) => p.bookId === 1,
    )!.onHand;
  const received = await call(`${shop.url}/api/admin/stock/1/received`, {
    body: { quantity: 10, note: 'stock take' },
    headers: owner,
  });
  assert.is(received.status, 200, received.text);
  assert.is(await onHand(), 10);

  const { context, page } = await ownerPage(browser, shop);
  try {
    const orderId = golden.deliveredKindness;
    await page.goto(`${shop.url}/admin/orders/${orderId}`);
    const form = page.getByRole('form', { name: `Refund for order #${orderId}` });
    await form.getByLabel('The Kindness Basket: quantity to refund (up to 3)').fill('1');
    await form.getByText('Put 1 copy back on the shelf').click();
    await form.getByLabel('Reason (required)').fill('One copy came back unopened');
    await form.getByRole('button', { name: 'Refund £9.99' }).click();
    await eventually(async () => (await onHand()) === 11, 20_000, 'the copy back on the shelf');
    await page.getByTestId('line-restocked').first().getByText('1').waitFor(seen);
    assert.equal(await axeProblems(page), [], 'the order page with its refunded lines');
  } finally {
    await context.close();
  }
});

test.run();
