// Records a golden log of this release (decision 017): `npm run golden:record -- v2` runs a real shop on an empty
// DATA_DIR with sandbox payments, drives it through a scripted season over HTTP only, stops it, and writes
// infra/testing/golden/<version>/ with the data folder, the export, what check/export/verify printed and the answers of
// the read endpoints. It refuses to overwrite a folder that exists (`--force` replaces it).
//
// The season is fixed (no randomness in what is asked); ids, keys and times are the shop's own and differ per recording.
// The data folder carries its data key (data-key) and key store (keys.sqlite), so it opens without DATA_KEY.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../service/config.ts';
import { createShop } from '../composition/shop.ts';
import { cardOf, sandboxPayBody, signedEvent, testCards, testWebhookSecret } from './checkout.ts';
import { eventsCli } from './eventsCli.ts';
import { goldenRoot, type RecordedAnswer } from './golden.ts';
import { floodLimits } from './shop.ts';
import { fetchWithin } from './http.ts';
import { eventually } from './assert.ts';
import { codeAt, fromBase32, stepOf } from '../../service/admin/twoStep.ts';
import { freshOrderLinkToken, orderLinkKey } from '../../service/http/orderLinks.ts';
import { preOrderCancelKey, preOrderCancelToken } from '../../service/http/preOrderCancelLinks.ts';
import { ukDayOf } from '../../contracts/vat/rates.ts';
import { walletConfirmParams, walletSaveBody } from '../../contracts/checkout/walletPayment.ts';
import { pngOf } from './images.ts';

const version = process.argv[2] ?? '';
/** The season grows by a chapter per golden log; an earlier version's season is its chapters alone. */
const chapter = Number(version.slice(1));
const force = process.argv.includes('--force');
if (!/^v\d+$/.test(version)) {
  console.error('Usage: npm run golden:record -- vN [--force]');
  process.exit(1);
}
const out = join(goldenRoot, version);
if (existsSync(out) && !force) {
  console.error(
    `${out} exists; a golden log is never re-recorded in place (pass --force while it is not yet committed)`,
  );
  process.exit(1);
}

const owner = { username: 'owner', password: 'Golden-Log-Owner-2026' };
const jwtSecret = 'golden-log-recording-secret-0123456789abcdef';
const refundFailingCard = '4000 0000 0000 5126';
const scratch = mkdtempSync(join(tmpdir(), 'shop-golden-record-'));
const dataDir = join(scratch, 'data');
mkdirSync(dataDir, { recursive: true });
// The same owner as v1: its scrypt hash of the recorded password.
copyFileSync(join(goldenRoot, 'v1', 'data', 'admin.json'), join(dataDir, 'admin.json'));

const env = {
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  ADMIN_USERNAME: owner.username,
  JWT_SECRET: jwtSecret,
  STRIPE_WEBHOOK_SECRET: testWebhookSecret,
  OWNER_EMAIL: 'owner@amanahhouse.example.org',
  // From v3 on, the hourly cap of purchase notices from one address is the shop's own, so one is withheld.
  RATE_LIMITS:
    chapter >= 3
      ? floodLimits
          .split(',')
          .filter((rule) => !rule.startsWith('noticeMailsFromOne='))
          .join(',')
      : floodLimits,
};
const shop = await createShop(loadConfig(env), { logger: pino({ level: 'warn' }) });
const server = await shop.listen(0, '127.0.0.1');
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

type Answer = { status: number; json: any; text: string };
async function ask(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetchWithin(base + path, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined || body instanceof Uint8Array ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined
      ? {}
      : {
          // Bytes (an image) as they are, text as it is, anything else as JSON.
          body:
            body instanceof Uint8Array ? new Uint8Array(body) : typeof body === 'string' ? body : JSON.stringify(body),
        }),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: the text is the answer
  }
  return { status: res.status, json, text };
}
async function must(
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
  status = 200,
): Promise<any> {
  const answer = await ask(method, path, body, headers);
  if (answer.status !== status)
    throw new Error(`${method} ${path} answered ${answer.status}, not ${status}: ${answer.text}`);
  return answer.json;
}

// A mistyped password and an unknown name first.
await must('POST', '/api/admin/login', { ...owner, password: 'not-the-password' }, {}, 401);
await must('POST', '/api/admin/login', { username: 'someone', password: 'anything-at-all' }, {}, 401);
const signIn = await must('POST', '/api/admin/login', owner);
const auth = { authorization: `Bearer ${signIn.token}` };
const admin = (method: string, path: string, body?: unknown, status = 200) => must(method, path, body, auth, status);

// Stock arrives before the first sale, and one correction.
for (const [bookId, quantity] of [
  [1, 60],
  [2, 40],
  [3, 25],
] as const)
  await admin('POST', `/api/admin/stock/${bookId}/received`, {
    quantity,
    note: `Delivery from the printer, book ${bookId}`,
  });
await admin('POST', '/api/admin/stock/3/corrections', { delta: -2, reason: 'Two posters creased in the box' });

const buyers = [
  {
    name: 'Amina Khan',
    email: 'amina@example.com',
    line1: '1 Linden Lane',
    city: 'Leeds',
    postcode: 'LS1 4AB',
    country: 'GB',
  },
  {
    name: 'Yusuf Ali',
    email: 'yusuf@example.org',
    line1: '22 Harbour Street',
    city: 'Bristol',
    postcode: 'BS1 5TR',
    country: 'GB',
  },
  {
    name: 'Maryam Idris',
    email: 'maryam@example.com',
    line1: '5 Rue des Lilas',
    city: 'Lyon',
    postcode: '69001',
    country: 'FR',
  },
  {
    name: 'Zaid Noor',
    email: 'zaid@example.org',
    line1: '14 Keizersgracht',
    city: 'Amsterdam',
    postcode: '1015 CJ',
    country: 'NL',
  },
];
const payBody = (i: number, card: string = testCards.succeeds) => {
  const b = buyers[i % buyers.length]!;
  return {
    ...sandboxPayBody({
      card,
      country: b.country,
      shippingOptionId: b.country === 'GB' ? 'uk-shipping' : 'international-shipping',
    }),
    email: b.email,
    name: b.name,
    address: { line1: b.line1, city: b.city, postcode: b.postcode, country: b.country },
  };
};

