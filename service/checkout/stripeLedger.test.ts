// Stripe's fees and payouts, against a local server answering like Stripe's API: the fee of each payment from its
// balance transaction when the order is placed, and `payout.paid` recorded once and answered, the transactions it covers listed by the reactor.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LedgerResponse } from '../../contracts/ledger/model.ts';
import type { PayoutPaid, PayoutTransactionsListed } from '../../contracts/ledger/events.ts';
import { ukDayOf } from '../../contracts/vat/rates.ts';
import {
  allEvents,
  deliverWebhook,
  signedEvent,
  signedWebhook,
  stripePaidDetails,
  stripeShopFor,
} from '../../infra/testing/checkout.ts';
import { adminHeaders, call } from '../../infra/testing/shop.ts';

const { fake, shop } = await stripeShopFor(test);
const owner = await adminHeaders(shop);

/** A cart checkout of one book (£9.99 + £3.50) paid on Stripe's page and reported by its webhook. */
async function paidHostedOrder(): Promise<{ sessionId: string; paymentIntent: string }> {
  const res = await call(`${shop.url}/api/cart/checkout`, {
    body: { items: [{ bookId: 1, quantity: 1 }], customerCountry: 'GB' },
  });
  assert.is(res.status, 200, res.text);
  const sessionId: string = res.json.sessionId;
  fake.pay(sessionId, { amount_total: 1349, shipping_cost: { amount_total: 350 }, ...stripePaidDetails });
  const placed = await deliverWebhook(shop, signedWebhook('checkout.session.completed', sessionId));
  assert.is(placed.status, 200, placed.text);
  return { sessionId, paymentIntent: fake.objects.get(sessionId)!.payment_intent as string };
}

const eventsOf = async (stream: string) => (await allEvents(shop)).filter((e) => e.stream === stream);

test("the fee of a payment is Stripe's, from the charge's balance transaction, recorded when the order is placed", async () => {
  const { sessionId, paymentIntent } = await paidHostedOrder();
  const asked = fake.calls.find((c) => c.method === 'GET' && c.path === `/v1/payment_intents/${paymentIntent}`);
  assert.ok(asked, 'the PaymentIntent was asked for');
  assert.ok(Object.values(asked.params).includes('latest_charge.balance_transaction'), 'with its balance transaction');
  const [fee] = await eventsOf(`payment-${sessionId}`);
  assert.is(fee?.type, 'PaymentFeeRecorded');
  const data = fee!.data as Record<string, unknown>;
  assert.equal(
    { amount: data.amount, fee: data.fee, net: data.net, simulated: data.simulated, txn: String(data.transactionId) },
    {
      amount: 1349,
      fee: fake.feeOf(1349),
      net: 1349 - fake.feeOf(1349),
      simulated: false,
      txn: String(data.transactionId),
    },
  );
  assert.match(String(data.transactionId), /^txn_test_/);
  assert.equal(data.feeDetails, [
    { type: 'stripe_fee', amount: fake.feeOf(1349), description: 'Stripe processing fees' },
  ]);
});

