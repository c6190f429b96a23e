// The shopper's order page over HTTP (decision 086): a signed link shows its own order and nothing else; any other
// token is one 404; an expired one shows nothing but offers a fresh link; the lookup form answers the same for real and
// invented orders and is limited per address; a cancellation accepted by the owner is refunded through the refund
// decider; the return window follows the shop's clock; each new request tells the owner once, the shopper's note
// quoted so that no line of the notice starts with what they typed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually } from '../../infra/testing/assert.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { allEvents, ofType, outboxTexts, paidCartCheckout, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import { call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { signAdminToken } from '../admin/tokens.ts';
import { orderLinkKey, orderLinkToken, freshOrderLinkToken } from '../http/orderLinks.ts';
import { requestMessages } from '../../contracts/orders/shopperRequests.ts';
import type { ShopperOrderView } from '../../contracts/orders/shopperOrder.ts';
import type { AdminOrder } from '../../contracts/orders/console.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { requestReactions } from './requestReactions.ts';

const day = 86_400_000;
// After receipts were first numbered, so orders have receipts and refunds credit notes.
let now = new Date('2026-12-01T09:00:00.000Z');
const clock = () => now;

let shop: TestShop;
let auth: Record<string, string>;
let key: Buffer;
test.before(async () => {
  shop = await startTestShop({ ...sandboxShopEnv, RATE_LIMITS: 'orderLookups=1000/900' }, { clock });
  // Signed on the shop's clock, for the weeks the return window's test moves it on.
  auth = {
    authorization: `Bearer ${signAdminToken(shop.shop.deps.jwtSecret, shop.shop.deps.admin.username, 60 * 86_400, undefined, now.getTime())}`,
  };
  key = orderLinkKey(shop.shop.deps.jwtSecret);
});
test.after(() => shop.close());

const tokenOf = (orderId: string) => freshOrderLinkToken(key, orderId, now);
const page = (token: string) => call(`${shop.url}/api/order-page/${token}`);
const adminOrder = async (id: string): Promise<AdminOrder> =>
  (await call(`${shop.url}/api/admin/orders/${id}`, { headers: auth })).json.order;
const settle = async () => {
  const head = await shop.shop.deps.events.headPosition();
  await shop.shop.deps.effects.waitFor(head, 20_000);
  await shop.shop.deps.waiter.waitFor(head, 20_000);
};
const mailsTo = (address: string, subject: RegExp) =>
  outboxTexts(shop).filter((text) => text.toLowerCase().includes(address.toLowerCase()) && subject.test(text));
/** One part of an outbox e-mail (`plain` or `html`), as its reader sees it. */
function partOf(mail: string, type: 'plain' | 'html'): string {
  const part = new RegExp(`Content-Type: text/${type}[^\\n]*\\n(?:[^\\n]+\\n)*\\n([\\s\\S]*?)\\n--`).exec(mail)?.[1];
  if (part === undefined) throw new Error(`the e-mail has no ${type} part`);
  return part;
}
const textPart = (mail: string) => partOf(mail, 'plain');
const htmlPart = (mail: string) => partOf(mail, 'html');
/** The shop's address as its e-mails' links carry it: without PUBLIC_URL, where the request reached it (decision 112). */
const linksBase = () => shop.url;
/** The owner's notices of requests on the order numbered `orderNumber`. */
const ownerNotices = (orderNumber: string) =>
  mailsTo(sandboxShopEnv.OWNER_EMAIL, new RegExp(`Subject: (Cancellation|Return) requested: order ${orderNumber}\\b`));
/** The EmailSent events of one kind about one request, under whichever notification they were recorded. */
const sentAbout = async (kind: string, requestId: string) =>
  ofType(await allEvents(shop), 'EmailSent').filter((e) => e.data.kind === kind && e.stream.endsWith(requestId));
