// The ledger through the API, in sandbox mode: a paid order's sale and its simulated fee on the day, the period's checks,
// and who may read it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LedgerResponse } from '../../contracts/ledger/model.ts';
import { ukDayOf } from '../../contracts/vat/rates.ts';
import { allEvents, sandboxPayBody, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, floodLimits, startTestShop } from '../../infra/testing/shop.ts';

const shop = await startTestShop({ ...sandboxShopEnv, RATE_LIMITS: floodLimits });
const owner = await adminHeaders(shop);
test.after(() => shop.close());

const ledger = (query: string, headers: Record<string, string> = owner) =>
  call(`${shop.url}/api/admin/ledger${query}`, { headers });

/** Two copies of The Kindness Basket (2 × £9.99) to a UK address (£3.50), paid with the sandbox's test card. */
async function paidOrder(): Promise<string> {
  const started = await call(`${shop.url}/api/cart/checkout`, {
    body: { items: [{ bookId: 1, quantity: 2 }], customerCountry: 'GB' },
  });
  assert.is(started.status, 200, started.text);
  const paid = await call(`${shop.url}/api/sandbox/checkout-sessions/${started.json.sessionId}/pay`, {
    body: sandboxPayBody({ country: 'GB', shippingOptionId: 'uk-shipping' }),
  });
  assert.is(paid.status, 200, paid.text);
  return started.json.sessionId as string;
}

test("a sandbox payment's fee is simulated from Stripe's UK card price to the penny, recorded once, and on the ledger beside its sale", async () => {
  const orderId = await paidOrder();
  // Reported again (the success page after the hosted page): still one fee.
  const again = await call(`${shop.url}/api/checkout/confirm`, { body: { sessionId: orderId } });
  assert.ok(again.status < 500, again.text);
  const fees = (await allEvents(shop)).filter(
    (e) => e.type === 'PaymentFeeRecorded' && e.stream === `payment-${orderId}`,
  );
  assert.is(fees.length, 1);
  // £23.48: 1.5% is 35.22p → 35p, and 20p.
  const [recorded] = fees;
  if (recorded?.type !== 'PaymentFeeRecorded') throw new Error('no fee recorded');
  const { amount, fee, net, simulated } = recorded.data;
  assert.equal({ amount, fee, net, simulated }, { amount: 2348, fee: 55, net: 2293, simulated: true });
  await shop.shop.deps.waiter.waitFor(await shop.shop.deps.events.headPosition(), 10_000);

  const placed = (await allEvents(shop)).find((e) => e.type === 'OrderPlaced' && e.stream === `order-${orderId}`)!;
  const today = ukDayOf((placed.data as { placedAt: string }).placedAt);
  const res = await ledger(`?from=${today}&to=${today}`);
  assert.is(res.status, 200, res.text);
  const body = res.json as LedgerResponse;
  const mine = body.days.flatMap((d) => d.entries).filter((e) => e.orderId === orderId);
  assert.equal(
    mine.map((e) => [e.kind, e.goods, e.shipping, e.amount, e.simulated]),
    [
      ['sale', 1998, 350, 2348, false],
      ['fee', 0, 0, 55, true],
    ],
  );
  assert.equal(
    mine.map((e) => e.eventId),
    [placed.id, fees[0]!.id],
  );
  assert.ok(body.totals.fees >= 55 && body.totals.simulatedFees >= 1);
});

test('a period that ends before it starts, a date that is no date, or one longer than a year is refused with 400', async () => {
  const backwards = await ledger('?from=2026-03-02&to=2026-03-01');
  assert.is(backwards.status, 400);
  assert.is(backwards.json.message, 'The period ends before it starts: To must be on or after From.');
  const onlyFrom = await ledger('?from=2999-01-01');
  assert.is(onlyFrom.status, 400, onlyFrom.text);
  for (const bad of ['?from=2026-02-30', '?to=yesterday', '?from=2026-1-01'])
    assert.is((await ledger(bad)).status, 400, bad);
  const long = await ledger('?from=2025-01-01&to=2026-03-01');
  assert.is(long.status, 400);
  assert.is(long.json.message, 'A ledger period is at most 366 days.');
  const year = await ledger('?from=2024-01-01&to=2024-12-31');
  assert.is(year.status, 200, year.text);
});

test('an auditor reads the ledger; a shopper without a sign-in does not', async () => {
  const created = await call(`${shop.url}/api/admin/accounts`, {
    body: { username: 'auditor.lena', role: 'auditor' },
    headers: owner,
  });
  assert.is(created.status, 201, created.text);
  const login = await call(`${shop.url}/api/admin/login`, {
    body: { username: 'auditor.lena', password: created.json.password },
  });
  assert.is(login.status, 200, login.text);
  const read = await ledger('', { authorization: `Bearer ${login.json.token as string}` });
  assert.is(read.status, 200, read.text);
  assert.match((read.json as LedgerResponse).from, /^\d{4}-\d{2}-01$/);
  assert.is((await ledger('', {})).status, 401);
  assert.is((await ledger('', { authorization: 'Bearer not-a-token' })).status, 401);
});

test.run();
