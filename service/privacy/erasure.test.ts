// Forgetting a person: orders, a review and e-mails for one person, an erasure from the admin, and then every byte the
// shop keeps is searched for their name, e-mail address and postcode — the event log, the key file, the read models (in
// memory, in Redis, in the SQLite file), the outbox, an export and a backup taken after. The person uses everything of
// the shop that keeps a person's words: a gift to someone else with a message and a discount code, a contact message with
// the newsletter tick and the owner's reply, a back-in-stock request, requests on their order page (a return declined, a
// cancellation accepted, each named in the owner's answer) and a fresh link to it. The books stay as they were, and only
// the person's data goes: the owner's notes, who did what, the shop's own address and the amounts still read.
import type { ShopEventType } from '../../contracts/eventCatalog.ts';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { erased, removedWithCustomer } from '../../contracts/personalData.ts';
import type { OrderPageResponse, OrderTimelineEntry } from '../../contracts/orders/console.ts';
import { eventually } from '../../infra/testing/assert.ts';
import {
  allEvents,
  cardFormBody,
  cardOf,
  deliverWebhook,
  ofType,
  sandboxShopEnv,
  signedWebhook,
  testCards,
} from '../../infra/testing/checkout.ts';
import { eventsCli, exportAndCheck } from '../../infra/testing/eventsCli.ts';
import { redisText, startRedis } from '../../infra/testing/redis.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { emailKeyOf } from '../http/discountEmailKey.ts';
import { openShopLog } from '../log.ts';
import { logHasher } from '../logHashes.ts';
import { freshOrderLinkToken, orderLinkKey } from '../http/orderLinks.ts';

const person = {
  name: 'Zainab Quartermaine',
  email: 'Zainab.Quartermaine@example.org',
  line1: '17 Wisteria Crescent',
  city: 'Harrogate',
  postcode: 'HG7 3QZ',
};
const other = {
  name: 'Yusuf Abernathy',
  email: 'yusuf.abernathy@example.net',
  line1: '4 Kestrel Walk',
  city: 'Bath',
  postcode: 'BA2 9XW',
};
/** The tracking number of the person's parcel: it finds their address on the carrier's site. */
const tracking = 'RM 1234 5678 5GB';
/** Whom the person sends a gift, and what they write on it: the buyer's data (decision 085). */
const recipient = { name: 'Ottoline Fairweather', line1: '9 Marigold Terrace', city: 'Whitby', postcode: 'YO22 4PQ' };
const giftPhrase = 'marmalade sandwiches under the sycamore';
/** The person's own words: on their request to return, and in their contact message. */
const notePhrase = 'teapot-shaped dent';
const contactPhrase = 'our reading circle in Pateley Bridge';
/** What must be found nowhere once the person is erased (compared without regard to case). */
const needles = [
  person.name,
  person.email,
  person.postcode,
  person.line1,
  'Quartermaine',
  tracking,
  recipient.name,
  'Fairweather',
  recipient.line1,
  recipient.postcode,
  giftPhrase,
  notePhrase,
  contactPhrase,
];

type Buyer = typeof person;

async function paidOrder(shop: TestShop, buyer: Buyer, bookId = 1): Promise<string> {
  const started = await call(`${shop.url}/api/cart/checkout`, {
    body: { items: [{ bookId, quantity: 1 }], customerCountry: 'GB' },
  });
  assert.is(started.status, 200, started.text);
  const sessionId: string = started.json.sessionId;
  const paid = await call(`${shop.url}/api/sandbox/checkout-sessions/${sessionId}/pay`, {
    body: {
      shippingOptionId: 'uk-shipping',
      email: buyer.email,
      name: buyer.name,
      address: { line1: buyer.line1, city: buyer.city, postcode: buyer.postcode, country: 'GB' },
      card: { number: testCards.succeeds, expiry: '12 / 34', cvc: '123' },
    },
  });
  assert.is(paid.status, 200, paid.text);
  return sessionId;
}

/** Every file under a folder, with its bytes. */
function filesUnder(dir: string): { file: string; bytes: Buffer }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => ({ file, bytes: readFileSync(file) }));
}

