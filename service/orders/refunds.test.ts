// Refunds through the sandbox: the owner's request decided from the log under the revision seen and answered as soon as
// it is recorded, the gateway asked by the reactor, its answer shown as the refund's progress on the order, declines and
// timeouts recorded as such, and a retry that can never pay twice.
import { mkdtempSync } from 'node:fs';
import { eventually } from '../../infra/testing/assert.ts';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AdminOrder } from '../../contracts/orders/console.ts';
import { GatewayUnavailable, type PaymentGateway } from '../../contracts/ports/payments.ts';
import { createSandboxGateway } from '../../infra/payments/sandbox/sandboxGateway.ts';
import {
  allEvents,
  ofType,
  outboxFiles,
  paidCartCheckout,
  sandboxPayBody,
  sandboxShopEnv,
} from '../../infra/testing/checkout.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { refundConfirmation } from './refundReactions.ts';
import { orderPlacedData } from '../../infra/testing/exampleOrders.ts';
import { tmpdir } from 'node:os';

// The sandbox, with a switch that makes the next refund call time out after the refund was made (the worst case: the
// money went back, the shop did not hear it).
const gatewayDir = mkdtempSync(join(tmpdir(), 'refund-gateway-'));
const sandbox = createSandboxGateway({ dir: gatewayDir, webhookSecret: sandboxShopEnv.STRIPE_WEBHOOK_SECRET });
let timeoutsAfterRefund = 0;
let refundCalls = 0;
/** While set, the gateway's refund call waits for it: the provider is slow to answer. */
let held: Promise<void> | null = null;
const payments: PaymentGateway = {
  ...sandbox,
  async refund(input) {
    refundCalls += 1;
    if (held) await held;
    const made = await sandbox.refund(input);
    if (timeoutsAfterRefund > 0) {
      timeoutsAfterRefund -= 1;
      throw new GatewayUnavailable('Request timed out');
    }
    return made;
  },
};

let shop: TestShop;
let auth: Record<string, string>;
test.before(async () => {
  shop = await startTestShop(sandboxShopEnv, { payments });
  auth = await adminHeaders(shop);
});
test.after(() => shop.close());

const order = async (id: string): Promise<AdminOrder> => {
  const res = await call(`${shop.url}/api/admin/orders`, { headers: auth });
  return (res.json.orders as AdminOrder[]).find((o) => o.orderId === id)!;
};
const refund = (id: string, body: unknown) =>
  call(`${shop.url}/api/admin/orders/${id}/refunds`, { body, headers: auth });
const retry = (id: string, refundId: string, body: unknown = {}) =>
  call(`${shop.url}/api/admin/orders/${id}/refunds/${refundId}/retry`, { body, headers: auth });
/** The refund as the order's read model shows it once it has left `pending` (the gateway answered). */
const settled = async (id: string, refundId: string) => {
  let found: AdminOrder['refunds'][number] | undefined;
  await eventually(
    async () => {
      found = (await order(id)).refunds.find((r) => r.refundId === refundId);
      return found !== undefined && found.progress !== 'pending';
    },
    10_000,
    `refund ${refundId} to settle`,
  );
  return found!;
};
/** The log's head once the reactor has done everything due so far (e-mails come a moment after their event). */
const head = async () => {
  await shop.shop.deps.effects.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
  return shop.shop.deps.events.headPosition();
};

/** A cart of two copies of book 1 and one of book 2, paid in the sandbox: 3 × 999 + 350 = 3347 pence. */
async function paidOrder(card?: string): Promise<string> {
  if (!card)
    return paidCartCheckout(shop, [
      { bookId: 1, quantity: 2 },
      { bookId: 2, quantity: 1 },
    ]);
  const started = await call(`${shop.url}/api/cart/checkout`, {
    body: {
      items: [
        { bookId: 1, quantity: 2 },
        { bookId: 2, quantity: 1 },
      ],
      customerCountry: 'GB',
    },
  });
  const sessionId: string = started.json.sessionId;
  const paid = await call(`${shop.url}/api/sandbox/checkout-sessions/${sessionId}/pay`, {
    body: sandboxPayBody({ card }),
  });
  assert.is(paid.status, 200, paid.text);
  return sessionId;
}

