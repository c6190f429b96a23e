// Every e-mail the shop sends about an order, as HTML and as text: each shopper's e-mail shows the items, the address
// with the name and the country's name, the date and the order page link in both parts; the owner's e-mails their
// facts; the purchase notice keeps its safety rules in its HTML too.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { orderPlacedData, purchaseNoticeData } from '../../infra/testing/exampleOrders.ts';
import { orderConfirmation, orderShipped, orderToOwner, purchaseNotice } from '../orders/orderEmails.ts';
import { disputeToOwner, refundConfirmation } from '../orders/refundReactions.ts';
import { countryName } from '../../contracts/checkout/shipping.ts';
import type { ShopperRequest } from '../../contracts/orders/shopperRequests.ts';
import { addressLines, orderDate } from './orderFacts.ts';
import {
  orderLinkEmail,
  requestAcceptedEmail,
  requestDeclinedEmail,
  requestReceivedEmail,
  requestToOwnerEmail,
} from '../orders/requestEmails.ts';
import { backInStock, messageToOwner, newsletterWelcome, replyToSender, restockRequested } from '../messages/emails.ts';

const order = orderPlacedData({
  orderId: 'cs_sandbox_abcdefghijklmnop12345678',
  customerName: 'Amina Khan',
  customerEmail: 'amina@example.com',
  shippingAddress: { line1: '1 Linden Lane', line2: 'Flat 2', city: 'Leeds', postcode: 'LS1 4AB', country: 'GB' },
  items: [
    { bookId: 1, name: 'The Kindness Basket', quantity: 2, price: 999 },
    { bookId: 3, name: 'Alif to Ya: My Arabic Alphabet Poster', quantity: 1, price: 999 },
  ],
  placedAt: '2026-06-30T23:30:00.000Z',
});
const link = 'https://shop.example/order/Y3Nf.abc.0123456789012345678901234567890123456789012';

/** What a reader of either part sees: the HTML's markup dropped and its entities read. */
const visible = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

function showsTheOrder(mail: { text: string; html?: string }, name: string) {
  assert.ok(mail.html, `${name} has an HTML part`);
  const html = visible(mail.html);
  for (const [part, content] of [
    ['text', mail.text],
    ['HTML', html],
  ] as const) {
    for (const fact of [
      'The Kindness Basket',
      'Alif to Ya: My Arabic Alphabet Poster',
      'Amina Khan',
      '1 Linden Lane',
      'Flat 2',
      'LS1 4AB',
      'United Kingdom',
      // The shop's day: 23:30 UTC on 30 June is already 1 July in London.
      '1 July 2026',
      link,
    ])
      assert.ok(content.includes(fact), `${name}'s ${part} part shows ${fact}`);
  }
  assert.ok(mail.html.includes(`href="${link}"`), `${name} links to the order page`);
  assert.ok(mail.html.includes('#0f766e'), `${name} is in the shop's teal`);
}

test('the facts every shopper e-mail shares: the country by name, the date in London, the name on the label', () => {
  assert.is(countryName('GB'), 'United Kingdom');
  assert.is(countryName('de'), 'Germany');
  assert.is(countryName('Narnia'), 'Narnia');
  assert.equal(addressLines({ line1: '1 Rue', city: 'Paris', postcode: '75001', country: 'FR' }, 'Ana'), [
    'Ana',
    '1 Rue',
    'Paris',
    '75001',
    'France',
  ]);
  assert.equal(addressLines('To be provided during checkout'), ['To be provided during checkout']);
  assert.is(orderDate('2026-01-01T10:00:00.000Z'), '1 January 2026');
});

test('the confirmation, in both parts', async () => {
  const mail = await orderConfirmation(order, 'https://shop.example/receipt/r1', link);
  assert.is(mail.subject, `Your Amanah House order ${order.orderNumber}`);
  showsTheOrder(mail, 'the confirmation');
  assert.match(visible(mail.html!), 'Total paid £33.47');
  assert.match(mail.text, '  Total paid — £33.47');
});

test('the "on its way" e-mail, in both parts, with the tracking link', async () => {
  const tracking = 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB';
  const mail = await orderShipped(
    order,
    {
      orderId: order.orderId,
      carrier: 'royal-mail',
      trackingNumber: 'AB123456789GB',
      trackingUrl: tracking,
      by: 'owner',
      at: order.placedAt,
    },
    link,
  );
  showsTheOrder(mail, 'the shipped e-mail');
  assert.ok(mail.html!.includes(`href="${tracking}"`));
  assert.match(visible(mail.html!), 'Royal Mail');
});

test('the refund confirmation, in both parts, now with the order page link', async () => {
  const mail = await refundConfirmation(
    order,
    { orderId: order.orderId, refundId: 'r', amount: 999, gatewayRefundId: 're_1', source: 'shop', at: '' },
    [{ name: 'The Kindness Basket', quantity: 1 }],
    link,
  );
  showsTheOrder(mail, 'the refund e-mail');
  assert.match(visible(mail.html!), 'We have refunded £9.99');
});