/**
 * Pays a sandbox session as its page would: with the one rate the session offers for its destination's zone (decision
 * 099), which the page shows; the buyer's address and card as `payBody` gives them.
 */
async function paySession(sessionId: string, i: number, card: string = testCards.succeeds, status = 200) {
  const session = await must('GET', `/api/sandbox/checkout-sessions/${sessionId}`);
  const shippingOptionId = (session.shippingOptions as { id: string }[])[0]?.id ?? payBody(i, card).shippingOptionId;
  const answer = await ask('POST', `/api/sandbox/checkout-sessions/${sessionId}/pay`, {
    ...payBody(i, card),
    shippingOptionId,
  });
  if (status && answer.status !== status)
    throw new Error(`POST /api/sandbox/checkout-sessions/${sessionId}/pay answered ${answer.status}: ${answer.text}`);
}

/** A cart checkout paid on the sandbox's page; the success page then asks for its order. */
async function cartOrder(
  i: number,
  items: { bookId: number; quantity: number }[],
  card: string = testCards.succeeds,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const b = buyers[i % buyers.length]!;
  const started = await must('POST', '/api/cart/checkout', { items, customerCountry: b.country, ...extra });
  await paySession(started.sessionId, i, card);
  await must('POST', '/api/checkout/confirm', { sessionId: started.sessionId });
  return started.sessionId;
}

/** The card form: a payment intent, confirmed with a card, then saved. */
async function cardOrder(i: number, card: string = testCards.succeeds): Promise<string> {
  const b = buyers[i % buyers.length]!;
  const shipping = {
    name: b.name,
    address: { line1: b.line1, city: b.city, postal_code: b.postcode, country: b.country },
  };
  const intent = await must('POST', '/api/create-payment-intent', {
    name: b.name,
    email: b.email,
    shipping,
    bookTitle: 'The Kindness Basket',
  });
  await must('POST', `/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`, {
    clientSecret: intent.clientSecret,
    card: cardOf(card),
    shipping,
    receipt_email: b.email,
  });
  await must('POST', '/api/orders/save', {
    paymentIntentId: intent.paymentIntentId,
    name: b.name,
    email: b.email,
    shipping,
    status: 'completed',
  });
  return intent.paymentIntentId;
}

/** A direct purchase of one book, paid, with the page's purchase notice. */
async function directOrder(i: number): Promise<string> {
  const b = buyers[i % buyers.length]!;
  // One destination before paying (decision 099): the buyer's own country.
  const started = await must('POST', '/api/create-checkout-session', {
    customerCountry: b.country,
    items: [{ title: 'The Kindness Basket', quantity: 1 }],
    customerEmail: b.email,
  });
  await paySession(started.sessionId, i);
  await must('POST', '/api/checkout/confirm', { sessionId: started.sessionId });
  return started.sessionId;
}

const orders: string[] = [];
for (let i = 0; i < 6; i++)
  orders.push(
    await cartOrder(i, [
      { bookId: 1 + (i % 3), quantity: 1 + (i % 2) },
      ...(i % 2 ? [{ bookId: 2, quantity: 1 }] : []),
    ]),
  );
for (let i = 0; i < 3; i++) orders.push(await directOrder(i));
for (let i = 0; i < 3; i++) orders.push(await cardOrder(i));
const refusesRefunds = await cardOrder(1, refundFailingCard);
orders.push(refusesRefunds);
// A wallet payment from an older page that handed over neither the payer's address nor e-mail: the owner adds them.
// One destination before paying (decision 099): the wallet page sends its country with the amount.
const wallet = await must('POST', '/api/create-payment-intent', {
  amount: 1349,
  shippingOptionId: 'uk-shipping',
  country: 'GB',
});
await must('POST', `/api/sandbox/payment-intents/${wallet.paymentIntentId}/confirm`, {
  clientSecret: wallet.clientSecret,
  card: cardOf(testCards.succeeds),
});
await must('POST', '/api/orders/save', { paymentIntentId: wallet.paymentIntentId, status: 'completed' });
await admin('POST', `/api/admin/orders/${wallet.paymentIntentId}/customer`, {
  name: 'Bilal Rahman',
  email: 'bilal@example.com',
  address: { line1: '7 Orchard Row', line2: 'Flat 2', city: 'York', postcode: 'YO1 7HH', country: 'GB' },
  reason: 'The buyer telephoned with the address',
});
orders.push(wallet.paymentIntentId);
// The shelf of book 3 runs low: two orders of ten posters.
for (let i = 0; i < 2; i++) orders.push(await cartOrder(i, [{ bookId: 3, quantity: 10 }]));
// A direct purchase's page tells the shop of it too.
await must('POST', '/api/direct-notify', {
  customerName: 'Amina Khan',
  customerEmail: 'amina@example.com',
  shippingAddress: '1 Linden Lane, Leeds LS1 4AB',
  items: [{ name: 'The Kindness Basket', quantity: 1, price: 999 }],
  totalAmount: 1348,
  shippingCost: 349,
  paymentMethod: 'card',
});
// A checkout left on the payment page, one whose card is declined, and one cancelled on the payment page.
await must('POST', '/api/cart/checkout', { items: [{ bookId: 1, quantity: 1 }], customerCountry: 'GB' });
const declined = await must('POST', '/api/cart/checkout', {
  items: [{ bookId: 1, quantity: 1 }],
  customerCountry: 'GB',
});
await paySession(declined.sessionId, 0, testCards.declines, 0);
const cancelled = await must('POST', '/api/cart/checkout', {
  items: [{ bookId: 2, quantity: 1 }],
  customerCountry: 'GB',
});
const cancelledPage = await ask('GET', `/api/sandbox/checkout-sessions/${cancelled.sessionId}`);
const checkoutId = /checkout=([0-9a-f-]{36})/.exec(cancelledPage.text)?.[1];
if (!checkoutId) throw new Error(`no cancel link on the sandbox page: ${cancelledPage.text}`);
await must('POST', '/api/checkout/cancel', { checkoutId });