test('bad refunds get a clear 4xx and change nothing', async () => {
  const id = await paidOrder();
  const { revision, totalAmount } = await order(id);
  assert.is(totalAmount, 3347);
  const before = await head();
  const cases: [unknown, number, RegExp][] = [
    [{ amount: -5, reason: 'Damaged' }, 400, /more than £0\.00/],
    [{ amount: 0, reason: 'Damaged' }, 400, /more than £0\.00/],
    [{ amount: 12.5, reason: 'Damaged' }, 400, /whole pence/],
    [{ amount: 500, reason: '' }, 400, /Say why the money goes back/],
    [{ amount: 500, lines: [{ line: 0, quantity: 1 }], reason: 'x' }, 400, /either lines with quantities or an amount/],
    [{ reason: 'Nothing said' }, 400, /either lines with quantities or an amount/],
    [{ amount: 3348, reason: 'Too much' }, 409, /At most £33\.47 can still be refunded/],
    [
      { lines: [{ line: 0, quantity: 3 }], reason: 'Too many' },
      409,
      /Only 2 of "The Kindness Basket" can still be refunded/,
    ],
    [{ lines: [{ line: 7, quantity: 1 }], reason: 'No such line' }, 400, /no line 8/],
    // A line bought once, listed twice: refused before anything is priced, not refunded twice.
    [
      {
        lines: [
          { line: 1, quantity: 1 },
          { line: 1, quantity: 1 },
        ],
        reason: 'Twice',
      },
      400,
      /Line 2 is listed more than once/,
    ],
    [
      {
        lines: [
          { line: 0, quantity: 1 },
          { line: 1, quantity: 1 },
          { line: 0, quantity: 0 },
        ],
        reason: 'Twice',
      },
      400,
      /Line 1 is listed more than once/,
    ],
    [{ amount: 100, reason: 'Stale', expectedRevision: revision + 5 }, 409, /changed by someone else/],
  ];
  for (const [body, status, message] of cases) {
    const res = await refund(id, body);
    assert.is(res.status, status, `${JSON.stringify(body)}: ${res.text}`);
    assert.match(res.json.message, message);
  }
  const unknown = await refund('cs_sandbox_nosuchorder000000000000', { amount: 100, reason: 'Who?' });
  assert.is(unknown.status, 404);
  assert.is(unknown.json.message, 'No order with id cs_sandbox_nosuchorder000000000000');
  assert.is(
    (await call(`${shop.url}/api/admin/orders/${id}/refunds`, { body: { amount: 100, reason: 'No token' } })).status,
    401,
  );
  assert.is(await head(), before, 'nothing was appended');
  assert.is((await order(id)).refunded, 0);
});

test('a refund is answered once recorded, before the gateway answers; the order shows it pending, then refunded', async () => {
  const id = await paidOrder();
  let release = () => {};
  held = new Promise<void>((resolve) => (release = resolve));
  try {
    const res = await refund(id, { amount: 700, reason: 'Slow provider' });
    assert.is(res.status, 202, res.text);
    assert.is(res.json.refund.status, 'pending');
    assert.is(res.json.refund.progress, 'pending');
    assert.is(res.json.refund.amount, 700);
    assert.is(
      res.json.message,
      'The refund of £7.00 is with the payment provider; the order shows it once the provider confirms it.',
    );
    assert.not.ok('order' in res.json, 'the answer does not wait for the read models');
    const events = (await allEvents(shop)).filter((e) => e.stream === `order-${id}`);
    assert.equal(ofType(events, 'RefundSucceeded'), [], 'the gateway has not answered yet');
    await eventually(
      async () => (await order(id)).refunds.some((r) => r.refundId === res.json.refund.refundId),
      10_000,
      'the read model to show the refund',
    );
    const shown = await order(id);
    assert.is(shown.refunds[0]!.progress, 'pending');
    assert.is(shown.refunded, 0);
    release();
    const done = await settled(id, res.json.refund.refundId);
    assert.is(done.progress, 'refunded');
    assert.is((await order(id)).refunded, 700);
  } finally {
    held = null;
    release();
  }
});

test('a line, then the rest: each paid back once, the order shows it, the customer is e-mailed, a third is refused', async () => {
  const id = await paidOrder();
  const first = await refund(id, {
    lines: [{ line: 0, quantity: 1 }],
    reason: 'One copy arrived torn',
    expectedRevision: (await order(id)).revision,
  });
  assert.is(first.status, 202, first.text);
  assert.is(first.json.refund.status, 'pending');
  assert.is(first.json.refund.amount, 999);
  assert.is((await settled(id, first.json.refund.refundId)).status, 'succeeded');
  assert.is((await order(id)).refunded, 999);
  const rest = await refund(id, {
    amount: 3347 - 999,
    reason: 'Order cancelled by the customer',
    expectedRevision: (await order(id)).revision,
  });
  assert.is(rest.status, 202, rest.text);
  assert.is((await settled(id, rest.json.refund.refundId)).progress, 'refunded');
  assert.is((await order(id)).refunded, 3347);
  const before = await head();
  const again = await refund(id, { amount: 1, reason: 'Once more', expectedRevision: (await order(id)).revision });
  assert.is(again.status, 409);
  assert.is(again.json.message, 'This order has already been refunded in full.');
  assert.is(await head(), before);

  const gatewayRefunds = await sandbox.listRefunds(id);
  assert.equal(
    gatewayRefunds.map((r) => r.amount).sort((a, b) => a - b),
    [999, 2348],
  );
  const events = (await allEvents(shop)).filter((e) => e.stream === `order-${id}`);
  assert.is(ofType(events, 'RefundRequested').length, 2);
  assert.is(ofType(events, 'RefundSucceeded').length, 2);
  // The reactor e-mails the customer once per refund.
  const refundIds = [first.json.refund.refundId, rest.json.refund.refundId];
  const sent = async () => {
    const all = await allEvents(shop);
    return refundIds.map((r) =>
      ofType(all, 'EmailSent')
        .filter((e) => e.stream === `notification-refund-${r}`)
        .map((e) => e.data as { kind: string; to: string }),
    );
  };
  await eventually(async () => (await sent()).every((mails) => mails.length === 1), 10_000, 'the refund e-mails');
  for (const mails of await sent())
    assert.equal(
      mails.map((m) => `${m.kind} ${m.to}`),
      ['refund-confirmation amina@example.com'],
    );
  assert.ok(outboxFiles(shop).length >= 4, 'the e-mails are in the outbox');
});

