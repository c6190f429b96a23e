// Disputes followed to the end (decision 101), against a local server answering like Stripe's API and webhooks signed as
// Stripe signs them: each step of a dispute is recorded on its order once, the owner's order page shows where it
// stands, and the ledger books its withdrawal, fee and reinstatement on the days they happened, so the payout that
// covers them equals the ledger's net to the penny.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addToTotals, emptyLedgerTotals, type LedgerEntry, type LedgerResponse } from '../../contracts/ledger/model.ts';
import type { AdminOrder } from '../../contracts/orders/console.ts';
import { ukDayOf } from '../../contracts/vat/rates.ts';
import {
  allEvents,
  deliverWebhook,
  signedEvent,
  signedWebhook,
  stripePaidDetails,
  stripeShopFor,
} from '../../infra/testing/checkout.ts';
import { adminHeaders, call, settled } from '../../infra/testing/shop.ts';

const { fake, shop } = await stripeShopFor(test, { OWNER_EMAIL: 'owner@amanahhouse.co.uk' });
const owner = await adminHeaders(shop);
const day = 86_400_000;

/** Two copies of one book (£19.98 + £3.50) paid on Stripe's page and reported by its webhook. */
async function paidHostedOrder(): Promise<{ sessionId: string; paymentIntent: string }> {
  const res = await call(`${shop.url}/api/cart/checkout`, {
    body: { items: [{ bookId: 1, quantity: 2 }], customerCountry: 'GB' },
  });
  assert.is(res.status, 200, res.text);
  const sessionId: string = res.json.sessionId;
  fake.pay(sessionId, { amount_total: 2348, shipping_cost: { amount_total: 350 }, ...stripePaidDetails });
  const placed = await deliverWebhook(shop, signedWebhook('checkout.session.completed', sessionId));
  assert.is(placed.status, 200, placed.text);
  return { sessionId, paymentIntent: fake.objects.get(sessionId)!.payment_intent as string };
}

/** Stripe's event of this type carrying the dispute as it stands now, delivered `times` times at once. */
async function deliverDispute(type: string, dispute: Record<string, unknown> & { id: string }, times = 2) {
  const delivery = signedEvent(type, JSON.parse(JSON.stringify(dispute)) as typeof dispute);
  const answers = await Promise.all(Array.from({ length: times }, () => deliverWebhook(shop, delivery)));
  for (const answer of answers) assert.is(answer.status, 200, answer.text);
  return delivery;
}

const orderEventTypes = async (orderId: string) =>
  (await allEvents(shop)).filter((e) => e.stream === `order-${orderId}`).map((e) => e.type);

const adminOrder = async (orderId: string, headers = owner): Promise<AdminOrder> => {
  const res = await call(`${shop.url}/api/admin/orders/${orderId}`, { headers });
  assert.is(res.status, 200, res.text);
  return res.json.order as AdminOrder;
};

/** The ledger's rows of one order from `from` to `to` (UK days), each with its day. */
async function ledgerRows(orderId: string, from: Date, to: Date): Promise<(LedgerEntry & { day: string })[]> {
  await settled(shop);
  const res = await call(
    `${shop.url}/api/admin/ledger?from=${ukDayOf(from.toISOString())}&to=${ukDayOf(to.toISOString())}`,
    {
      headers: owner,
    },
  );
  assert.is(res.status, 200, res.text);
  return (res.json as LedgerResponse).days.flatMap((d) =>
    d.entries.filter((e) => e.orderId === orderId).map((e) => ({ ...e, day: d.day })),
  );
}

const netOf = (rows: readonly LedgerEntry[]) => rows.reduce(addToTotals, emptyLedgerTotals()).net;