// Reviews: approved, rejected, pending.
for (const [n, rating] of [
  [0, 5],
  [1, 4],
  [2, 2],
  [3, 5],
] as const) {
  const b = buyers[n]!;
  await must(
    'POST',
    '/api/reviews/submit',
    {
      bookId: 1 + (n % 3),
      customerName: b.name,
      customerEmail: b.email,
      rating,
      reviewText: `Review number ${n + 1}: our children asked for it every night.`,
    },
    {},
    201,
  );
}
const pending = (await admin('GET', '/api/admin/reviews/pending')) as { id: string }[];
await admin('POST', `/api/admin/reviews/${pending[0]!.id}/approve`, { adminMessage: 'Thank you for your kind words.' });
await admin('POST', `/api/admin/reviews/${pending[1]!.id}/approve`, {});
await admin('POST', `/api/admin/reviews/${pending[2]!.id}/reject`, { adminMessage: 'Not about the book' });

// Fulfilment: processing, shipped with tracking, delivered; one cancelled; notes.
const revisionOf = async (id: string) => (await admin('GET', `/api/admin/orders/${id}`)).order.revision as number;
const move = async (id: string, status: string, extra: Record<string, unknown> = {}) =>
  admin('POST', `/api/admin/orders/${id}/status`, { status, expectedRevision: await revisionOf(id), ...extra });
for (const [n, id] of orders.entries()) {
  await move(id, 'processing', { notes: 'Packed with a bookmark' });
  if (n === 4) {
    await move(id, 'cancelled', { notes: 'The customer asked to cancel before dispatch' });
    continue;
  }
  if (n % 4 === 3) continue;
  await move(id, 'shipped', {
    shipment: { carrier: n % 2 ? 'dpd' : 'royal-mail', trackingNumber: `RM${String(100000000 + n)}GB` },
  });
  if (n % 3 === 0) await move(id, 'delivered');
}
await admin('POST', `/api/admin/orders/${orders[0]}/notes`, { text: 'Customer asked for gift wrapping next time' });
await admin('POST', `/api/admin/orders/${orders[2]}/notes`, { text: 'Left with a neighbour at number 3' });
// A change from a stale screen is refused and writes nothing.
await admin('POST', `/api/admin/orders/${orders[0]}/status`, { status: 'delivered', expectedRevision: 0 }, 409);

// Refunds: a part by amount, a whole line (copies back on the shelf), one the card's bank declines.
await admin(
  'POST',
  `/api/admin/orders/${orders[1]}/refunds`,
  {
    amount: 300,
    reason: 'Cover arrived scuffed',
    expectedRevision: await revisionOf(orders[1]!),
  },
  202,
);
await admin(
  'POST',
  `/api/admin/orders/${orders[4]}/refunds`,
  {
    lines: [{ line: 0, quantity: 1 }],
    reason: 'Cancelled before dispatch',
    expectedRevision: await revisionOf(orders[4]!),
  },
  202,
);
await admin(
  'POST',
  `/api/admin/orders/${refusesRefunds}/refunds`,
  {
    amount: 200,
    reason: 'Late delivery',
    expectedRevision: await revisionOf(refusesRefunds),
  },
  202,
);

// A dispute reported by a signed webhook, delivered twice.
const disputed = orders[9]!;
const dispute = signedEvent('charge.dispute.created', {
  id: 'dp_golden_1',
  object: 'dispute',
  amount: 1349,
  currency: 'gbp',
  reason: 'fraudulent',
  status: 'needs_response',
  charge: `ch_${disputed}`,
  payment_intent: disputed,
});
for (let i = 0; i < 2; i++)
  await must('POST', '/api/payments/webhook', dispute.body, {
    'content-type': 'application/json; charset=utf-8',
    'stripe-signature': dispute.signature,
  });

// An auditor's account, and a verification of the log.
const created = await admin('POST', '/api/admin/accounts', { username: 'auditor', role: 'auditor' }, 201);
const auditorIn = await must('POST', '/api/admin/login', { username: 'auditor', password: created.password }, {}, 200);
// The auditor turns two-step sign-in on with an authenticator app, signs in with a wrong code and a recovery code,
// and turns it off again with another recovery code.
const auditor = { authorization: `Bearer ${auditorIn.token}` };
const setup = await must('POST', '/api/admin/two-step/setup', undefined, auditor);
const enabled = await must(
  'POST',
  '/api/admin/two-step/enable',
  { setupToken: setup.setupToken, code: codeAt(fromBase32(setup.secret), stepOf(Date.now())) },
  auditor,
);
const recovery = enabled.recoveryCodes as string[];
await must('POST', '/api/admin/login', { username: 'auditor', password: created.password, code: '000000' }, {}, 401);
await must('POST', '/api/admin/login', { username: 'auditor', password: created.password, code: recovery[0] }, {}, 200);
await must('POST', '/api/admin/two-step/disable', { code: recovery[1] }, auditor);
await admin('POST', '/api/admin/accounts', { username: 'packer', role: 'auditor' }, 201);
await admin('POST', '/api/admin/accounts/packer/role', { role: 'owner' });
const packer = (await admin('POST', '/api/admin/accounts/packer/reset')) as { password: string };
await admin('POST', '/api/admin/accounts/packer/disable');
await must('POST', '/api/admin/login', { username: 'packer', password: 'whatever-it-was-1' }, {}, 401);
await admin('POST', '/api/admin/accounts/packer/enable');
await admin('POST', '/api/admin/audit/verify');

/** Waits until the reactor and the read models have caught up with the log and it stops growing. */
async function settle() {
  for (let head = -1; ;) {
    const now = await shop.deps.events.headPosition();
    if (now === head) return;
    head = now;
    if (!(await shop.reactor?.waitFor(head, 60_000))) throw new Error('the reactor did not catch up');
    await eventually(async () => (await shop.readModels.position()) >= head, 60_000, 'the read models');
  }
}
/** The e-mails in the outbox to an address, decoded from quoted-printable. */
const mailsTo = (to: string) =>
  readdirSync(join(dataDir, 'outbox'))
    .map((file) => {
      const raw = readFileSync(join(dataDir, 'outbox', file), 'latin1').replace(/=\r?\n/g, '');
      const bytes = raw.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    })
    .filter((text) => text.includes(`To: ${to}`));