/** The shop's reactions to a request event, run again as a replay would. */
async function replay(orderId: string, type: 'CancellationRequested' | 'ReturnRequested') {
  const event = (await shop.shop.deps.events.readStream(orderStream(orderId))).find((e) => e.type === type)!;
  const reactions = requestReactions(shop.shop.deps);
  await Promise.all([reactions[type]!(event), reactions[type]!(event)]);
  await reactions[type]!(event);
}

async function ship(orderId: string, trackingNumber = 'KD752736430GB') {
  const order = await adminOrder(orderId);
  const res = await call(`${shop.url}/api/admin/orders/${orderId}/status`, {
    headers: auth,
    body: {
      status: 'shipped',
      notes: 'Packed by Yusuf; customer sounded worried on the phone',
      expectedRevision: order.revision,
      shipment: { carrier: 'royal-mail', trackingNumber },
    },
  });
  assert.is(res.status, 200, res.text);
}

async function setStatus(orderId: string, status: string) {
  const order = await adminOrder(orderId);
  const res = await call(`${shop.url}/api/admin/orders/${orderId}/status`, {
    headers: auth,
    body: { status, notes: '', expectedRevision: order.revision },
  });
  assert.is(res.status, 200, res.text);
}

test('a valid link shows its order: status, timeline with tracking, items, totals, address; nothing internal', async () => {
  const orderId = 'pi_page_shown_0001';
  await placeOrders(shop, [
    orderPlacedData({ orderId, placedAt: now.toISOString(), paymentReference: 'pi_secret_reference_123' }),
  ]);
  await call(`${shop.url}/api/admin/orders/${orderId}/notes`, {
    headers: auth,
    body: { text: 'Internal: VIP, check address twice' },
  });
  await ship(orderId);
  const res = await page(tokenOf(orderId));
  assert.is(res.status, 200, res.text);
  const view = res.json as ShopperOrderView;
  assert.is(view.status, 'shipped');
  assert.is(view.orderNumber, orderPlacedData({ orderId }).orderNumber);
  assert.equal(view.addressLines, ['12 Rosewood Close', 'Leicester', 'LE2 3AB', 'United Kingdom']);
  assert.is(view.total, 1349);
  const shipped = view.timeline.find((e) => e.kind === 'shipped')!;
  assert.match(shipped.detail!, /Royal Mail, tracking number KD752736430GB/);
  assert.match(shipped.link!.href, /royalmail\.com.*KD752736430GB/);
  for (const secret of ['pi_secret_reference_123', 'Internal: VIP', 'Packed by Yusuf', 'maryam@example.com', orderId])
    assert.not.ok(res.text.includes(secret), `the page must not show ${secret}`);
  assert.is(res.headers.get('cache-control'), 'no-store');
  assert.is(res.headers.get('referrer-policy'), 'no-referrer');
  assert.is(view.cancel.allowed, false);
  assert.is(view.returns.allowed, true);
});

test('any token the shop did not sign is the same 404: altered, neighbouring orders, nonsense', async () => {
  const orderId = 'pi_page_altered_0002';
  const other = 'pi_page_altered_0003';
  await placeOrders(shop, [
    orderPlacedData({ orderId, placedAt: now.toISOString() }),
    orderPlacedData({ orderId: other, placedAt: now.toISOString(), customerName: 'Other Shopper' }),
  ]);
  const token = tokenOf(orderId);
  const altered = new Set<string>();
  for (let i = 0; i < token.length; i += 3) {
    const c = token[i]!;
    altered.add(token.slice(0, i) + (c === 'A' ? 'B' : 'A') + token.slice(i + 1));
  }
  const forged = [
    ...altered,
    // a neighbouring order's id under this token's MAC and expiry
    `${Buffer.from('pi_page_altered_0004', 'utf8').toString('base64url')}.${token.split('.')[1]}.${token.split('.')[2]}`,
    `${Buffer.from(other, 'utf8').toString('base64url')}.${token.split('.')[1]}.${token.split('.')[2]}`,
    'nonsense',
    token + 'x',
    token.slice(0, -1),
  ];
  const bodies = new Set<string>();
  for (const bad of forged) {
    if (bad === token) continue;
    const res = await page(encodeURIComponent(bad));
    assert.is(res.status, 404, bad);
    bodies.add(res.text);
    assert.not.ok(res.text.includes('Maryam'));
  }
  assert.is(bodies.size, 1, 'every invalid token answers the same body');
  assert.match([...bodies][0]!, requestMessages.linkNotFound);
  // The other order's own token shows the other order only.
  const theirs = await page(tokenOf(other));
  assert.is(theirs.status, 200);
  assert.is(theirs.json.customerName, 'Other Shopper');
  assert.not.ok(theirs.text.includes(orderPlacedData({ orderId }).orderNumber));
});