/** The needles found in a text (each compared without case), for a message that names where. */
function found(text: string): string[] {
  const lower = text.toLowerCase();
  return needles.filter((needle) => lower.includes(needle.toLowerCase()));
}

function assertNowhere(where: string, text: string) {
  const hits = found(text);
  assert.equal(hits, [], `${where} still holds ${hits.join(', ')}`);
}

/** The live read models, every document and index entry. */
async function readModelsText(shop: TestShop): Promise<string> {
  const lines: string[] = [];
  for await (const line of shop.shop.readModels.reads.target.dump()) lines.push(line);
  return lines.join('\n');
}

/** The shop's own words and records on an order, which the person's erasure must leave as they are. */
const shopWords = {
  note: 'Second copy promised by the owner',
  statusNotes: 'Posted at the counter, first class',
  refund: 'Corner bent in the post',
};

/** The owner works on the person's order: a note, a change to shipped with notes and a tracking number, a refund. */
async function ownerWorksOn(shop: TestShop, owner: Record<string, string>, orderId: string) {
  const base = `${shop.url}/api/admin/orders/${encodeURIComponent(orderId)}`;
  const note = await call(`${base}/notes`, { body: { text: shopWords.note }, headers: owner });
  assert.is(note.status, 200, note.text);
  const { revision } = (await call(base, { headers: owner })).json.order as { revision: number };
  const shipped = await call(`${base}/status`, {
    body: {
      status: 'shipped',
      notes: shopWords.statusNotes,
      shipment: { carrier: 'royal-mail', trackingNumber: tracking },
      expectedRevision: revision,
    },
    headers: owner,
  });
  assert.is(shipped.status, 200, shipped.text);
  const refund = await call(`${base}/refunds`, { body: { amount: 150, reason: shopWords.refund }, headers: owner });
  assert.is(refund.status, 202, refund.text);
  await eventually(
    async () => ofType(await allEvents(shop), 'RefundSucceeded').length === 1,
    20_000,
    'the refund paid back',
  );
}

async function orderPage(shop: TestShop, owner: Record<string, string>, orderId: string): Promise<OrderPageResponse> {
  const page = await call(`${shop.url}/api/admin/orders/${encodeURIComponent(orderId)}`, { headers: owner });
  assert.is(page.status, 200, page.text);
  return page.json;
}

const stepOf = <K extends OrderTimelineEntry['kind']>(
  page: OrderPageResponse,
  kind: K,
  where: (step: Extract<OrderTimelineEntry, { kind: K }>) => boolean = () => true,
) => {
  const step = page.page.timeline.find(
    (s): s is Extract<OrderTimelineEntry, { kind: K }> =>
      s.kind === kind && where(s as Extract<OrderTimelineEntry, { kind: K }>),
  );
  assert.ok(step, `the timeline has a ${kind} step`);
  return step;
};

const books = async (shop: TestShop, owner: Record<string, string>) => {
  const [sales, stock] = await Promise.all([
    call(`${shop.url}/api/admin/sales`, { headers: owner }),
    call(`${shop.url}/api/admin/stock`, { headers: owner }),
  ]);
  assert.is(sales.status, 200, sales.text);
  assert.is(stock.status, 200, stock.text);
  return { sales: sales.json, stock: stock.json };
};

/** The data of the events of a type in the log as read. */
const dataOf = async (shop: TestShop, type: ShopEventType) =>
  ofType(await allEvents(shop), type).map((e) => e.data as Record<string, unknown>);

/** The kinds of e-mail recorded as sent so far. */
const kindsSent = async (shop: TestShop) => new Set((await dataOf(shop, 'EmailSent')).map((d) => d.kind as string));