const orderLink = (orderId: string) => freshOrderLinkToken(orderLinkKey(jwtSecret), orderId, new Date());
/** The shop's answers recorded only from v3 on: the owner's pages of what the third chapter adds. */
const laterAnswers: { name: string; path: string; authed: boolean }[] = [];

if (chapter >= 3) {
  // The third chapter: the owner's catalogue, VAT, discount codes, gifts, the shopper's order page and requests,
  // contact messages and the newsletter, back-in-stock requests and an erasure.
  await settle();
  await admin(
    'POST',
    '/api/admin/catalogue',
    {
      title: 'The Moon Lantern',
      slug: 'the-moon-lantern',
      kind: 'story',
      description: 'Hana makes a paper lantern for the first night of Ramadan.',
      price: 1199,
      vatRate: 0,
      coverImage: '/art/covers/book-1.svg',
      coverAlt: 'Hana holds a paper lantern under a crescent moon.',
      previewPages: [{ image: '/art/pages/book-1/page-1.svg', alt: 'A street at dusk.' }],
      ageRange: { from: 3, to: 7 },
      reason: 'New for Ramadan',
    },
    201,
  );
  await admin('PATCH', '/api/admin/catalogue/4', {
    description: 'Hana and Rayyan make a paper lantern for the first night of Ramadan.',
    price: 1299,
    reason: 'The printer’s price went up',
  });
  await admin('POST', '/api/admin/catalogue/2/hide', { reason: 'A misprint on page 4' });
  await admin('POST', '/api/admin/catalogue/2/publish', { reason: 'The reprint arrived' });
  await admin('POST', '/api/admin/catalogue/order', { ids: [4, 1, 2, 3], reason: 'The new book first' });

  await admin('POST', '/api/admin/vat/registration', { vatNumber: 'GB365684514', registeredFrom: '2026-04-01' });
  await admin('POST', '/api/admin/vat/rates/3', { from: '2026-04-01', rate: 2000 });
  await admin('POST', '/api/admin/vat/deregistration', { from: '2027-04-01' });

  await admin(
    'POST',
    '/api/admin/discounts',
    { code: 'GOLDEN-10', kind: 'percent', amount: 10, oncePerEmail: true },
    201,
  );
  await admin(
    'POST',
    '/api/admin/discounts',
    { code: 'SPRING-5', kind: 'fixed', amount: 500, minimumBasket: 1500 },
    201,
  );
  await admin('POST', '/api/admin/discounts/SPRING-5/pause', { reason: 'Waiting for the spring list' });
  await admin('POST', '/api/admin/discounts/SPRING-5/resume', {});
  await admin('POST', '/api/admin/discounts/SPRING-5/end', { reason: 'Spring is over' });

  // A gift on the card form with a code, sent to someone else with a message; a gift message on the hosted checkout
  // with a code; a checkout with a code left on its payment page and cancelled, which gives the code's use back.
  const b = buyers[2]!;
  const giftShipping = {
    name: b.name,
    address: { line1: b.line1, city: b.city, postal_code: b.postcode, country: b.country },
  };
  const giftIntent = await must('POST', '/api/create-payment-intent', {
    name: b.name,
    email: b.email,
    shipping: giftShipping,
    bookTitle: 'The Kindness Basket',
    discountCode: 'golden-10',
    gift: {
      message: 'Happy birthday, Leila! With love from Auntie Maryam.',
      recipient: {
        name: 'Leila Haddad',
        address: { line1: '3 Chemin des Vignes', city: 'Annecy', postal_code: '74000', country: 'FR' },
      },
    },
  });
  await must('POST', `/api/sandbox/payment-intents/${giftIntent.paymentIntentId}/confirm`, {
    clientSecret: giftIntent.clientSecret,
    card: cardOf(testCards.succeeds),
    shipping: giftShipping,
    receipt_email: b.email,
  });
  await must('POST', '/api/orders/save', {
    paymentIntentId: giftIntent.paymentIntentId,
    name: b.name,
    email: b.email,
    shipping: giftShipping,
    status: 'completed',
  });
  const gift: string = giftIntent.paymentIntentId;
  orders.push(gift);
  orders.push(
    await cartOrder(3, [{ bookId: 1, quantity: 1 }], testCards.succeeds, {
      discountCode: 'GOLDEN-10',
      gift: { message: 'Eid Mubarak, little one!' },
    }),
  );
  const released = await must('POST', '/api/cart/checkout', {
    items: [{ bookId: 2, quantity: 2 }],
    customerCountry: 'GB',
    discountCode: 'GOLDEN-10',
  });
  const releasedPage = await ask('GET', `/api/sandbox/checkout-sessions/${released.sessionId}`);
  const releasedId = /checkout=([0-9a-f-]{36})/.exec(releasedPage.text)?.[1];
  if (!releasedId) throw new Error(`no cancel link on the sandbox page: ${releasedPage.text}`);
  await must('POST', '/api/checkout/cancel', { checkoutId: releasedId });
  await settle();

  // The order page: a return asked for and declined, a cancellation asked for and accepted (the gift), one left open;
  // a fresh link asked for by the lookup form.
  const delivered = orders[0]!;
  await must('POST', `/api/order-page/${orderLink(delivered)}/return`, {
    reason: 'damaged',
    note: 'The cover was torn at the corner.',
  });
  await must('POST', `/api/order-page/${orderLink(gift)}/cancel`, {});
  const waitingOrder = orders[7]!;
  await must('POST', `/api/order-page/${orderLink(waitingOrder)}/cancel`, {});
  await settle();
  const requests = (await admin('GET', '/api/admin/shopper-requests')).requests as {
    orderId: string;
    requestId: string;
  }[];
  const requestOf = (orderId: string) => {
    const request = requests.find((r) => r.orderId === orderId);
    if (!request) throw new Error(`no open request on ${orderId}: ${JSON.stringify(requests)}`);
    return request.requestId;
  };
  await admin('POST', `/api/admin/orders/${delivered}/requests/${requestOf(delivered)}/decline`, {
    message: 'The corner was bent after delivery, so we cannot take it back.',
  });
  await admin('POST', `/api/admin/orders/${gift}/requests/${requestOf(gift)}/accept`, {
    message: 'Cancelled; the copy is back on the shelf.',
  });
  const looked = (await admin('GET', `/api/admin/orders/${orders[2]}`)).order as { orderNumber: string };
  await must(
    'POST',
    '/api/order-lookup',
    { orderNumber: looked.orderNumber, email: buyers[2]!.email, postcode: buyers[2]!.postcode },
    {},
    202,
  );

  // Contact messages: one answered (with the newsletter tick, later withdrawn by its link), one read, one unread.
  const hafsa = { name: 'Hafsa Begum', email: 'hafsa@example.org' };
  const asked = await must(
    'POST',
    '/api/messages',
    { ...hafsa, message: 'Do you sell signed copies for a school library?', newsletter: true },
    {},
    201,
  );
  const read = await must(
    'POST',
    '/api/messages',
    { name: 'Ibrahim Osei', email: 'ibrahim@example.com', message: 'Is there an Arabic edition planned?' },
    {},
    201,
  );
  await must(
    'POST',
    '/api/messages',
    { name: 'Ruqayya Stone', email: 'ruqayya@example.com', message: 'Thank you for the lovely wrapping.' },
    {},
    201,
  );
  await admin('POST', `/api/admin/messages/${asked.messageId}/read`, {});
  await admin('POST', `/api/admin/messages/${asked.messageId}/reply`, {
    reply: 'Gladly: tell us the names and we sign them before posting.',
  });
  await admin('POST', `/api/admin/messages/${read.messageId}/read`, {});
  await settle();
  const welcome = mailsTo(hafsa.email)
    .map((text) => /\/unsubscribe\/([A-Za-z0-9._-]+)/.exec(text)?.[1])
    .find(Boolean);
  if (!welcome) throw new Error('no unsubscribe link in the newsletter welcome');
  await must('POST', `/api/unsubscribe/${welcome}`);

  // Back in stock: the new book is recorded out of stock; two ask to hear of it, one unsubscribes, the other is told
  // when it comes; it sells out at a fair and a third waits.
  await admin('POST', '/api/admin/stock/4/received', { quantity: 1, note: 'The proof copy' });
  await admin('POST', '/api/admin/stock/4/corrections', { delta: -1, reason: 'Kept for the shop window' });
  await must('POST', '/api/books/4/back-in-stock', { email: 'amina@example.com', consent: true }, {}, 201);
  const changed = await must(
    'POST',
    '/api/books/4/back-in-stock',
    { email: 'yusuf@example.org', consent: true },
    {},
    201,
  );
  await must('POST', `/api/${changed.unsubscribe.replace(/^\//, '')}`);
  await admin('POST', '/api/admin/stock/4/received', { quantity: 5, note: 'The first print run' });
  await settle();
  await admin('POST', '/api/admin/stock/4/corrections', { delta: -5, reason: 'Sold at the school fair' });
  await must('POST', '/api/books/4/back-in-stock', { email: 'zaid@example.org', consent: true }, {}, 201);

  // A wallet payment at the UK rate for an address abroad, placed and flagged; a card payment that fails.
  const abroad = {
    paymentMethodId: 'pm_card_visa',
    payerName: 'Bilal Rahman',
    payerEmail: 'bilal@example.com',
    shippingAddress: {
      recipient: 'Bilal Rahman',
      addressLine: ['5 Elm St'],
      city: 'Boston',
      postalCode: '02110',
      country: 'US',
    },
  };
  const flagged = await must('POST', '/api/create-payment-intent', { amount: 1349, country: 'GB' });
  const { payment_method: _method, ...walletDetails } = walletConfirmParams(abroad);
  await must('POST', `/api/sandbox/payment-intents/${flagged.paymentIntentId}/confirm`, {
    clientSecret: flagged.clientSecret,
    card: cardOf(testCards.succeeds),
    ...walletDetails,
  });
  await must(
    'POST',
    '/api/orders/save',
    walletSaveBody(abroad, {
      paymentIntentId: flagged.paymentIntentId,
      amount: 1349,
      bookTitle: 'The Kindness Basket',
      bookPrice: 999,
      shippingCost: 350,
    }),
  );
  orders.push(flagged.paymentIntentId);
  const failing = await must('POST', '/api/create-payment-intent', {
    name: buyers[3]!.name,
    email: buyers[3]!.email,
    shipping: giftShipping,
    bookTitle: 'The Kindness Basket',
  });
  const failed = signedEvent('payment_intent.payment_failed', {
    id: failing.paymentIntentId,
    object: 'payment_intent',
    last_payment_error: { message: 'Your card was declined.' },
  });
  await must('POST', '/api/payments/webhook', failed.body, {
    'content-type': 'application/json; charset=utf-8',
    'stripe-signature': failed.signature,
  });

  // The same buyer's page tells of three more purchases within the hour: the last notice is not e-mailed.
  for (const quantity of [1, 2, 3])
    await must('POST', '/api/direct-notify', {
      customerName: 'Amina Khan',
      customerEmail: 'amina@example.com',
      shippingAddress: '1 Linden Lane, Leeds LS1 4AB',
      items: [{ name: 'The Kindness Basket', quantity, price: 999 }],
      totalAmount: 999 * quantity + 349,
      shippingCost: 349,
      paymentMethod: 'card',
    });

  // A cover picture uploaded; the disabled account's right password refused; the auditor allowed to download a
  // person's data, and no longer.
  await must(
    'POST',
    '/api/admin/images',
    new Uint8Array(await pngOf(60, 40)),
    { ...auth, 'content-type': 'image/png' },
    201,
  );
  await admin('POST', '/api/admin/accounts/packer/disable');
  await must('POST', '/api/admin/login', { username: 'packer', password: packer.password }, {}, 401);
  await admin('POST', '/api/admin/accounts/packer/enable');
  await admin('POST', '/api/admin/accounts/auditor/grant-download', {});
  await admin('POST', '/api/admin/accounts/auditor/revoke-download', {});

  // The owner ends the hold of the checkout left on its payment page, so no answer counts a hold's age.
  await settle();
  const holds = (await admin('GET', '/api/admin/stock')).products as {
    bookId: number;
    holds: { checkoutId: string }[];
  }[];
  for (const { bookId, holds: held } of holds)
    for (const { checkoutId: stale } of held)
      await admin('POST', `/api/admin/stock/${bookId}/holds/${stale}/release`, { reason: 'Left on the payment page' });

  // A person who wrote and asked to hear of a book asks to be forgotten: the owner reads what is held, then erases it.
  const tobias = { name: 'Tobias Wren', email: 'tobias.wren@example.net' };
  await must('POST', '/api/messages', { ...tobias, message: 'Please send me your catalogue.' }, {}, 201);
  await must('POST', '/api/books/4/back-in-stock', { email: tobias.email, consent: true }, {}, 201);
  await settle();
  await admin(
    'GET',
    `/api/admin/privacy/access?reason=Subject%20access%20request&email=${encodeURIComponent(tobias.email)}`,
  );
  await admin('POST', '/api/admin/privacy/erase', { email: tobias.email, reason: 'Asked by e-mail to be forgotten' });
  await settle();

  laterAnswers.push(
    { name: 'catalogue', path: '/api/admin/catalogue', authed: true },
    { name: 'VAT settings', path: '/api/admin/vat', authed: true },
    { name: 'discount codes', path: '/api/admin/discounts', authed: true },
    { name: 'discount code GOLDEN-10', path: '/api/admin/discounts/GOLDEN-10', authed: true },
    { name: 'discount code SPRING-5', path: '/api/admin/discounts/SPRING-5', authed: true },
    { name: 'messages', path: '/api/admin/messages', authed: true },
    { name: 'shopper requests', path: '/api/admin/shopper-requests', authed: true },
    { name: 'back-in-stock waiting', path: '/api/admin/stock/waiting', authed: true },
    { name: 'audit streams of discounts', path: '/api/admin/audit/streams?kind=discount', authed: true },
    { name: 'audit streams of orders', path: '/api/admin/audit/streams?kind=order', authed: true },
    { name: 'order page of a declined return', path: `/api/order-page/${orderLink(delivered)}`, authed: false },
    { name: 'order page of a cancelled gift', path: `/api/order-page/${orderLink(gift)}`, authed: false },
    { name: 'order page of an open request', path: `/api/order-page/${orderLink(waitingOrder)}`, authed: false },
  );
}