test('an expired link shows nothing of the order and sends a fresh link to the order’s address, three a day', async () => {
  const orderId = 'pi_page_expired_0005';
  await placeOrders(shop, [
    orderPlacedData({ orderId, placedAt: now.toISOString(), customerEmail: 'expired.link@example.com' }),
  ]);
  const expired = orderLinkToken(key, orderId, new Date(now.getTime() - 1000));
  const res = await page(expired);
  assert.is(res.status, 410);
  assert.is(res.json.message, requestMessages.linkExpired);
  for (const shown of ['Maryam', 'Rosewood', 'Kindness', orderPlacedData({ orderId }).orderNumber])
    assert.not.ok(res.text.includes(shown), shown);
  for (let i = 0; i < 4; i++) {
    const sent = await call(`${shop.url}/api/order-page/${expired}/fresh-link`, { body: {} });
    assert.is(sent.status, 200, sent.text);
    assert.is(sent.json.message, requestMessages.freshLinkSent);
  }
  await settle();
  const mails = mailsTo('expired.link@example.com', /Subject: Your link to/);
  assert.is(mails.length, 3, 'at most three fresh links a day');
  // The e-mailed link opens the page.
  const link = /\/order\/([A-Za-z0-9_.-]+)/.exec(mails[0]!)![1]!;
  assert.is((await page(link)).status, 200);
  const recorded = ofType(await allEvents(shop), 'EmailSent').filter(
    (e) => (e.data as { kind: string }).kind === 'order-link',
  );
  assert.ok(recorded.length >= 3);
  // An invalid token cannot ask for one.
  assert.is((await call(`${shop.url}/api/order-page/nonsense/fresh-link`, { body: {} })).status, 404);
});

test('the lookup form answers the same for a real and an invented order; only the real one is e-mailed', async () => {
  const orderId = 'pi_lookup_real_0006';
  const data = orderPlacedData({ orderId, placedAt: now.toISOString(), customerEmail: 'Lookup.Real@Example.com' });
  await placeOrders(shop, [data]);
  const real = await call(`${shop.url}/api/order-lookup`, {
    body: {
      orderNumber: data.orderNumber.replace('AH-', '').toLowerCase(),
      email: 'lookup.real@example.com ',
      postcode: 'le23ab',
    },
  });
  const invented = await call(`${shop.url}/api/order-lookup`, {
    body: { orderNumber: 'AH-NOTREAL1', email: 'nobody@example.com', postcode: 'LE2 3AB' },
  });
  const wrongPostcode = await call(`${shop.url}/api/order-lookup`, {
    body: { orderNumber: data.orderNumber, email: 'lookup.real@example.com', postcode: 'SW1A 1AA' },
  });
  for (const res of [real, invented, wrongPostcode]) {
    assert.is(res.status, 202);
    assert.is(res.text, real.text);
  }
  assert.is(real.json.message, requestMessages.linkSent);
  await eventually(
    async () => {
      await settle();
      return mailsTo('Lookup.Real@Example.com', /Subject: Your link to/).length === 1;
    },
    10_000,
    'the fresh link',
  );
  assert.is(outboxTexts(shop).filter((t) => t.includes('nobody@example.com')).length, 0);
  const bad = await call(`${shop.url}/api/order-lookup`, { body: { orderNumber: '', email: 'x', postcode: 'y' } });
  assert.is(bad.status, 400);
});