test('a dispute opened, its money withdrawn, reviewed, won and given back: each step once, and the payout equals the ledger', async () => {
  const { sessionId, paymentIntent } = await paidHostedOrder();
  const now = Date.now();
  const dueBy = new Date(now + 10 * day);
  const withdrawnAt = new Date(now + 1 * day);
  const reinstatedAt = new Date(now + 40 * day);
  const dispute = fake.dispute(paymentIntent, { dueBy, status: 'needs_response' });

  const deliveries = [await deliverDispute('charge.dispute.created', dispute)];
  fake.withdrawDispute(dispute.id, withdrawnAt);
  deliveries.push(await deliverDispute('charge.dispute.funds_withdrawn', dispute));
  dispute.status = 'under_review';
  deliveries.push(await deliverDispute('charge.dispute.updated', dispute));
  dispute.status = 'won';
  deliveries.push(await deliverDispute('charge.dispute.closed', dispute));
  fake.reinstateDispute(dispute.id, reinstatedAt);
  deliveries.push(await deliverDispute('charge.dispute.funds_reinstated', dispute));

  const steps = ['OrderDisputed', 'DisputeFundsWithdrawn', 'DisputeUpdated', 'DisputeClosed', 'DisputeFundsReinstated'];
  const recorded = (await orderEventTypes(sessionId)).filter((t) => t.startsWith('Dispute') || t === 'OrderDisputed');
  assert.equal(recorded, steps);

  // Every delivery again, as Stripe retries, and the review's report once more after the decision: nothing new.
  for (const delivery of deliveries) assert.is((await deliverWebhook(shop, delivery)).status, 200);
  dispute.status = 'under_review';
  await deliverDispute('charge.dispute.updated', dispute, 1);
  dispute.status = 'won';
  assert.equal(
    (await orderEventTypes(sessionId)).filter((t) => t.startsWith('Dispute') || t === 'OrderDisputed'),
    steps,
  );

  const shown = (await adminOrder(sessionId)).disputes[0]!;
  assert.equal(
    { status: shown.status, statusText: shown.statusText, awaits: shown.awaitsResponse },
    { status: 'won', statusText: 'Won: the money came back', awaits: false },
  );
  assert.equal(
    shown.movements.map((m) => [m.kind, m.amount, m.fee]),
    [
      ['withdrawn', -2348, fake.disputeFee],
      ['reinstated', 2348, 0],
    ],
  );

  // The payout takes the charge, the withdrawal and the reinstatement: its amount is their nets.
  const payout = fake.payout([paymentIntent], new Date(now + 45 * day));
  assert.is(payout.amount, 2348 - fake.feeOf(2348) - 2348 - fake.disputeFee + 2348);
  assert.is((await deliverWebhook(shop, signedEvent('payout.paid', payout))).status, 200);

  const rows = await ledgerRows(sessionId, new Date(now - day), reinstatedAt);
  const saleDay = rows.find((r) => r.kind === 'sale')?.day;
  assert.equal(
    rows.map((r) => [r.kind, r.amount, r.day]),
    [
      ['sale', 2348, saleDay],
      ['fee', fake.feeOf(2348), saleDay],
      ['dispute', 2348, ukDayOf(withdrawnAt.toISOString())],
      ['disputeFee', fake.disputeFee, ukDayOf(withdrawnAt.toISOString())],
      ['reinstatement', 2348, ukDayOf(reinstatedAt.toISOString())],
    ],
  );
  assert.is(netOf(rows), payout.amount, "the ledger's net for the order is the payout, to the penny");
});

