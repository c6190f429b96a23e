// The owner gives money back from the console (sandbox payments): one line of an order, then the rest; a third refund
// is refused with the server's clear message, and the order shows paid, refunded and net throughout. Each refund is
// answered as soon as it is recorded; the console follows its progress until the payment provider's answer shows.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { viewports } from '../../infra/testing/browser.ts';
import { browserFor, ownerPage } from '../../infra/testing/browserShop.ts';
import { allEvents, ofType, paidCartCheckout } from '../../infra/testing/checkout.ts';
import { settled, startTestShop } from '../../infra/testing/shop.ts';
import { axeProblems, entry } from './ordersOwner.ts';
import { orderNumberFrom } from '../../contracts/shared/constants.ts';

const browser = await browserFor(test);
const seen = { timeout: 15_000 };

for (const [name, viewport] of Object.entries(viewports)) {
  test(`Owner refunds one line, then the rest, and a further refund is refused (${name})`, async () => {
    const shop = await startTestShop({ ADMIN_USERNAME: 'owner' });
    // Two copies of one book and one of another, paid in the sandbox: 3 × £9.99 + £3.50 = £33.47.
    const orderId = await paidCartCheckout(shop, [
      { bookId: 1, quantity: 2 },
      { bookId: 2, quantity: 1 },
    ]);
    const { context, page } = await ownerPage(browser, shop, viewport);
    try {
      await page.goto(`${shop.url}/admin/orders`);
      await page.getByRole('button', { name: `Order #${orderNumberFrom(orderId)}` }).click(seen);
      const order = entry(page, orderId);
      const money = order.getByRole('group', { name: `Money of order #${orderId}` });
      await money.getByText('£33.47').first().waitFor(seen);
      const form = order.getByRole('form', { name: `Refund for order #${orderId}` });
      await form.getByText('Up to £33.47 can still be refunded.').waitFor(seen);
      assert.equal(await axeProblems(page), [], 'the refund form');

      // One line: one of the two copies.
      await form.getByLabel('The Kindness Basket: quantity to refund (up to 2)').fill('1');
      await form.getByLabel('Reason (required)').fill('One copy arrived with a torn cover');
      await form.getByRole('button', { name: 'Refund £9.99' }).click();
      const refunds = order.getByRole('list', { name: 'Refunds' });
      // Settled: the list shows it refunded, and the owner is told.
      await refunds
        .getByRole('listitem')
        .filter({ hasText: 'One copy arrived with a torn cover' })
        .getByText('Refunded')
        .waitFor(seen);
      await page.locator('.shop-toast__title', { hasText: 'Refund Made' }).waitFor(seen);
      await form.getByText('Up to £23.48 can still be refunded.').waitFor(seen);

      await order
        .getByRole('list', { name: `Status history of order #${orderId}` })
        .getByText('Refund of £9.99 paid back')
        .waitFor(seen);
      const afterOne = await money.innerText();
      assert.match(afterOne, /Refunded\s*£9\.99/);
      assert.match(afterOne, /Net\s*£23\.48/);

      // The rest, as an amount.
      await form.getByRole('radio', { name: 'By amount' }).click();
      await form.getByLabel('Amount to refund (£)').fill('23.48');
      await form.getByLabel('Reason (required)').fill('The customer cancelled the rest of the order');
      await form.getByRole('button', { name: 'Refund £23.48' }).click();
      await form.getByText('Up to £0.00 can still be refunded.').waitFor(seen);
      await refunds
        .getByRole('listitem')
        .filter({ hasText: 'The customer cancelled the rest of the order' })
        .getByText('Refunded')
        .waitFor(seen);
      await order.locator('.refund-panel__list [aria-busy="true"]').waitFor({ ...seen, state: 'detached' });
      const afterAll = await money.innerText();
      assert.match(afterAll, /Refunded\s*£33\.47/);
      assert.match(afterAll, /Net\s*£0\.00/);

      // Once more: refused, and the server's words are shown beside the form.
      await form.getByLabel('Amount to refund (£)').fill('1');
      await form.getByLabel('Reason (required)').fill('Goodwill');
      await form.getByRole('button', { name: 'Refund £1.00' }).click();
      await form.getByRole('alert').getByText('This order has already been refunded in full.').waitFor(seen);
      assert.equal(await axeProblems(page), [], 'after the refunds');

      const stream = await shop.shop.deps.events.readStream(`order-${orderId}`);
      assert.equal(
        stream.map((e) => e.type),
        ['OrderPlaced', 'RefundRequested', 'RefundSucceeded', 'RefundRequested', 'RefundSucceeded'],
      );
      assert.equal(
        (await shop.shop.deps.payments.listRefunds(orderId)).map((r) => r.amount),
        [999, 2348],
      );
      // The e-mails are the reactor's, sent after each refund is recorded: read once it has caught up with the log.
      await settled(shop);
      const mails = ofType(await allEvents(shop), 'EmailSent').filter(
        (e) => (e.data as { kind: string }).kind === 'refund-confirmation',
      );
      assert.is(mails.length, 2, 'the customer got an e-mail for each refund');
    } finally {
      await context.close();
      await shop.close();
    }
  });
}

test.run();