if (chapter >= 4) {
  // The fourth chapter: a pre-order season (decisions 120 and 132). The owner adds a book and announces it; four
  // shoppers pre-order it; its date moves and each waiting pre-order is e-mailed once; one shopper cancels by the
  // e-mail's one-click link, another from the order page, both refunded in full; the limit is lowered; one copy arrives
  // and goes to the earliest pre-order still standing, and the other waits.
  await settle();
  await admin(
    'POST',
    '/api/admin/catalogue',
    {
      title: 'The Night Garden',
      slug: 'the-night-garden',
      kind: 'story',
      description: 'Rayyan plants a garden that only opens its flowers under the stars.',
      price: 1099,
      vatRate: 0,
      coverImage: '/art/covers/book-2.svg',
      coverAlt: 'A boy waters a flower bed under a starry sky.',
      previewPages: [{ image: '/art/pages/book-2/page-1.svg', alt: 'A garden at night.' }],
      ageRange: { from: 3, to: 7 },
      reason: 'Announced for the autumn list',
    },
    201,
  );
  const dayAfter = (days: number) => ukDayOf(new Date(Date.now() + days * 86_400_000).toISOString());
  await admin(
    'POST',
    '/api/admin/preorders/5',
    { publicationDate: dayAfter(120), limit: 10, reason: 'Autumn list' },
    201,
  );
  const preOrders: string[] = [];
  for (let i = 0; i < 4; i++) preOrders.push(await cartOrder(i, [{ bookId: 5, quantity: 1 }]));
  orders.push(...preOrders);
  await settle();
  await admin('PATCH', '/api/admin/preorders/5', { publicationDate: dayAfter(150), reason: 'The printer is late' });
  await settle();
  // The second shopper cancels by the link in the e-mail; the third from the order page.
  const byLink = preOrderCancelToken(preOrderCancelKey(jwtSecret), preOrders[1]!);
  if (!mailsTo(buyers[1]!.email).some((text) => text.includes(`/preorder-cancel/${byLink}`)))
    throw new Error('the date e-mail carries no one-click cancel link');
  await must('POST', `/api/preorder-cancel/${byLink}`, {});
  await must('POST', `/api/order-page/${orderLink(preOrders[2]!)}/cancel-preorder`, {});
  await settle();
  await admin('PATCH', '/api/admin/preorders/5', { limit: 6, reason: 'A smaller first run' });
  await admin('POST', '/api/admin/stock/5/received', { quantity: 1, note: 'Advance copy from the printer' });
  await settle();
  const season = (await admin('GET', '/api/admin/events?stream=preorder-5')).events as {
    type: string;
    revision: number;
  }[];
  const movedAt = season.find((e) => e.type === 'PublicationDateChanged')!.revision;
  laterAnswers.push(
    { name: 'pre-order titles', path: '/api/admin/preorders', authed: true },
    { name: 'coming books', path: '/api/books/coming', authed: false },
    { name: 'audit streams of pre-orders', path: '/api/admin/audit/streams?kind=preorder', authed: true },
    { name: 'events of preorder-5', path: '/api/admin/events?stream=preorder-5', authed: true },
    {
      name: 'preorder-5 as its date moved',
      path: `/api/admin/audit/state?stream=preorder-5&at=${movedAt}`,
      authed: true,
    },
    { name: 'preorder-5 now', path: '/api/admin/audit/state?stream=preorder-5', authed: true },
    {
      name: 'order page of an allocated pre-order',
      path: `/api/order-page/${orderLink(preOrders[0]!)}`,
      authed: false,
    },
    {
      name: 'order page of a pre-order cancelled by link',
      path: `/api/order-page/${orderLink(preOrders[1]!)}`,
      authed: false,
    },
    {
      name: 'order page of a pre-order cancelled there',
      path: `/api/order-page/${orderLink(preOrders[2]!)}`,
      authed: false,
    },
    { name: 'order page of a waiting pre-order', path: `/api/order-page/${orderLink(preOrders[3]!)}`, authed: false },
    {
      name: 'one-click cancel of a waiting pre-order',
      path: `/api/preorder-cancel/${preOrderCancelToken(preOrderCancelKey(jwtSecret), preOrders[3]!)}`,
      authed: false,
    },
    { name: 'one-click cancel already used', path: `/api/preorder-cancel/${byLink}`, authed: false },
  );
}

