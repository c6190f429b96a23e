import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { EmailSent } from '../../contracts/checkout/events.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import { importDutiesNotice } from '../../contracts/content/importDuties.ts';
import { purchaseNoticeData } from '../../infra/testing/exampleOrders.ts';
import { orderConfirmation, orderToOwner, owedOrderEmails, purchaseNotice } from './orderEmails.ts';

const order: OrderPlaced['data'] = {
  orderId: 'cs_sandbox_abcdefghijklmnop12345678',
  orderNumber: 'AH-12345678',
  customerName: 'Amina Khan',
  customerEmail: 'amina@example.com',
  shippingAddress: { line1: '1 Linden Lane', city: 'Leeds', postcode: 'LS1 4AB', country: 'GB' },
  items: [{ bookId: 1, name: 'The Kindness Basket', quantity: 2, price: 999 }],
  subtotal: 1998,
  shippingCost: 350,
  total: 2348,
  currency: 'gbp',
  paymentMethod: 'Card via the test sandbox',
  paymentReference: 'cs_sandbox_abcdefghijklmnop12345678',
  status: 'completed',
  placedAt: '2026-01-01T10:00:00.000Z',
};

test("the shopper's confirmation names the order, what was bought, what was paid and where it goes", async () => {
  const mail = await orderConfirmation(order);
  assert.is(mail.to, 'amina@example.com');
  assert.is(mail.subject, 'Your Amanah House order AH-12345678');
  for (const line of [
    'Dear Amina Khan,',
    'AH-12345678',
    '2 × The Kindness Basket — £19.98',
    'Shipping — £3.50',
    'Total paid — £23.48',
    '1 Linden Lane',
    'LS1 4AB',
  ]) {
    assert.match(mail.text, line);
  }
});

test('a parcel leaving the UK: the confirmation says once, in both halves, that import taxes may be charged; a UK one does not', async () => {
  const paris = { line1: '3 Rue Cler', city: 'Paris', postcode: '75007', country: 'FR' };
  const abroad = await orderConfirmation({ ...order, shippingAddress: paris });
  assert.is(abroad.text.split(importDutiesNotice).length, 2);
  assert.ok(abroad.html?.includes('Import taxes and duties may be charged by the destination country'), abroad.html);
  // A gift bought in Paris and sent to Leeds stays in the UK.
  const home = await orderConfirmation({
    ...order,
    shippingAddress: paris,
    gift: { message: '', recipientAddress: order.shippingAddress as typeof paris },
  });
  assert.not.ok(home.text.includes(importDutiesNotice));
  assert.not.ok((await orderConfirmation(order)).text.includes(importDutiesNotice));
});

test('the owner hears who ordered what, and how it was paid', async () => {
  const mail = await orderToOwner(order, 'owner@amanahhouse.co.uk');
  assert.is(mail.to, 'owner@amanahhouse.co.uk');
  assert.is(mail.subject, 'New order AH-12345678 — £23.48');
  for (const line of [
    'Amina Khan <amina@example.com>',
    'Card via the test sandbox',
    'cs_sandbox_abcdefghijklmnop12345678',
    'Subtotal — £19.98',
  ])
    assert.match(mail.text, line);
});

test("a purchase notice says plainly that nothing is paid yet, with the catalogue's titles and prices", async () => {
  const mail = await purchaseNotice(purchaseNoticeData('2026-01-01T10:00:00.000Z'), 'owner@amanahhouse.co.uk');
  assert.is(mail.subject, 'Not paid yet — a shopper opened the payment page for Together We Shine');
  assert.ok(mail.text.startsWith('Nothing has been paid.'));
  assert.match(mail.text, '  Together We Shine — £9.99 each');
  assert.match(mail.text, '> Address: "To be provided during checkout"');
});