test('payout.paid is recorded once, however often it is delivered, and answered before the reactor lists the balance transactions it covers', async () => {
  const first = await paidHostedOrder();
  const second = await paidHostedOrder();
  const arrival = new Date(Date.UTC(2026, 6, 8));
  const payout = fake.payout([first.paymentIntent, second.paymentIntent], arrival);
  const delivery = signedEvent('payout.paid', payout);
  const answers = await Promise.all([1, 2, 3].map(() => deliverWebhook(shop, delivery)));
  for (const answer of answers) assert.is(answer.status, 200, answer.text);
  // Delivered again later, as Stripe retries: nothing new.
  assert.is((await deliverWebhook(shop, signedEvent('payout.paid', payout, 'evt_payout_retry'))).status, 200);
  // Answered at once: the payout recorded, its transactions listed afterwards by the reactor (decision 107).
  const [paidEvent] = await eventsOf(`payout-${payout.id}`);
  assert.is((paidEvent!.data as PayoutPaid['data']).transactions, null);
  await shop.shop.deps.effects.waitFor(await shop.shop.deps.events.headPosition(), 30_000);
  const recorded = await eventsOf(`payout-${payout.id}`);
  assert.equal(
    recorded.map((e) => e.type),
    ['PayoutPaid', 'PayoutTransactionsListed'],
  );
  const paid = recorded[0]!.data as PayoutPaid['data'];
  const listed = recorded[1]!;
  assert.is(listed.metadata.causedBy, 'system:reactor');
  assert.is(listed.metadata.causationId, recorded[0]!.id);
  assert.is(paid.amount, 2 * (1349 - fake.feeOf(1349)));
  assert.is(paid.arrivalDate, '2026-07-08T00:00:00.000Z');
  assert.equal(
    (listed.data as PayoutTransactionsListed['data']).transactions.map((t) => [t.type, t.paymentIntent]).sort(),
    [
      ['charge', first.paymentIntent],
      ['charge', second.paymentIntent],
      ['payout', null],
    ].sort(),
  );
  assert.is(
    fake.calls.filter((c) => c.path === '/v1/balance_transactions' && c.params.payout === payout.id).length,
    1,
    'the transactions were listed by payout, once',
  );
  // The two fees were known at placement: none is recorded twice.
  for (const order of [first, second]) assert.is((await eventsOf(`payment-${order.sessionId}`)).length, 1);

  await shop.shop.deps.waiter.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
  const res = await call(`${shop.url}/api/admin/ledger?from=2026-07-08&to=2026-07-08`, { headers: owner });
  assert.is(res.status, 200, res.text);
  const day = (res.json as LedgerResponse).days.find((d) => d.day === '2026-07-08');
  const row = day?.entries.find((e) => e.reference === payout.id);
  assert.equal([row?.kind, row?.amount, row?.eventId], ['payout', paid.amount, recorded[0]!.id]);
});

test("a fee not known when the order was placed is recorded from the payout's transactions", async () => {
  fake.feesLater(true);
  try {
    const order = await paidHostedOrder();
    assert.is((await eventsOf(`payment-${order.sessionId}`)).length, 0, 'no balance transaction yet: no fee');
    const payout = fake.payout([order.paymentIntent], new Date(Date.UTC(2026, 6, 9)));
    assert.is((await deliverWebhook(shop, signedEvent('payout.paid', payout))).status, 200);
    assert.is((await deliverWebhook(shop, signedEvent('payout.paid', payout, 'evt_again'))).status, 200);
    // The webhook recorded the payout and was answered; the reactor reads each charge's order and records its fee.
    await shop.shop.deps.effects.waitFor(await shop.shop.deps.events.headPosition(), 30_000);
    const fees = await eventsOf(`payment-${order.sessionId}`);
    assert.is(fees.length, 1);
    assert.is((fees[0]!.data as { fee: number }).fee, fake.feeOf(1349));
    const [paid] = await eventsOf(`payout-${payout.id}`);
    assert.is(fees[0]!.metadata.causedBy, 'system:reactor');
    assert.is(fees[0]!.metadata.causationId, paid!.id);
    const placedAt = ((await eventsOf(`order-${order.sessionId}`))[0]!.data as { placedAt: string }).placedAt;
    await shop.shop.deps.waiter.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
    const day = ukDayOf(placedAt);
    const res = await call(`${shop.url}/api/admin/ledger?from=${day}&to=${day}`, { headers: owner });
    const mine = (res.json as LedgerResponse).days
      .flatMap((d) => d.entries)
      .filter((e) => e.orderId === order.sessionId)
      .map((e) => e.kind);
    assert.equal(mine, ['sale', 'fee']);
  } finally {
    fake.feesLater(false);
  }
});

test('a payout.paid with a bad signature is refused and records nothing', async () => {
  const payout = fake.payout([], new Date(Date.UTC(2026, 6, 10)));
  const forged = { ...signedEvent('payout.paid', payout), signature: 't=1,v1=deadbeef' };
  assert.is((await deliverWebhook(shop, forged)).status, 400);
  assert.is((await eventsOf(`payout-${payout.id}`)).length, 0);
});

test.run();