// Every e-mail and refund the log made due is done before the shop stops.
const head = await shop.deps.events.headPosition();
if (!(await shop.reactor?.waitFor(head, 60_000))) throw new Error('the reactor did not catch up');
await new Promise((r) => setTimeout(r, 500));

// The answers, asked while the shop runs; checked again below on a reopened copy.
const answers: RecordedAnswer[] = [];
const record = async (name: string, path: string, authed: boolean, compare: 'exact' | 'prefix' = 'exact') => {
  const answer = await ask('GET', path, undefined, authed ? auth : {});
  answers.push({ name, method: 'GET', path, auth: authed, compare, status: answer.status, body: answer.json });
};
await record('books', '/api/books', false);
for (const id of [1, 2, 3]) await record(`reviews of book ${id}`, `/api/reviews/book/${id}`, false);
await record('shipping countries', '/api/shipping/countries', false);
await record('reviews', '/api/admin/reviews', true);
for (const status of ['pending', 'approved', 'rejected'])
  await record(`reviews ${status}`, `/api/admin/reviews/${status}`, true);
await record('orders', '/api/admin/orders', true);
for (const status of ['processing', 'shipped', 'delivered', 'cancelled'])
  await record(`orders ${status}`, `/api/admin/orders?status=${status}`, true);