test('a cancellation asked for on the page and accepted by the owner is refunded in full, copies back', async () => {
  const orderId = await paidCartCheckout(shop, [{ bookId: 1, quantity: 2 }]);
  await eventually(async () => (await adminOrder(orderId)) !== undefined, 10_000, 'the order');
  await settle();
  const token = tokenOf(orderId);
  const before = (await page(token)).json as ShopperOrderView;
  assert.is(before.cancel.allowed, true);
  assert.is(before.returns.allowed, false);
  const asked = await call(`${shop.url}/api/order-page/${token}/cancel`, {
    body: { expectedRevision: before.revision },
  });
  assert.is(asked.status, 200, asked.text);
  assert.is(asked.json.page.cancel.allowed, false);
  assert.ok(asked.json.page.timeline.some((e: { kind: string }) => e.kind === 'cancel-requested'));
  const again = await call(`${shop.url}/api/order-page/${token}/cancel`, { body: {} });
  assert.is(again.status, 409);
  await settle();
  const listed = await call(`${shop.url}/api/admin/shopper-requests`, { headers: auth });
  const open = listed.json.requests.find((r: { orderId: string }) => r.orderId === orderId);
  assert.ok(open, 'the owner sees the request');
  assert.is(open.kind, 'cancel');
  // The owner is told once, by e-mail: the order, who asked, its items, and where to answer; a replay sends no more.
  const placed = (await shop.shop.deps.events.readStream(orderStream(orderId))).find((e) => e.type === 'OrderPlaced')!
    .data as { orderNumber: string; customerName: string; customerEmail: string; items: { name: string }[] };
  const item = `2 × ${placed.items[0]!.name}`;
  await replay(orderId, 'CancellationRequested');
  const notices = ownerNotices(placed.orderNumber);
  assert.is(notices.length, 1, 'one notice to the owner');
  const notice = textPart(notices[0]!);
  for (const fact of [
    `A customer asked to cancel order ${placed.orderNumber} on their order page.`,
    `Customer: ${placed.customerName}`,
    'Request: cancel the order',
    item,
    `${linksBase()}/admin/orders?tab=requests`,
    `${linksBase()}/admin/orders/${orderId}`,
  ])
    assert.ok(notice.includes(fact), `the notice shows ${fact}`);
  assert.ok(htmlPart(notices[0]!).includes(`href="${linksBase()}/admin/orders?tab=requests"`));
  const recorded = await sentAbout('request-to-owner', open.requestId);
  assert.equal(
    recorded.map((e) => [e.data.notificationId, e.data.to]),
    [[`owner-request-${open.requestId}`, sandboxShopEnv.OWNER_EMAIL]],
  );
  assert.is(
    (await sentAbout('cancellation-requested', open.requestId))[0]!.data.notificationId,
    `request-${open.requestId}`,
  );
  // The shopper's letter lists the order's items.
  assert.ok(textPart(mailsTo(placed.orderNumber, /Subject: We have your request to cancel order/)[0]!).includes(item));
  // The public routes never answer the owner's.
  assert.is((await call(`${shop.url}/api/admin/shopper-requests`)).status, 401);
  const accepted = await call(`${shop.url}/api/admin/orders/${orderId}/requests/${open.requestId}/accept`, {
    headers: auth,
    body: { message: 'All done, sorry it was not the right time.', expectedRevision: open.revision },
  });
  assert.is(accepted.status, 200, accepted.text);
  await eventually(
    async () => {
      await settle();
      return ((await page(token)).json as ShopperOrderView).status === 'cancelled';
    },
    10_000,
    'the cancellation',
  );
  const events = await allEvents(shop);
  const refunds = ofType(events, 'RefundRequested').filter((e) => (e.data as { orderId: string }).orderId === orderId);
  assert.is(refunds.length, 2, 'the lines with their copies, then the delivery');
  assert.is((refunds[0]!.data as { restock?: boolean }).restock, true);
  const order = await adminOrder(orderId);
  assert.is(order.status, 'cancelled');
  await eventually(
    async () => {
      await settle();
      return (await adminOrder(orderId)).refunded === order.totalAmount;
    },
    10_000,
    'the refund paid back',
  );
  const view = (await page(token)).json as ShopperOrderView;
  assert.is(view.refunded, order.totalAmount);
  assert.ok(view.timeline.some((e) => e.kind === 'refunded'));
  assert.ok(view.timeline.some((e) => e.kind === 'request-accepted' && e.detail?.includes('All done')));
  // The owner's order page tells the same story.
  const ownerPage = (await call(`${shop.url}/api/admin/orders/${orderId}`, { headers: auth })).json.page;
  const titles = ownerPage.timeline.map((e: { title?: string }) => e.title ?? '');
  assert.ok(titles.includes('The customer asked to cancel this order'));
  assert.ok(titles.includes("The customer's request was accepted"));
  // The receipt link the page carries opens the receipt, with a credit note for each refund.
  assert.ok(view.receiptToken, 'a numbered order links its receipt');
  await eventually(
    async () => {
      await settle();
      const receipt = await call(`${shop.url}/api/receipts/${view.receiptToken}`);
      return receipt.status === 200 && receipt.json.creditNotes.length === 2;
    },
    10_000,
    'the credit notes',
  );
  const answered = await call(`${shop.url}/api/admin/orders/${orderId}/requests/${open.requestId}/decline`, {
    headers: auth,
    body: { message: 'no' },
  });
  assert.is(answered.status, 409);
  const cancelled = mailsTo(placed.orderNumber, /Subject: Order AH-\S+ is cancelled/);
  assert.is(cancelled.length, 1);
  assert.ok(textPart(cancelled[0]!).includes(item), 'the letter lists the items');
  assert.ok(htmlPart(cancelled[0]!).includes(placed.items[0]!.name));
  // One thing happened, so one e-mail (decision 112): the cancellation names every amount refunded and the total; the
  // two refunds it asked for, both paid by now, send nothing of their own.
  await settle();
  const shopper = placed.customerEmail;
  const afterAccepting = mailsTo(shopper, /Subject: (Order \S+ is cancelled|Your refund for)/);
  assert.is(afterAccepting.length, 1, 'one e-mail to the shopper for the cancellation and its refunds');
  const letter = textPart(afterAccepting[0]!);
  const [items, delivery] = refunds.map((e) => (e.data as { amount: number }).amount);
  assert.is(items! + delivery!, order.totalAmount);
  for (const fact of [
    `  Refund for the items — ${formatPence(items!)}`,
    `  Refund of the delivery — ${formatPence(delivery!)}`,
    `  Total refunded — ${formatPence(order.totalAmount)}`,
    `are refunding ${formatPence(order.totalAmount)} in all`,
  ])
    assert.ok(letter.includes(fact), `the letter shows ${fact}`);
  assert.match(htmlPart(afterAccepting[0]!).replace(/<[^>]+>/g, ' '), 'Total refunded');
  const refundIds = refunds.map((e) => (e.data as { refundId: string }).refundId);
  const refundMails = ofType(await allEvents(shop), 'EmailSent').filter(
    (e) => e.data.kind === 'refund-confirmation' && refundIds.some((id) => e.stream.endsWith(id)),
  );
  assert.is(refundMails.length, 0, 'no refund e-mail recorded');
  assert.is(ownerNotices(placed.orderNumber).length, 1, 'an answer sends the owner nothing');
});