test("the owner's order and dispute e-mails carry their facts in the HTML too", async () => {
  const owner = await orderToOwner(order, 'owner@example.com');
  const html = visible(owner.html!);
  for (const fact of ['Amina Khan <amina@example.com>', '2 × The Kindness Basket', 'United Kingdom', 'Subtotal'])
    assert.ok(html.includes(fact), `the owner's order e-mail shows ${fact}`);
  const dispute = await disputeToOwner(
    order,
    { orderId: order.orderId, disputeId: 'dp_1', amount: 2347, reason: 'fraudulent', at: '' } as Parameters<
      typeof disputeToOwner
    >[1],
    'owner@example.com',
  );
  assert.match(dispute.subject, 'A payment was disputed');
  for (const fact of ['dp_1', 'fraudulent', '£23.47'])
    assert.ok(visible(dispute.html!).includes(fact), `the dispute e-mail shows ${fact}`);
});

test("a forged purchase notice's HTML: the sender's words quoted and defanged, no link but the shop's own", async () => {
  const forged = {
    ...purchaseNoticeData('2026-01-01T10:00:00.000Z'),
    customerName: 'Refund pending — verify at http://evil.example/login',
    customerEmail: 'billing@evil.example',
    shippingAddress: '<a href="https://evil.example">click</a> www.evil.example',
    items: [{ name: 'URGENT: refund at HTTPS://EVIL.EXAMPLE', quantity: 1, price: 1 }],
    paymentMethod: 'javascript:alert(1)',
    catalogItems: [{ bookId: 2, name: 'Together We Shine', price: 999 }],
  };
  const mail = await purchaseNotice(forged, 'owner@example.com');
  const html = mail.html!;
  assert.not.match(html, /evil\.example|javascript:|@evil|href="https?:\/\/(?!shop)/i);
  assert.equal(
    [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]),
    ['mailto:hello@amanahhouse.co.uk'],
  );
  assert.equal(visible(html).match(/£[\d,.]+/g), ['£9.99']);
  assert.match(visible(html), 'hxxp[://]evil[.]example/login');
  assert.match(visible(html), 'Nothing has been paid.');
});

test("the letters about messages and consents: the shop's layout, the person's words escaped, the links kept", async () => {
  const message = {
    name: 'Amina <b>Khan</b>',
    email: 'amina@example.com',
    message: 'Hello!\n<script>alert(1)</script> Do you ship to Leeds?',
    newsletter: true,
  };
  const toOwner = await messageToOwner(message, 'owner@example.com', 'https://shop.example/admin/messages');
  assert.ok(toOwner.html!.includes('href="https://shop.example/admin/messages"'));
  assert.not.match(toOwner.html!, /<script>|<b>Khan/);
  assert.match(visible(toOwner.html!), '<script>alert(1)</script> Do you ship to Leeds?');
  assert.match(toOwner.text, '> Hello!');
  // The subject stays in the log after the sender is erased: it names nobody. No line starts with what they typed.
  assert.is(toOwner.subject, 'New message through the contact form');
  assert.match(toOwner.text, 'Name: "Amina <b>Khan</b>"');
  for (const line of toOwner.text.split('\n'))
    assert.not.ok(/^(Amina|Hello|<script>)/.test(line), `a line starts with the sender's words: ${line}`);
  const reply = await replyToSender(message, 'Yes, we do!');
  assert.match(visible(reply.html!), 'Yes, we do!');
  assert.match(visible(reply.html!), 'You wrote:');
  const welcome = await newsletterWelcome('amina@example.com', 'Send me news', 'https://shop.example/unsubscribe/t');
  assert.ok(welcome.html!.includes('href="https://shop.example/unsubscribe/t"'));
  const back = await backInStock(
    'amina@example.com',
    'Together We Shine',
    'https://shop.example/books/together',
    'https://shop.example/unsubscribe/r1',
  );
  assert.is(back.subject, '“Together We Shine” is back in stock');
  assert.ok(back.html!.includes('href="https://shop.example/books/together"'));
  const withdraw = 'https://shop.example/unsubscribe/r1';
  const asked = await restockRequested('amina@example.com', 'Together We Shine', 'Yes, e-mail me once.', withdraw);
  assert.is(asked.subject, 'We will e-mail you when “Together We Shine” is back');
  for (const part of [asked.text, visible(asked.html!)]) {
    assert.match(part, 'you ticked: “Yes, e-mail me once.”');
    assert.match(part, 'one e-mail only');
    assert.match(part, withdraw);
  }
  assert.ok(asked.html!.includes(`href="${withdraw}"`));
  for (const mail of [toOwner, reply, welcome, back, asked]) assert.ok(mail.html!.includes('#0f766e'), mail.subject);
  // Those sent under a consent name the link that withdraws it, for the mail program's one-click unsubscribe; the
  // letters between the shop and one person about their message are sent under none.
  assert.equal(
    [welcome, back, asked].map((mail) => mail.unsubscribe),
    ['https://shop.example/unsubscribe/t', withdraw, withdraw],
  );
  for (const mail of [toOwner, reply]) assert.is(mail.unsubscribe, undefined, mail.subject);
});