for (const id of orders) {
  await record(`order ${id}`, `/api/admin/orders/${id}`, true);
  await record(`history of ${id}`, `/api/admin/orders/${id}/history`, true);
}
await record('stock', '/api/admin/stock', true);
await record('packing slips', '/api/admin/packing-slips', true);
for (const { name, path, authed } of laterAnswers) await record(name, path, authed);

// The owner signs out at the end of the season.
await admin('POST', '/api/admin/logout');
await shop.close();

// What the auditor's CLI prints on the stopped log.
const cliEnv = { DATA_DIR: dataDir, ADMIN_USERNAME: owner.username, JWT_SECRET: jwtSecret };
const exportFile = join(scratch, 'export.ndjson');
const exported = await eventsCli(['export', '--out', exportFile], cliEnv);
const chainHead = /Chain head: ([0-9a-f]{64})/.exec(exported.stderr)?.[1];
if (exported.code !== 0 || !chainHead) throw new Error(`export failed: ${exported.stderr}`);
const lines = readFileSync(exportFile, 'utf8').split('\n').filter(Boolean);
const checked = await eventsCli(['check', exportFile, '--head', chainHead], cliEnv);
const verified = await eventsCli(['verify'], cliEnv);
if (checked.code !== 0 || verified.code !== 0)
  throw new Error(`check or verify failed:\n${checked.stdout}${checked.stderr}\n${verified.stdout}${verified.stderr}`);

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const uncommittedChanges =
  execFileSync(
    'git',
    ['status', '--porcelain', '--', 'contracts', 'service', 'projections', 'infra/eventstore', 'infra/keys'],
    { encoding: 'utf8' },
  ).trim() !== '';