test("a return's notice to the owner: one, to the shop's address, the reason and the note quoted, no line the shopper's", async () => {
  const orderId = 'pi_owner_notice_0010';
  const data = orderPlacedData({
    orderId,
    placedAt: now.toISOString(),
    customerName: 'Safiya Rahman',
    customerEmail: 'safiya.notice@example.com',
    items: [
      { name: 'The Kindness Basket', quantity: 2, price: 999, bookId: 1 },
      { name: 'Together We Shine', quantity: 1, price: 1099, bookId: 2 },
    ],
  });
  await placeOrders(shop, [data]);
  await ship(orderId);
  const note = [
    'From: billing@evil.example',
    'Subject: Refund approved',
    'https://evil.example/refund?id=1',
    '',
    'The cover was torn.\u2028To: owner@amanahhouse.co.uk',
  ].join('\n');
  const asked = await call(`${shop.url}/api/order-page/${tokenOf(orderId)}/return`, {
    body: { reason: 'damaged', note },
  });
  assert.is(asked.status, 200, asked.text);
  const requestId: string = asked.json.page.requests[0].requestId;
  await eventually(
    async () => {
      await settle();
      return ownerNotices(data.orderNumber).length > 0;
    },
    10_000,
    "the owner's notice",
  );
  await replay(orderId, 'ReturnRequested');
  await settle();
  const notices = ownerNotices(data.orderNumber);
  assert.is(notices.length, 1, 'one notice, a replay sends no second');
  assert.match(notices[0]!, `To: ${sandboxShopEnv.OWNER_EMAIL}`);
  assert.match(notices[0]!, `Subject: Return requested: order ${data.orderNumber} (Arrived damaged)`);
  const text = textPart(notices[0]!);
  for (const fact of [
    `A customer asked to return order ${data.orderNumber} on their order page.`,
    'Customer: Safiya Rahman <safiya.notice@example.com>',
    'Request: return the order — reason: Arrived damaged',
    '  2 × The Kindness Basket — £19.98',
    '  1 × Together We Shine — £10.99',
    '  > From: billing[at]evil[.]example',
    '  > Subject: Refund approved',
    '  > hxxps[://]evil[.]example/refund?id=1',
    '  >',
    '  > The cover was torn.',
    '  > To: owner[at]amanahhouse[.]co[.]uk',
    `${linksBase()}/admin/orders/${orderId}`,
  ])
    assert.ok(text.includes(fact), `the notice shows ${fact}`);
  // No line starts with the shopper's words: each of theirs is behind the quote mark, its links not links.
  for (const line of text.split('\n').filter((l) => !l.trim().startsWith(`${linksBase()}/admin/orders`)))
    assert.not.match(line, /^\s*(From|Subject|To):|^\s*https?:|^\s*The cover/i, `a line of the shopper's: ${line}`);
  assert.not.match(notices[0]!, /evil\.example|https:\/\/evil/);
  const html = htmlPart(notices[0]!);
  assert.ok(html.includes('&gt; From: billing[at]evil[.]example'), 'the HTML shows the same quoted lines');
  assert.equal(
    [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!).filter((href) => !href.startsWith(linksBase())),
    ['mailto:hello@amanahhouse.co.uk'],
    "no link but the shop's own: its console, and its address in the layout's footer",
  );
  const recorded = await sentAbout('request-to-owner', requestId);
  assert.equal(
    recorded.map((e) => [e.data.notificationId, e.data.to]),
    [[`owner-request-${requestId}`, sandboxShopEnv.OWNER_EMAIL]],
  );
  // The shopper's letter lists the items too, in both parts, and quotes their note as theirs.
  const letters = mailsTo('safiya.notice@example.com', /Subject: We have your return request for order/);
  assert.is(letters.length, 1);
  const letter = textPart(letters[0]!);
  assert.ok(letter.includes(`Order ${data.orderNumber}, placed on 1 December 2026:`), letter);
  assert.ok(letter.includes('  2 × The Kindness Basket — £19.98'), letter);
  assert.ok(letter.includes('  1 × Together We Shine — £10.99'), letter);
  assert.ok(htmlPart(letters[0]!).includes('Together We Shine'));
  // The owner's decline reaches the shopper with the items, and the owner no second notice.
  const listed = await call(`${shop.url}/api/admin/shopper-requests`, { headers: auth });
  const open = listed.json.requests.find((r: { requestId: string }) => r.requestId === requestId);
  const declined = await call(`${shop.url}/api/admin/orders/${orderId}/requests/${requestId}/decline`, {
    headers: auth,
    body: { message: 'We need the cover back first.', expectedRevision: open.revision },
  });
  assert.is(declined.status, 200, declined.text);
  await eventually(
    async () => {
      await settle();
      return mailsTo('safiya.notice@example.com', /Subject: About your return request/).length === 1;
    },
    10_000,
    'the decline',
  );
  const about = textPart(mailsTo('safiya.notice@example.com', /Subject: About your return request/)[0]!);
  assert.ok(about.includes('  1 × Together We Shine — £10.99'), about);
  assert.is(ownerNotices(data.orderNumber).length, 1);
});