test("a forged notice: subject and figures from the catalogue, the sender's words quoted with their links inert", async () => {
  const forged = {
    ...purchaseNoticeData('2026-01-01T10:00:00.000Z'),
    customerName: 'Refund pending — verify at http://evil.example/login\nSubject: Payment received',
    customerEmail: 'billing@evil.example',
    shippingAddress: 'Go to https://evil.example or www.evil.example now',
    items: [
      { name: 'Together We Shine', quantity: 1, price: 999_999_999 },
      { name: 'URGENT: refund at HTTPS://EVIL.EXAMPLE', quantity: 1, price: 1 },
    ],
    totalAmount: 999_999_999,
    paymentMethod: 'javascript:alert(1)',
    catalogItems: [{ bookId: 2, name: 'Together We Shine', price: 999 }],
  };
  const mail = await purchaseNotice(forged, 'owner@amanahhouse.co.uk');
  assert.is(mail.subject, 'Not paid yet — a shopper opened the payment page for Together We Shine');
  // No link a mail program would make clickable, no amount the sender chose.
  assert.not.match(mail.text, /https?:\/\/|www\.|evil\.example|javascript:|@evil/i);
  assert.not.match(mail.text, /9,999,999|999999|£0\.01/);
  assert.match(
    mail.text,
    '> Name: "Refund pending — verify at hxxp[://]evil[.]example/login Subject: Payment received"',
  );
  assert.match(mail.text, '> E-mail: "billing[at]evil[.]example"');
  assert.match(mail.text, '> Item: "URGENT: refund at hxxps[://]EVIL[.]EXAMPLE"');
  assert.match(mail.text, '> Payment method: "javascript[:]alert(1)"');
  // Only the catalogue's price is a figure in it.
  assert.equal(mail.text.match(/£[\d,.]+/g), ['£9.99']);
  // Nothing the sender wrote starts a line of its own.
  for (const line of mail.text.split('\n')) assert.not.match(line, /^Subject:/);
  // Naming no book: said so, and the subject names none.
  const none = await purchaseNotice({ ...forged, catalogItems: [] }, 'owner@amanahhouse.co.uk');
  assert.is(none.subject, 'Not paid yet — a shopper opened the payment page');
  assert.match(none.text, 'The notice names no book from the catalogue.');
});

test('which e-mails an order owes follows from its events alone: the confirmation once an address is known, each kind once', async () => {
  const placedWithout = {
    type: 'OrderPlaced' as const,
    data: {
      ...order,
      customerName: 'Website Customer',
      customerEmail: '',
      shippingAddress: 'To be provided during checkout',
    },
  };
  const detailsAdded = {
    type: 'OrderCustomerDetailsAdded' as const,
    data: {
      orderId: order.orderId,
      customerName: 'Amina Khan',
      customerEmail: 'amina@example.com',
      source: 'shopper' as const,
      reason: '',
      by: 'shopper',
      at: order.placedAt,
    },
  };
  // Only the kind is read here: the rest of the record is left out.
  const sent = (kind: EmailSent['data']['kind']) => ({ type: 'EmailSent', data: { kind } }) as EmailSent;
  assert.equal(owedOrderEmails([], []).owed, []);
  assert.equal(owedOrderEmails([placedWithout], []).owed, ['order-to-owner']);
  assert.equal(owedOrderEmails([placedWithout], [sent('order-to-owner')]).owed, []);
  const completed = owedOrderEmails([placedWithout, detailsAdded], [sent('order-to-owner')]);
  assert.equal(completed.owed, ['order-confirmation']);
  assert.is((await orderConfirmation(completed.order!)).to, 'amina@example.com');
  assert.match((await orderConfirmation(completed.order!)).text, 'Dear Amina Khan,');
  assert.equal(
    owedOrderEmails([placedWithout, detailsAdded], [sent('order-to-owner'), sent('order-confirmation')]).owed,
    [],
  );
  assert.equal(owedOrderEmails([{ type: 'OrderPlaced', data: order }], []).owed, [
    'order-to-owner',
    'order-confirmation',
  ]);
});

test.run();
