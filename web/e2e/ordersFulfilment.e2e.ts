// The owner's daily work in a browser: find an order by postcode, open its page, ship it with a tracking number (the
// customer's e-mail leaves with the carrier's link), keep a note, print its packing slip and the day's batch.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { staleOrderMessage } from '../../service/orders/orderStatus.ts';
import { allProjections } from '../../projections/index.ts';
import { verify } from '../../projections/engine/rebuild.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { viewports } from '../../infra/testing/browser.ts';
import { browserFor, ownerPage } from '../../infra/testing/browserShop.ts';
import { outboxTexts } from '../../infra/testing/checkout.ts';
import { placeOrders } from '../../infra/testing/exampleOrders.ts';
import { adminHeaders, call, startTestShop } from '../../infra/testing/shop.ts';
import { axeProblems, entry, exampleOrders, orderIds } from './ordersOwner.ts';
import { orderNumberFrom } from '../../contracts/shared/constants.ts';

const browser = await browserFor(test);
const seen = { timeout: 15_000 };
const link = 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB';

for (const [name, viewport] of Object.entries(viewports)) {
  test(`Owner finds an order by postcode, ships it with tracking, keeps a note and prints its packing slip (${name})`, async () => {
    const shop = await startTestShop({ ADMIN_USERNAME: 'owner' });
    await placeOrders(shop, exampleOrders());
    const owner = await adminHeaders(shop, 'owner');
    // Maryam's and Amina's orders are being packed: they are the day's batch.
    for (const id of [orderIds.amina, orderIds.maryam])
      assert.is(
        (
          await call(`${shop.url}/api/admin/orders/${id}/status`, {
            body: {
              status: 'processing',
              expectedRevision: (await shop.shop.deps.events.readStream(`order-${id}`)).at(-1)!.revision,
            },
            headers: owner,
          })
        ).status,
        200,
      );
    const { context, page } = await ownerPage(browser, shop, viewport);
    try {
      // Finding: the postcode as a customer would write it, in lower case.
      await page.goto(`${shop.url}/admin/orders`);
      await page.getByLabel('Search orders').fill('bd7 1aa');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText('Total Orders: 1', { exact: true }).waitFor(seen);
      assert.is(await page.locator('[data-order-id]').count(), 1);
      await page.getByRole('button', { name: `Order #${orderNumberFrom(orderIds.yusuf)}` }).click();
      await entry(page, orderIds.yusuf).getByRole('link', { name: 'Open Order Page' }).click();
      await page.waitForURL(new RegExp(`/admin/orders/${orderIds.yusuf}$`), seen);

      // The page: customer, the address one line each, items, money and the payment reference.
      await page.getByRole('heading', { name: `Order #${orderNumberFrom(orderIds.yusuf)}` }).waitFor(seen);
      const address = page.locator('address.order-address span');
      await address.first().waitFor(seen);
      assert.equal(await address.allInnerTexts(), ['4 Orchard Lane', 'Flat 2', 'Bradford', 'BD7 1AA', 'GB']);
      const text = await page.locator('body').innerText();
      for (const expected of [
        'Yusuf Ali',
        'yusuf.ali@example.com',
        'Together We Shine',
        'Paid',
        '£34.96',
        'Refunded',
        '£0.00',
        'Net',
        orderIds.yusuf,
        'Order placed',
        'Not shipped yet.',
      ])
        assert.match(text, expected);
      assert.equal(await axeProblems(page), [], 'order page');
      // Nothing, the long order id in the title included, widens the page past the screen.
      assert.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        'the order page fits the screen',
      );

      // Shipping with Royal Mail and a tracking number.
      await page.getByLabel('Carrier').selectOption('royal-mail');
      await page.getByLabel('Tracking number (optional)').fill('AB123456789GB');
      await page.getByRole('button', { name: 'Mark as Shipped' }).click();
      await page.locator('.shop-toast__title', { hasText: 'Order Updated' }).waitFor(seen);
      await page.getByRole('link', { name: 'AB123456789GB' }).first().waitFor(seen);
      assert.is(await page.getByRole('link', { name: 'AB123456789GB' }).first().getAttribute('href'), link);
      // The customer's e-mail is in the outbox with the carrier's link.
      await eventually(
        () => outboxTexts(shop).some((mail) => mail.includes('To: yusuf.ali@example.com') && mail.includes(link)),
        20_000,
        'the "on its way" e-mail',
      );
      // ...and on the timeline, once the read model has it.
      await eventually(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: `Order #${orderNumberFrom(orderIds.yusuf)}` }).waitFor(seen);
          return (await page.getByText('"On its way" e-mail sent').count()) === 1;
        },
        20_000,
        'the e-mail on the timeline',
      );

      // A note, kept on the timeline with who wrote it.
      await page
        .getByLabel('Note (only you see it)')
        .fill('Customer rang: leave the parcel with the neighbour at number 6');
      await page.getByRole('button', { name: 'Add Note' }).click();
      await page.locator('.shop-toast__title', { hasText: 'Note Added' }).waitFor(seen);
      const note = page.locator('.order-timeline__step[data-kind="note"]');
      await note.waitFor(seen);
      assert.match(await note.innerText(), 'Customer rang: leave the parcel with the neighbour at number 6');
      assert.match(await note.innerText(), 'by owner');

      // A change the page never saw: the next button press is refused with the reason beside the buttons.
      const revision = (
        (await call(`${shop.url}/api/admin/orders/${orderIds.yusuf}`, { headers: owner })).json as {
          order: { revision: number };
        }
      ).order.revision;
      assert.is(
        (
          await call(`${shop.url}/api/admin/orders/${orderIds.yusuf}/status`, {
            body: { status: 'delivered', expectedRevision: revision },
            headers: owner,
          })
        ).status,
        200,
      );
      await page.getByRole('button', { name: 'Cancel Order' }).click();
      await page.getByRole('alert').getByText(staleOrderMessage).waitFor(seen);
      await page.locator('[data-status="delivered"]').first().waitFor(seen);

      // The packing slip, as printed: the bar is left out, the slip is whole.
      await page.getByRole('link', { name: 'Packing Slip' }).click();
      await page.waitForURL(new RegExp(`/admin/orders/${orderIds.yusuf}/packing-slip$`), seen);
      const slip = page.locator('article.packing-slip');
      await slip.waitFor(seen);
      assert.equal(await axeProblems(page), [], 'packing slip');
      await page.emulateMedia({ media: 'print' });
      assert.not.ok(await page.getByRole('button', { name: 'Print' }).isVisible(), 'the bar is not printed');
      for (const chrome of ['.splash', '.site-test-mode'])
        assert.not.ok(await page.locator(chrome).first().isVisible(), `${chrome} is not printed`);
      const printed = await slip.innerText();
      for (const expected of ['Packing Slip', 'Yusuf Ali', '4 Orchard Lane', 'BD7 1AA', 'Together We Shine', '£34.96'])
        assert.match(printed, expected);
      // Gift mode leaves out every price.
      await page.emulateMedia({ media: 'screen' });
      await page.getByLabel('Gift mode (no prices)').check();
      await page.emulateMedia({ media: 'print' });
      assert.not.match(await slip.innerText(), '£');

      // The day's batch: every processing order, one to a printed page.
      await page.emulateMedia({ media: 'screen' });
      await page.goto(`${shop.url}/admin/packing-slips`);
      await page.locator('article.packing-slip').first().waitFor(seen);
      assert.equal(
        await page
          .locator('article.packing-slip')
          .evaluateAll((slips) => slips.map((s) => s.getAttribute('data-order-id'))),
        [orderIds.maryam, orderIds.amina],
      );
      await page.emulateMedia({ media: 'print' });
      assert.is(
        await page
          .locator('article.packing-slip')
          .first()
          .evaluate((s) => getComputedStyle(s).breakAfter),
        'page',
      );
      await page.emulateMedia({ media: 'screen' });

      const checked = await verify(shop.shop.deps.events, shop.shop.deps.reads, allProjections);
      assert.ok(checked.match, 'the read models equal a rebuild from the log');
    } finally {
      await context.close();
      await shop.close();
    }
  });
}

test.run();