/** A gift paid on the card form with a discount code: the person buys, the parcel goes to the recipient. */
async function giftOrder(shop: TestShop, owner: Record<string, string>): Promise<string> {
  const code = await call(`${shop.url}/api/admin/discounts`, {
    body: { code: 'KINDNESS-10', kind: 'percent', amount: 10, oncePerEmail: true },
    headers: owner,
  });
  assert.is(code.status, 201, code.text);
  const intent = await call(`${shop.url}/api/create-payment-intent`, {
    body: {
      ...cardFormBody('GB'),
      name: person.name,
      email: person.email,
      shipping: {
        name: person.name,
        address: { line1: person.line1, city: person.city, postal_code: person.postcode, country: 'GB' },
      },
      discountCode: 'kindness-10',
      gift: {
        message: `Happy birthday, Ottoline! Save me some ${giftPhrase}. Love, Zainab`,
        recipient: {
          name: recipient.name,
          address: { line1: recipient.line1, city: recipient.city, postal_code: recipient.postcode, country: 'GB' },
        },
      },
    },
  });
  assert.is(intent.status, 200, intent.text);
  const { paymentIntentId, clientSecret } = intent.json as { paymentIntentId: string; clientSecret: string };
  const confirmed = await call(`${shop.url}/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
    body: { clientSecret, card: cardOf(testCards.succeeds) },
  });
  assert.is(confirmed.status, 200, confirmed.text);
  const webhook = await deliverWebhook(shop, signedWebhook('payment_intent.succeeded', paymentIntentId));
  assert.ok(webhook.status < 300, webhook.text);
  await eventually(
    async () => (await dataOf(shop, 'DiscountRedeemed')).some((d) => d.orderId === paymentIntentId),
    20_000,
    'the gift order placed and its code redeemed',
  );
  return paymentIntentId;
}

/** The shopper's open request on an order, as the owner's Requests tab lists it. */
async function openRequest(shop: TestShop, owner: Record<string, string>, orderId: string): Promise<string> {
  let requestId: string | undefined;
  await eventually(
    async () => {
      const listed = await call(`${shop.url}/api/admin/shopper-requests`, { headers: owner });
      requestId = (listed.json.requests as { orderId: string; requestId: string }[]).find(
        (r) => r.orderId === orderId,
      )?.requestId;
      return requestId !== undefined;
    },
    20_000,
    'the request on the owner’s Requests tab',
  );
  return requestId!;
}

/**
 * The person uses the rest of the shop that keeps a person's words, after asking to return `orderId`: the owner declines
 * the return by name; a gift with a code, cancelled on its page and accepted by name; a fresh link to the order page by
 * the lookup form; a contact message with the newsletter tick, answered; a back-in-stock request, acknowledged and answered by stock.
 */
async function everythingElse(shop: TestShop, owner: Record<string, string>, orderId: string) {
  const declined = await call(
    `${shop.url}/api/admin/orders/${orderId}/requests/${await openRequest(shop, owner, orderId)}/decline`,
    {
      body: { message: `Dear ${person.name}, the dent came after delivery, so we cannot take it back.` },
      headers: owner,
    },
  );
  assert.is(declined.status, 200, declined.text);

  const giftId = await giftOrder(shop, owner);
  const giftToken = freshOrderLinkToken(orderLinkKey(shop.shop.deps.jwtSecret), giftId, new Date());
  const cancel = await call(`${shop.url}/api/order-page/${giftToken}/cancel`, { body: {} });
  assert.is(cancel.status, 200, cancel.text);
  const accepted = await call(
    `${shop.url}/api/admin/orders/${giftId}/requests/${await openRequest(shop, owner, giftId)}/accept`,
    { body: { message: `Cancelled for you, ${person.name}; Ottoline's copy is back on the shelf.` }, headers: owner },
  );
  assert.is(accepted.status, 200, accepted.text);
  await eventually(
    async () => (await dataOf(shop, 'RefundSucceeded')).filter((d) => d.orderId === giftId).length === 2,
    20_000,
    "the cancelled gift's refunds",
  );

  const { orderNumber } = (await dataOf(shop, 'OrderPlaced')).find((d) => d.orderId === orderId)! as {
    orderNumber: string;
  };
  const lookup = await call(`${shop.url}/api/order-lookup`, {
    body: { orderNumber, email: person.email, postcode: person.postcode },
  });
  assert.is(lookup.status, 202, lookup.text);

  const sent = await call(`${shop.url}/api/messages`, {
    body: {
      name: person.name,
      email: person.email,
      message: `Could you sign six copies for ${contactPhrase}? Zainab`,
      newsletter: true,
    },
  });
  assert.is(sent.status, 201, sent.text);
  const replied = await call(`${shop.url}/api/admin/messages/${sent.json.messageId}/reply`, {
    body: { reply: `Gladly, ${person.name}: six signed copies are yours.` },
    headers: owner,
  });
  assert.is(replied.status, 200, replied.text);

  // The third book is out of stock: recorded, then counted down to nothing; the person asks to hear when it is back.
  const stock = (path: string, body: unknown) =>
    call(`${shop.url}/api/admin/stock/3/${path}`, { body, headers: owner });
  assert.is((await stock('received', { quantity: 1, note: 'print run' })).status, 200);
  assert.is((await stock('corrections', { delta: -1, reason: 'counted' })).status, 200);
  const waiting = await call(`${shop.url}/api/books/3/back-in-stock`, { body: { email: person.email, consent: true } });
  assert.is(waiting.status, 201, waiting.text);
  assert.is((await stock('received', { quantity: 2, note: 'reprint' })).status, 200);

  const kinds = [
    'request-declined',
    'cancellation-requested',
    'request-accepted',
    'order-link',
    'message-to-owner',
    'message-reply',
    'newsletter-welcome',
    'restock-requested',
    'back-in-stock',
  ];
  await eventually(
    async () => {
      const sentNow = await kindsSent(shop);
      return kinds.every((kind) => sentNow.has(kind));
    },
    20_000,
    'the e-mails of everything else',
  );
  return giftId;
}