test('a refund the gateway declines is recorded as declined, frees the amount, and cannot be retried', async () => {
  const id = await paidOrder('4000 0000 0000 5126');
  const res = await refund(id, { amount: 500, reason: 'Late delivery' });
  assert.is(res.status, 202, res.text);
  const declined = await settled(id, res.json.refund.refundId);
  assert.is(declined.status, 'declined');
  assert.is(declined.progress, 'failed');
  assert.match(declined.message ?? '', /declined the refund: The card's bank declined the refund\./);
  assert.is((await order(id)).refunded, 0);
  const failed = ofType(await allEvents(shop), 'RefundFailed').filter((e) => e.stream === `order-${id}`);
  assert.is(failed.length, 1);
  assert.is((failed[0]!.data as { failure: string }).failure, 'declined');
  const again = await retry(id, res.json.refund.refundId);
  assert.is(again.status, 409);
  assert.match(again.json.message, /declined this refund/);
  // The amount is free again: the whole payment may still be asked for.
  const whole = await refund(id, { amount: 3347, reason: 'Try the whole order' });
  assert.is(whole.status, 202, whole.text);
  assert.is((await settled(id, whole.json.refund.refundId)).status, 'declined');
  assert.equal(await sandbox.listRefunds(id), []);
});

test('a refund that times out is of unknown outcome, holds its amount, and its retry never pays twice', async () => {
  const id = await paidOrder();
  timeoutsAfterRefund = 1;
  const calls = refundCalls;
  const res = await refund(id, { amount: 1200, reason: 'Price match' });
  assert.is(res.status, 202, res.text);
  const unknown = await settled(id, res.json.refund.refundId);
  assert.is(unknown.status, 'unknown');
  assert.is(unknown.progress, 'failed');
  assert.match(unknown.message ?? '', /not known whether this refund was made\. Retry it/);
  assert.is((await order(id)).refunded, 0);
  // Its amount stays held: the rest of the payment is all that may be asked for.
  const tooMuch = await refund(id, { amount: 3347 - 1200 + 1, reason: 'More' });
  assert.is(tooMuch.status, 409);
  assert.is(tooMuch.json.message, 'At most £21.47 can still be refunded on this order.');

  const stale = await retry(id, res.json.refund.refundId, { expectedRevision: 0 });
  assert.is(stale.status, 409);
  const retried = await retry(id, res.json.refund.refundId, { expectedRevision: (await order(id)).revision });
  assert.is(retried.status, 202, retried.text);
  assert.is(retried.json.refund.status, 'pending');
  assert.is(retried.json.refund.attempts, 1);
  await eventually(
    async () => (await order(id)).refunds.some((r) => r.attempts === 1 && r.status === 'succeeded'),
    10_000,
    'the retry to be paid back',
  );
  assert.is((await order(id)).refunded, 1200);
  assert.is(refundCalls, calls + 2, 'the gateway was asked twice');
  assert.equal(
    (await sandbox.listRefunds(id)).map((r) => r.amount),
    [1200],
    'and paid once',
  );
  const again = await retry(id, res.json.refund.refundId);
  assert.is(again.status, 409);
  assert.is(again.json.message, 'This refund has already been paid back.');
});

test('the refund e-mail says how much went back and for which lines', async () => {
  const placed = orderPlacedData({
    orderId: 'x',
    orderNumber: 'AH-12345678',
    customerName: 'Amina Khan',
    customerEmail: 'amina@example.com',
  });
  const mail = await refundConfirmation(
    placed,
    { orderId: 'x', refundId: 'r', amount: 999, gatewayRefundId: 're_1', source: 'shop', at: '' },
    [{ name: 'The Kindness Basket', quantity: 1 }],
  );
  assert.is(mail.to, 'amina@example.com');
  assert.match(mail.subject, 'order AH-12345678');
  for (const line of [
    'Dear Amina Khan,',
    'We have refunded £9.99 for your order AH-12345678',
    '1 × The Kindness Basket',
  ])
    assert.match(mail.text, line);
});

test('an unknown refund and an unknown order are not found', async () => {
  const id = await paidOrder();
  assert.is((await retry(id, 'no-such-refund')).status, 404);
  assert.is((await retry('pi_sandbox_nothing', 'x')).status, 404);
});

test.run();