const counts: Record<string, number> = {};
for (const line of lines) {
  const { type } = JSON.parse(line) as { type: string };
  counts[type] = (counts[type] ?? 0) + 1;
}
// From v3 on, the token secret the log was written under: the order page links in its answers are signed with it.
const meta = {
  format: 1,
  commit,
  uncommittedChanges,
  events: lines.length,
  chainHead,
  admin: owner,
  ...(chapter >= 3 ? { jwtSecret } : {}),
  counts,
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// The log and what lives beside it; not the reactor's lease nor the read models (a reopened copy folds them again).
cpSync(dataDir, join(out, 'data'), {
  recursive: true,
  filter: (path) => !/leases\.sqlite|readmodels\.sqlite|-journal$|-wal$|-shm$/.test(path),
});
writeFileSync(join(out, 'export.ndjson'), lines.join('\n') + '\n');
writeFileSync(join(out, 'export.txt'), exported.stderr);
writeFileSync(join(out, 'check.txt'), checked.stdout);
writeFileSync(join(out, 'verify.txt'), verified.stdout);
writeFileSync(join(out, 'answers.json'), JSON.stringify({ meta, answers }, null, 1) + '\n');
const outbox = readdirSync(join(out, 'data', 'outbox')).length;
const sandbox = readdirSync(join(out, 'data', 'sandbox-payments')).length;
const at = lines
  .map((line) => (JSON.parse(line) as { metadata: { at?: string } }).metadata.at)
  .filter(Boolean)
  .sort();
const firsts =
  chapter >= 4
    ? `It is the first golden log with \`EmailSent\` version 9 and a pre-order season: the events of a coming title's
stream (\`preorder-5\`), and refunds and a cancellation a shopper made without the owner.`
    : chapter >= 3
      ? `It is the first golden log with \`EmailSent\` version 5 and the events of the owner's catalogue, VAT and
discount codes, gifts, the shopper's order page and its requests, contact messages and the newsletter, back-in-stock
requests, receipts and credit notes, payment fees, stock holds, flags, failed payments, images, download grants and an
erasure.`
      : `It is the first golden log with personal fields sealed under per-subject keys,
\`EmailSent\` version 2, and the events of shipments, notes, refunds, disputes, stock and accounts.`;
const thirdChapter = `Then a third chapter. The owner adds a book (4), edits its description and price, hides book 2 and
publishes it again and puts the new book first; registers for VAT from 1 April 2026 with book 3 at 20% and ends the
registration from 1 April 2027; creates two discount codes and pauses, resumes and ends one. A gift on the card form
with a code, sent abroad to someone else with a message; a hosted checkout with a code and a gift message; a checkout
with a code cancelled on its payment page (the code's use given back). On their order pages (links signed with the
secret below) one shopper asks to return a delivered order (declined by the owner), the gift's buyer asks to cancel
(accepted: refunded and back on the shelf) and another asks to cancel and waits; a fresh link is asked for by the lookup
form. Three contact messages: one read and answered (its newsletter tick later withdrawn through the welcome e-mail's
link), one read, one unread. Book 4 is recorded out of stock; two ask to hear when it is back, one unsubscribes, the
other is e-mailed when it comes; it sells out and a third waits. A wallet payment at the UK rate for an address abroad,
placed and flagged; a card payment reported failed by a signed webhook; three more purchase notices from one buyer's
page within the hour, the last not e-mailed (the shop's own cap); a cover picture uploaded; the disabled
account's right password refused; the auditor allowed to download a person's data and no longer; the owner ends the
hold of the checkout left open; a person who wrote and asked to hear of book 4 is read (the access download) and erased.
The owner signs out. Not in it: what only the shell, Stripe itself or a failure writes (\`AdminSessionsRevoked\`,
\`LogMigrated\`, \`BookUpdated\`, \`PayoutPaid\`, \`RefundRetried\`, \`StockShortfall\`,
\`StockShortfallAlerted\`), and \`StockReserved\`, which this release no longer writes.`;
const fourthChapter = `Then a fourth chapter, a pre-order season. The owner adds a book (5) and announces it for 120 days
after the recording with a limit of 10; four shoppers pre-order a copy each on the hosted checkout; the date moves 30
days on and each of the four, all waiting, is e-mailed once with a one-click cancel; the second shopper cancels by that
link and the third from the order page, each refunded in full through the sandbox and released on the title's stream;
the owner lowers the limit to 6; one copy arrives and is allocated to the first pre-order, and the fourth waits.`;
writeFileSync(
  join(out, 'README.md'),
  `# Golden log ${version} — the Amanah House shop at ${commit}

An event log written by the shop at commit \`${commit}\`${uncommittedChanges ? ' (with uncommitted changes)' : ''}, driven only through its HTTP API by
\`infra/testing/recordGolden.ts\` (sandbox payments, embedded SQLite log, signed sandbox webhooks), with what its read
endpoints answered at the end. Later versions of the shop must open it and answer the same
(\`infra/testing/golden.test.ts\`). ${firsts}

All people, e-mail addresses (example.com, example.org, example.net), postal addresses and tracking numbers in it are invented. Card
numbers were Stripe's published test numbers; none is stored.

## Files

- \`data/\` — the DATA_DIR as the shop left it after a clean stop: \`events.sqlite\` (the log), \`keys.sqlite\` (the data
  subjects' keys, wrapped) and \`data-key\` (the master key that wraps them: the folder opens without DATA_KEY; with
  DATA_KEY set it must be this file's value), \`admin.json\` (the owner's password hash), \`outbox/\` (${outbox} e-mails as
  .eml), \`sandbox-payments/\` (${sandbox} sandbox records). The read models are not kept: a reopened copy folds them.
- \`answers.json\` — ${answers.length} answers of the read endpoints at the end, with \`meta\` (commit, event count, chain head,
  the owner's sign-in, the count of each event type).
- \`export.ndjson\` — \`npm run events -- export\` of the whole log; \`export.txt\`, \`check.txt\` and \`verify.txt\` — what
  \`export\`, \`check --head\` and \`verify\` printed. Chain head: \`${chainHead}\`.

## Sign-in

The owner signs in as **${owner.username}** with the password **${owner.password}** (its hash is in \`data/admin.json\`;
ADMIN_USERNAME must be \`${owner.username}\`). The accounts \`auditor\` (auditor) and \`packer\` (owner, password reset) exist;
their passwords were shown once and are not kept.${
    chapter >= 3
      ? `

The log was written under the token secret \`${jwtSecret}\` (\`meta.jwtSecret\`): the order page links
in \`answers.json\` are signed with it, so \`golden.test.ts\` opens this log with it. They expire 60 days after the
recording, on the shop's clock; the test runs the clock on from the log's last event.`
      : ''
  }

## Events: ${lines.length} (${at[0]} to ${at.at(-1)}, the shop's own clock)

| type | count |
| --- | ---: |
${Object.entries(counts)
  .map(([type, n]) => `| ${type} | ${n} |`)
  .join('\n')}

## The season

Stock received for the three books and one correction; six cart orders, three direct purchases and four card-form
orders (one paid with Stripe's card that refuses refunds), a wallet payment without the payer's details (the owner
adds them), two orders of ten posters that take book 3 below its low-stock
line; a purchase notice; a checkout left open, one declined, one cancelled on the payment page. Four reviews: two
approved, one rejected, one pending. Orders moved to processing, shipped with a carrier and tracking number, delivered,
one cancelled; two notes; one change from a stale screen refused with 409. Refunds: part of an order by amount, a whole
line of the cancelled order (its copy back on the shelf), and one the card's bank declined. A dispute reported twice by
a signed webhook, recorded once. Two sign-ins refused, an auditor account created and signed in (it turns two-step
sign-in on, signs in with a wrong code and with a recovery code, and turns it off again), a second account
given a role, its password reset, disabled (its sign-in refused) and enabled again; a verification of the read models${chapter >= 3 ? '' : ';\nthe owner signs out'}.${chapter >= 3 ? `\n\n${thirdChapter}` : ''}${chapter >= 4 ? `\n\n${fourthChapter}` : ''}

## Recording again

\`npm run golden:record -- ${version} --force\` (only while this folder is not yet committed: a committed golden log
is never re-recorded; a later release records \`v${Number(version.slice(1)) + 1}\`). The season is the same each time;
ids, keys and times are new.
`,
);
console.log(`recorded ${out}: ${lines.length} events, ${answers.length} answers, chain head ${chainHead}`);
console.log(
  Object.entries(counts)
    .map(([type, n]) => `  ${type} ${n}`)
    .join('\n'),
);
console.log(`data: ${readdirSync(join(out, 'data')).join(', ')}`);
rmSync(scratch, { recursive: true, force: true });