async function forgetAPerson(readStore: { env: Record<string, string>; redisUrl?: string }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-erasure-'));
  // The server's log, as the shop writes it in production (JSON lines through service/log.ts), at its most talkative
  // level, into a file of its own outside the data folder.
  const logDir = mkdtempSync(join(tmpdir(), 'shop-erasure-log-'));
  const logFile = join(logDir, 'shop.log');
  const logFd = openSync(logFile, 'w');
  const log = await openShopLog({ LOG_LEVEL: 'trace', NODE_ENV: 'production' }, { fd: logFd, pretty: false });
  const shop = await startTestShop(
    {
      ...sandboxShopEnv,
      DATA_DIR: dataDir,
      RATE_LIMITS: 'reviews=1000/1,checkouts=1000/1,sandbox=1000/1',
      ...readStore.env,
    },
    { logger: log.logger },
  );
  try {
    const owner = await adminHeaders(shop);
    const references = [
      await paidOrder(shop, person, 1),
      await paidOrder(shop, person, 2),
      await paidOrder(shop, other, 1),
    ];
    const review = await call(`${shop.url}/api/reviews/submit`, {
      body: {
        bookId: 1,
        customerName: person.name,
        customerEmail: person.email,
        rating: 5,
        reviewText: `Lovely book, says ${person.name} of ${person.city}`,
      },
    });
    assert.is(review.status, 201, review.text);
    // Every order's confirmation to the buyer and notice to the owner are out before the erasure.
    await eventually(
      async () => ofType(await allEvents(shop), 'EmailSent').length >= 6,
      20_000,
      'the e-mails of three orders',
    );
    const orderId = references[0]!;
    await ownerWorksOn(shop, owner, orderId);
    // The "on its way" and refund e-mails to the person are out too.
    await eventually(
      async () => ofType(await allEvents(shop), 'EmailSent').length >= 8,
      20_000,
      'the e-mails of the shipment and the refund',
    );
    // The person asks on their order page to return it, with a note that names them: the owner is e-mailed a notice
    // of it, to the shop's own address, with their name, their note and the order's number.
    const token = freshOrderLinkToken(orderLinkKey(shop.shop.deps.jwtSecret), orderId, new Date());
    const asked = await call(`${shop.url}/api/order-page/${token}/return`, {
      body: {
        reason: 'damaged',
        note: `Torn cover, a ${notePhrase}. Ring ${person.name} on arrival at ${person.postcode}.`,
      },
    });
    assert.is(asked.status, 200, asked.text);
    const noticeFiles = () => filesUnder(join(dataDir, 'outbox')).filter(({ file }) => /owner-request-/.test(file));
    await eventually(async () => noticeFiles().length === 1, 20_000, "the owner's notice of the return");
    assert.ok(found(noticeFiles()[0]!.bytes.toString('latin1')).length > 0, 'the notice names the person');
    const giftId = await everythingElse(shop, owner, orderId);
    await eventually(async () => noticeFiles().length === 2, 20_000, "the owner's notice of the cancellation");
    await eventually(
      async () => (await shop.shop.readModels.position()) >= (await shop.shop.deps.events.headPosition()),
      20_000,
      'the read models caught up',
    );
    const pageBefore = await orderPage(shop, owner, orderId);
    const ownerName = stepOf(pageBefore, 'note').by;
    const shopAddress = stepOf(pageBefore, 'emailSent', (s) => s.emailKind === 'order-to-owner').to;
    assert.is(shopAddress, sandboxShopEnv.OWNER_EMAIL);
    const orders = await call(`${shop.url}/api/admin/orders`, { headers: owner });
    assert.ok(found(orders.text).length > 0, 'the console shows the person before the erasure');
    const before = await books(shop, owner);

    // The owner downloads what is held about the other customer: their orders and e-mails, none of the person's.
    const access = await call(
      `${shop.url}/api/admin/privacy/access?reason=Subject%20access%20request&email=${encodeURIComponent(other.email)}`,
      { headers: owner },
    );
    assert.is(access.status, 200, access.text);
    assert.match(access.headers.get('content-disposition') ?? '', /attachment/);
    assert.is(access.json.orders.length, 1);
    assert.ok(access.json.emails.length >= 1, 'the e-mails sent to them');
    assert.ok(access.text.includes(other.postcode));
    assertNowhere("the other customer's download", access.text);
    // The person's own download holds everything of theirs: the gift and its recipient, their notes and messages, the
    // consent, the back-in-stock request and every e-mail to them.
    const mine = await call(
      `${shop.url}/api/admin/privacy/access?reason=Subject%20access%20request&email=${encodeURIComponent(person.email)}`,
      { headers: owner },
    );
    assert.is(mine.status, 200, mine.text);
    assert.is(mine.json.orders.length, 3, 'two orders and the gift');
    assert.is(mine.json.reviews.length, 1);
    const typesOf = (streams: { type: string }[][]) => streams.map((events) => events.map((e) => e.type));
    assert.equal(
      typesOf(mine.json.messages).sort(),
      [['MessageReceived', 'MessageAnswered'], ['NewsletterConsented'], ['RestockAlertRequested']],
      'the message and its reply, the consent, the back-in-stock request',
    );
    const requests = ['CancellationRequested', 'ReturnRequested', 'ShopperRequestAccepted', 'ShopperRequestDeclined'];
    assert.equal(
      typesOf(mine.json.orders)
        .flat()
        .filter((type) => requests.includes(type))
        .sort(),
      requests,
      'the requests on their order page and the owner’s answers',
    );
    const mineKinds = new Set((mine.json.emails as { data: { kind: string } }[]).map((e) => e.data.kind));
    for (const kind of [
      'order-link',
      'request-accepted',
      'request-declined',
      'message-reply',
      'restock-requested',
      'back-in-stock',
    ])
      assert.ok(mineKinds.has(kind), `the download holds the ${kind} e-mail`);
    for (const words of [recipient.name, recipient.line1, giftPhrase, notePhrase, contactPhrase])
      assert.ok(mine.text.includes(words), `the download holds ${words}`);

    const erasedNow = await call(`${shop.url}/api/admin/privacy/erase`, {
      body: { email: person.email.toUpperCase(), reason: 'Asked by e-mail to be forgotten' },
      headers: owner,
    });
    assert.is(erasedNow.status, 200, erasedNow.text);
    assert.ok(erasedNow.json.result.streams >= 5, erasedNow.text);
    assert.ok(erasedNow.json.result.outboxFiles >= 4, erasedNow.text);
    // The outbox's copy of the owner's notice went with the person (it names their order); its record stays the shop's,
    // to the shop's own address, as the owner's other e-mails' do.
    assert.equal(noticeFiles(), [], "the owner's notice of the person's request is gone from the outbox");
    const noticeSent = ofType(await allEvents(shop), 'EmailSent').filter(
      (e) => (e.data as { kind: string }).kind === 'request-to-owner',
    );
    assert.equal(
      noticeSent.map((e) => (e.data as { to: string }).to),
      [sandboxShopEnv.OWNER_EMAIL, sandboxShopEnv.OWNER_EMAIL],
    );
    // The discount code's record of the person's use keeps a keyed hash of their address, not the address: it keeps the
    // code once per address after the erasure, and is nothing without the shop's secret (decision 075).
    assert.equal(
      (await dataOf(shop, 'DiscountRedeemed')).filter((d) => d.orderId === giftId).map((d) => d.email),
      [emailKeyOf(shop.shop.deps.jwtSecret, person.email)],
    );
    // The shop's own address is no person's: asked about, it holds none of the e-mails to the owner.
    const shopsOwn = await call(
      `${shop.url}/api/admin/privacy/access?reason=Checking%20the%20shop&email=${encodeURIComponent(sandboxShopEnv.OWNER_EMAIL)}`,
      { headers: owner },
    );
    assert.is(shopsOwn.status, 200, shopsOwn.text);
    assert.equal(shopsOwn.json.emails, [], "the owner's notices are the shop's, not a person's");

    // The console shows the orders with the stand-ins: numbers, amounts and statuses stay.
    const after = await call(`${shop.url}/api/admin/orders`, { headers: owner });
    assertNowhere('the order console', after.text);
    assert.ok(after.text.includes(erased.name), 'the console reads "Erased customer"');
    assert.ok(after.text.includes(other.name), "the other customer's orders are untouched");
    assert.equal(await books(shop, owner), before, 'the sales and stock figures are unchanged');

    // Only the person's data went: the order's number, amounts, statuses, carrier, the owner's words and name, and the
    // shop's own address in its notice stay; what was the person's says it was removed with their data.
    const pageAfter = await orderPage(shop, owner, orderId);
    assertNowhere('the order page', JSON.stringify(pageAfter));
    assert.is(pageAfter.page.customerName, erased.name);
    assert.equal(
      [pageAfter.page.orderNumber, pageAfter.page.total, pageAfter.page.items, pageAfter.money, pageAfter.order.status],
      [
        pageBefore.page.orderNumber,
        pageBefore.page.total,
        pageBefore.page.items,
        pageBefore.money,
        pageBefore.order.status,
      ],
    );
    assert.ok(pageAfter.money.refunded === 150, 'the refund still counts');
    assert.equal(
      [stepOf(pageAfter, 'note').text, stepOf(pageAfter, 'note').by],
      [shopWords.note, ownerName],
      "the owner's note and name",
    );
    const change = stepOf(pageAfter, 'statusChanged', (s) => s.to === 'shipped');
    assert.equal(
      [change.notes, change.by],
      [shopWords.statusNotes, ownerName],
      "the status change's notes and who made it",
    );
    assert.equal(
      stepOf(pageAfter, 'payment', (s) => s.title.includes('asked for')).detail,
      shopWords.refund,
      "the refund's reason",
    );
    assert.is(
      stepOf(pageAfter, 'emailSent', (s) => s.emailKind === 'order-to-owner').to,
      shopAddress,
      "the shop's own address in its notice",
    );
    const shipment = stepOf(pageAfter, 'shipment');
    assert.equal(
      [shipment.carrier, shipment.trackingNumber, shipment.trackingUrl, shipment.by],
      ['royal-mail', removedWithCustomer, null, ownerName],
      'the carrier stays; the tracking number went',
    );
    assert.is(
      stepOf(pageAfter, 'emailSent', (s) => s.emailKind === 'order-confirmation').to,
      removedWithCustomer,
      "the customer's own address went",
    );
    const again = await call(`${shop.url}/api/admin/privacy/erase`, {
      body: { email: person.email, reason: 'Asked twice' },
      headers: owner,
    });
    assert.is(again.status, 404, again.text);
    const access2 = await call(
      `${shop.url}/api/admin/privacy/access?reason=Subject%20access%20request&email=${encodeURIComponent(person.email)}`,
      { headers: owner },
    );
    assert.is(access2.status, 200, access2.text);
    assert.equal(
      [access2.json.orders, access2.json.reviews, access2.json.messages, access2.json.emails],
      [[], [], [], []],
      'nothing is held about them',
    );
    assertNowhere("the person's own download after", JSON.stringify({ ...access2.json, email: '' }));

    const verified = await call(`${shop.url}/api/admin/audit/verify`, { method: 'POST', headers: owner });
    assert.is(verified.status, 200, verified.text);
    assert.is(verified.json.result.match, true, verified.text);
    assert.ok(references.length === 3);

    // The read models as the live generation holds them, and the backend behind them.
    assertNowhere('the live read models', await readModelsText(shop));
    if (readStore.redisUrl) assertNowhere('Redis', await redisText(readStore.redisUrl));

    // An export (checked) and a backup, made after.
    const work = mkdtempSync(join(tmpdir(), 'shop-erasure-out-'));
    try {
      const cli = (args: string[]) => eventsCli(args, { DATA_DIR: dataDir });
      const exportFile = join(work, 'log.ndjson');
      await exportAndCheck(cli, exportFile);
      assertNowhere('the export', readFileSync(exportFile, 'utf8'));
      const backup = await cli(['backup', join(work, 'backup.sqlite')]);
      assert.is(backup.code, 0, backup.stderr);
      assertNowhere("the backup command's output", `${backup.stdout}\n${backup.stderr}`);
      for (const { file, bytes } of filesUnder(work)) assertNowhere(file, bytes.toString('latin1'));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    // Every file in the data folder: the log, the key file, the read store file, the outbox, the payment sandbox.
    const files = filesUnder(dataDir);
    assert.ok(files.some((f) => f.file.endsWith('events.sqlite')));
    assert.ok(files.some((f) => f.file.endsWith('keys.sqlite')));
    for (const { file, bytes } of files) {
      assertNowhere(file, bytes.toString('latin1'));
      assertNowhere(`${file} (utf-16)`, bytes.toString('utf16le'));
    }
    assert.ok(
      filesUnder(join(dataDir, 'outbox')).some(({ bytes }) =>
        bytes.toString('latin1').toLowerCase().includes(other.email),
      ),
      "the other customer's e-mails stay",
    );
    // The server's log: every line written until now, the e-mails to the person and about them among them, names them
    // by a keyed hash at most (decision 095).
    await log.close();
    const logged = readFileSync(logFile);
    const mailLines = logged
      .toString('utf8')
      .split('\n')
      .filter((line) => line.includes('mail written to the outbox'));
    assert.ok(mailLines.length >= 10, `the log holds the e-mails sent (${mailLines.length})`);
    assertNowhere("the server's log", logged.toString('latin1'));
    assertNowhere("the server's log (utf-8)", logged.toString('utf8'));
    assert.ok(
      mailLines.some((line) => line.includes(logHasher(shop.shop.deps.jwtSecret)(person.email))),
      'the e-mails to the person are found together in the log by the hash of their address',
    );
  } finally {
    await shop.close();
    await log.close();
    closeSync(logFd);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(logDir, { recursive: true, force: true });
  }
}

test('an erased person is found in no byte the shop keeps (read models in the SQLite file); the books are unchanged', async () => {
  await forgetAPerson({ env: { READ_STORE: 'sqlite' } });
});

test('the same with the read models in memory', async () => {
  await forgetAPerson({ env: { READ_STORE: 'memory' } });
});

test('the same with the read models in Redis', async () => {
  const redis = await startRedis();
  try {
    await forgetAPerson({ env: { REDIS_URL: redis.url }, redisUrl: redis.url });
  } finally {
    await redis.stop();
  }
});

test.run();