test('a lost dispute leaves its withdrawal and fee booked, and nothing given back', async () => {
  const { sessionId, paymentIntent } = await paidHostedOrder();
  const now = Date.now();
  const withdrawnAt = new Date(now + 2 * day);
  const dispute = fake.dispute(paymentIntent, { dueBy: new Date(now + 9 * day), status: 'needs_response' });
  // Stripe's created event may already carry the withdrawal; its own event follows.
  fake.withdrawDispute(dispute.id, withdrawnAt);
  await deliverDispute('charge.dispute.created', dispute);
  await deliverDispute('charge.dispute.funds_withdrawn', dispute);
  dispute.status = 'lost';
  await deliverDispute('charge.dispute.closed', dispute);

  assert.equal(
    (await orderEventTypes(sessionId)).filter((t) => t.startsWith('Dispute') || t === 'OrderDisputed'),
    ['OrderDisputed', 'DisputeFundsWithdrawn', 'DisputeClosed'],
  );
  const shown = (await adminOrder(sessionId)).disputes[0]!;
  assert.equal([shown.status, shown.statusText], ['lost', 'Lost: the money stays with the customer']);

  const payout = fake.payout([paymentIntent], new Date(now + 5 * day));
  assert.is((await deliverWebhook(shop, signedEvent('payout.paid', payout))).status, 200);
  const rows = await ledgerRows(sessionId, new Date(now - day), new Date(now + 5 * day));
  assert.equal(
    rows.filter((r) => r.kind !== 'sale' && r.kind !== 'fee').map((r) => [r.kind, r.amount, r.day]),
    [
      ['dispute', 2348, ukDayOf(withdrawnAt.toISOString())],
      ['disputeFee', fake.disputeFee, ukDayOf(withdrawnAt.toISOString())],
    ],
  );
  assert.is(netOf(rows), payout.amount);
  assert.is(netOf(rows), 2348 - fake.feeOf(2348) - 2348 - fake.disputeFee);
});

test("the owner's order page shows the dispute's state, its deadline in UK time and where to answer it; an auditor reads the same", async () => {
  const { sessionId, paymentIntent } = await paidHostedOrder();
  // 22:59:59 UTC on 24 April 2026 is 23:59:59 in London (summer time).
  const dispute = fake.dispute(paymentIntent, { dueBy: new Date(Date.UTC(2026, 3, 24, 22, 59, 59)) });
  await deliverDispute('charge.dispute.created', dispute, 1);
  await settled(shop);
  const shown = (await adminOrder(sessionId)).disputes[0]!;
  assert.equal(
    {
      statusText: shown.statusText,
      awaitsResponse: shown.awaitsResponse,
      deadline: shown.deadline,
      respondUrl: shown.respondUrl,
    },
    {
      statusText: 'Needs your response',
      awaitsResponse: true,
      deadline: 'Friday 24 April 2026 at 23:59 (UK time)',
      respondUrl: `https://dashboard.stripe.com/test/disputes/${dispute.id}`,
    },
  );
  // Its deadline moved at Stripe: the page follows.
  (dispute.evidence_details as { due_by: number }).due_by = Date.UTC(2026, 11, 1, 12, 0) / 1000;
  await deliverDispute('charge.dispute.updated', dispute, 1);
  await settled(shop);
  assert.is((await adminOrder(sessionId)).disputes[0]!.deadline, 'Tuesday 1 December 2026 at 12:00 (UK time)');

  const created = await call(`${shop.url}/api/admin/accounts`, {
    body: { username: 'auditor.dara', role: 'auditor' },
    headers: owner,
  });
  assert.is(created.status, 201, created.text);
  const login = await call(`${shop.url}/api/admin/login`, {
    body: { username: 'auditor.dara', password: created.json.password },
  });
  assert.is(login.status, 200, login.text);
  const auditor = { authorization: `Bearer ${login.json.token as string}` };
  assert.equal((await adminOrder(sessionId, auditor)).disputes, (await adminOrder(sessionId)).disputes);
});

test('a dispute on a payment the shop does not know changes nothing and is not retried', async () => {
  const stranger = {
    id: 'dp_test_stranger',
    object: 'dispute',
    amount: 500,
    payment_intent: 'pi_test_unknown',
    status: 'needs_response',
    balance_transactions: [],
  };
  const before = (await allEvents(shop)).length;
  await deliverDispute('charge.dispute.funds_withdrawn', stranger, 1);
  assert.is((await allEvents(shop)).length, before);
});

test.run();