test('a return may be asked for until 14 days after delivery, or 19 days after shipping without a delivery', async () => {
  const shippedOnly = 'pi_return_window_0007';
  const delivered = 'pi_return_window_0008';
  await placeOrders(shop, [
    orderPlacedData({ orderId: shippedOnly, placedAt: now.toISOString() }),
    orderPlacedData({ orderId: delivered, placedAt: now.toISOString() }),
  ]);
  const shippedAt = now.getTime();
  await ship(shippedOnly);
  await ship(delivered);
  now = new Date(shippedAt + 2 * day);
  await setStatus(delivered, 'delivered');
  const ask = (orderId: string, body: unknown) =>
    call(`${shop.url}/api/order-page/${tokenOf(orderId)}/return`, { body });
  // Bad input is a clear 400.
  assert.is((await ask(shippedOnly, { reason: 'bored' })).status, 400);
  assert.is((await ask(shippedOnly, { reason: 'other', note: 'x'.repeat(1001) })).status, 400);
  // Just past the window for the delivered order (2 + 14 days), still inside for the other (5 + 14 days).
  now = new Date(shippedAt + 16 * day + 1000);
  const late = await ask(delivered, { reason: 'changed-mind' });
  assert.is(late.status, 409);
  assert.is(late.json.message, requestMessages.windowClosed);
  const inTime = await ask(shippedOnly, { reason: 'damaged', note: 'The cover was torn.' });
  assert.is(inTime.status, 200, inTime.text);
  assert.is(inTime.json.page.requests[0].reason, 'Arrived damaged');
  // And the other side of the shipped-only order's edge.
  const other = 'pi_return_window_0009';
  now = new Date(shippedAt);
  await placeOrders(shop, [orderPlacedData({ orderId: other, placedAt: now.toISOString() })]);
  await ship(other);
  now = new Date(shippedAt + 19 * day + 1000);
  assert.is((await ask(other, { reason: 'wrong-item' })).status, 409);
  now = new Date(shippedAt + 19 * day - 1000);
  assert.is((await ask(other, { reason: 'wrong-item' })).status, 200);
});

test('200 lookups from one address: the limit answers 429 after ten', async () => {
  const limited = await startTestShop(sandboxShopEnv);
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await call(`${limited.url}/api/order-lookup`, {
        body: { orderNumber: `AH-GUESS${String(i).padStart(3, '0')}`, email: 'a@example.com', postcode: 'LE2 3AB' },
      });
      statuses.push(res.status);
    }
    assert.equal(statuses.slice(0, 10), Array(10).fill(202));
    assert.equal(statuses.slice(10), Array(190).fill(429));
  } finally {
    await limited.close();
  }
});

test.run();