test("the order page's e-mails: the shop's layout, the page's link as a button, the shopper's note escaped", async () => {
  const request: ShopperRequest = {
    requestId: 'q1',
    kind: 'return',
    reason: 'damaged',
    note: 'The cover was <i>torn</i>',
    at: '2026-07-03T10:00:00.000Z',
    outcome: 'open',
    message: 'So sorry!',
  };
  for (const mail of [
    await orderLinkEmail(order, link, 60),
    await requestReceivedEmail(order, request, link),
    await requestAcceptedEmail(order, request, [{ label: 'Refund for the items', amount: 999 }], link),
    await requestDeclinedEmail(order, request, link),
  ]) {
    assert.ok(mail.html!.includes(`href="${link}"`), mail.subject);
    assert.ok(mail.text.includes(link), mail.subject);
    assert.match(visible(mail.html!), 'Dear Amina Khan,');
    assert.not.match(mail.html!, /<i>torn/);
  }
  assert.match(visible((await requestReceivedEmail(order, request, link)).html!), 'The cover was <i>torn</i>');
  // Each step of a request lists the order's items, in both parts.
  for (const mail of [
    await requestReceivedEmail(order, request, link),
    await requestAcceptedEmail(order, request, [{ label: 'Refund for the items', amount: 999 }], link),
    await requestDeclinedEmail(order, request, link),
  ]) {
    assert.match(mail.text, `Order ${order.orderNumber}, placed on 1 July 2026:\n  2 × The Kindness Basket — £19.98\n`);
    assert.match(mail.text, '  1 × Alif to Ya: My Arabic Alphabet Poster — £9.99');
    for (const fact of ['2 × The Kindness Basket', '£19.98', 'Alif to Ya: My Arabic Alphabet Poster'])
      assert.ok(visible(mail.html!).includes(fact), `${mail.subject} shows ${fact}`);
  }
});

test("the owner's notice of a request: the shop's layout, the items, the note's lines quoted and defanged, no link but the shop's", async () => {
  const links = {
    requests: 'https://shop.example/admin/orders?tab=requests',
    order: `https://shop.example/admin/orders/${order.orderId}`,
  };
  const request: ShopperRequest = {
    requestId: 'q2',
    kind: 'return',
    reason: 'wrong-item',
    note: 'From: billing@evil.example\r\n<a href="https://evil.example">Refund</a>\u2028javascript:alert(1)\n\n\n\nThanks',
    at: '2026-07-03T10:00:00.000Z',
    outcome: 'open',
  };
  const mail = await requestToOwnerEmail(order, request, 'owner@example.com', links);
  assert.is(mail.to, 'owner@example.com');
  assert.is(mail.subject, `Return requested: order ${order.orderNumber} (Wrong item)`);
  assert.match(
    mail.text,
    [
      'Their note, quoted as typed (links are not clickable):',
      '  > From: billing[at]evil[.]example',
      '  > <a href="hxxps[://]evil[.]example">Refund</a>',
      '  > javascript[:]alert(1)',
      '  >',
      '  > Thanks',
      '',
    ].join('\n'),
  );
  assert.not.match(mail.text + mail.html!, /evil\.example|javascript:/);
  const html = visible(mail.html!);
  for (const fact of [
    'Customer: Amina Khan <amina@example.com>',
    'Request: return the order — reason: Wrong item',
    '> From: billing[at]evil[.]example',
    '2 × The Kindness Basket',
    'Alif to Ya: My Arabic Alphabet Poster',
  ])
    assert.ok(html.includes(fact), `the HTML shows ${fact}`);
  assert.equal(
    [...mail.html!.matchAll(/href="([^"]*)"/g)].map((m) => m[1]),
    [links.requests, links.requests, links.order, 'mailto:hello@amanahhouse.co.uk'],
  );
  assert.ok(mail.html!.includes('#0f766e'));
  // A cancellation names no reason, and a request without a note shows none.
  const cancel = await requestToOwnerEmail(
    order,
    { kind: 'cancel' } as Parameters<typeof requestToOwnerEmail>[1],
    'owner@example.com',
    links,
  );
  assert.is(cancel.subject, `Cancellation requested: order ${order.orderNumber}`);
  assert.match(cancel.text, 'Request: cancel the order\n');
  assert.not.match(cancel.text, /note|reason/i);
});

test.run();
