import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { csvCell, ordersCsvColumns, refundOf, type SalesResponse } from '../../contracts/sales/model.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { sandboxPayBody, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { parseCsv } from '../../infra/testing/csv.ts';
import { adminHeaders, call, floodLimits, startTestShop, type TestShop } from '../../infra/testing/shop.ts';

/** A shop of the test's own, so its totals and rows are the orders it placed and no other test's. */
async function withShop(run: (shop: TestShop, admin: Record<string, string>) => Promise<void>) {
  const shop = await startTestShop({ ...sandboxShopEnv, RATE_LIMITS: floodLimits });
  try {
    await run(shop, await adminHeaders(shop));
  } finally {
    await shop.close();
  }
}

async function order(
  shop: TestShop,
  items: { bookId: number; quantity: number }[],
  country: string,
  name = 'Amina Khan',
) {
  const started = await call(`${shop.url}/api/cart/checkout`, { body: { items, customerCountry: country } });
  assert.is(started.status, 200, started.text);
  const body = sandboxPayBody({
    country,
    shippingOptionId: country === 'GB' ? 'uk-shipping' : 'international-shipping',
  });
  const paid = await call(`${shop.url}/api/sandbox/checkout-sessions/${started.json.sessionId}/pay`, {
    body: { ...body, name },
  });
  assert.is(paid.status, 200, paid.text);
  return started.json.sessionId as string;
}

test('cells that a spreadsheet would run as a formula are made text; refunds are read from what the payment provider paid back', () => {
  assert.is(csvCell('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  for (const start of ['+', '-', '@', '\t', '\r'])
    assert.ok(csvCell(`${start}1`).includes(`'${start}1`), JSON.stringify(start));
  assert.is(csvCell('Amina Khan'), 'Amina Khan');
  assert.is(csvCell('a, b'), '"a, b"');
  assert.equal(refundOf({ orderId: 'o1', amount: 500 }), { orderId: 'o1', amount: 500 });
  assert.is(refundOf({ orderId: 'o1', amount: -5 }), null);
  assert.is(refundOf({ orderId: 'o1' }), null);
});

/** Two orders at home, one of them of two books, and one abroad whose name a spreadsheet would run as a formula. */
async function threeOrders(shop: TestShop) {
  await order(shop, [{ bookId: 1, quantity: 2 }], 'GB');
  await order(
    shop,
    [
      { bookId: 2, quantity: 1 },
      { bookId: 3, quantity: 1 },
    ],
    'GB',
  );
  await order(shop, [{ bookId: 1, quantity: 1 }], 'US', '=HYPERLINK("http://evil.example","click")');
  await shop.shop.deps.waiter.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
}

test('the sales view counts orders, revenue, shipping, average order value, per product and UK against abroad', () =>
  withShop(async (shop, admin) => {
    await threeOrders(shop);
    for (const period of ['day', 'week', 'month']) {
      const answer = await call(`${shop.url}/api/admin/sales?period=${period}`, { headers: admin });
      assert.is(answer.status, 200, answer.text);
      const sales = answer.json as SalesResponse;
      assert.is(sales.buckets.length, 1, period);
      assert.equal(
        {
          orders: sales.totals.orders,
          revenue: sales.totals.revenue,
          shipping: sales.totals.shipping,
          aov: sales.totals.averageOrderValue,
          refunds: sales.totals.refunds,
        },
        {
          orders: 3,
          revenue: 1998 + 350 + 1998 + 350 + 999 + 500,
          shipping: 1200,
          aov: Math.round(6195 / 3),
          refunds: 0,
        },
      );
      assert.equal(sales.totals.uk, { orders: 2, revenue: 4696 });
      assert.equal(sales.totals.international, { orders: 1, revenue: 1499 });
      assert.equal(
        sales.products.map((p) => [p.name, p.quantity, p.revenue]),
        [
          ['The Kindness Basket', 3, 2997],
          ['Alif to Ya: My Arabic Alphabet Poster', 1, 999],
          ['Together We Shine', 1, 999],
        ],
      );
    }
    assert.is((await call(`${shop.url}/api/admin/sales?period=year`, { headers: admin })).status, 400);
    assert.is((await call(`${shop.url}/api/admin/sales?from=2026-02-30`, { headers: admin })).status, 400);
    assert.is((await call(`${shop.url}/api/admin/sales`)).status, 401);
  }));

test("the CSV of orders: the bookkeeper's columns, one row per order of the filter, formulas made text", () =>
  withShop(async (shop, admin) => {
    await threeOrders(shop);
    const answer = await call(`${shop.url}/api/admin/sales/orders.csv?reason=Bookkeeping`, { headers: admin });
    assert.is(answer.status, 200, answer.text);
    assert.match(answer.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(
      answer.headers.get('content-disposition') ?? '',
      /attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = parseCsv(answer.text.replace(/^\uFEFF/, ''));
    assert.equal(rows[0], [...ordersCsvColumns]);
    assert.is(rows.length, 4);
    const list = (await call(`${shop.url}/api/admin/orders`, { headers: admin })).json.orders as Array<{
      orderNumber: string;
      totalAmount: number;
    }>;
    assert.equal(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
      list.map((o) => o.orderNumber).sort(),
    );
    const abroad = rows.find((r) => r[3] === 'US')!;
    assert.is(abroad[2], `'=HYPERLINK("http://evil.example","click")`);
    assert.equal(abroad.slice(4, 10), ['1 × The Kindness Basket', '9.99', '5.00', '0.00', '14.99', 'completed']);
    // The console's filter: a search and a status tab.
    const found = parseCsv(
      (
        await call(`${shop.url}/api/admin/sales/orders.csv?reason=Bookkeeping&q=amina%20khan`, { headers: admin })
      ).text.replace(/^\uFEFF/, ''),
    );
    assert.is(found.length, 3);
    const none = parseCsv(
      (
        await call(`${shop.url}/api/admin/sales/orders.csv?reason=Bookkeeping&status=shipped`, { headers: admin })
      ).text.replace(/^\uFEFF/, ''),
    );
    assert.is(none.length, 1);
    const future = parseCsv(
      (
        await call(`${shop.url}/api/admin/sales/orders.csv?reason=Bookkeeping&from=2099-01-01`, { headers: admin })
      ).text.replace(/^\uFEFF/, ''),
    );
    assert.is(future.length, 1);
    assert.is(
      (await call(`${shop.url}/api/admin/sales/orders.csv?reason=Bookkeeping&status=lost`, { headers: admin })).status,
      400,
    );
  }));

test('the sales view gives net, VAT and gross per rate and period from what orders recorded while registered, none before', () =>
  withShop(async (shop, admin) => {
    const items = [
      { bookId: 1, quantity: 1 },
      { bookId: 3, quantity: 1 },
    ];
    await order(shop, items, 'GB');
    const before = await call(`${shop.url}/api/admin/sales?period=day`, { headers: admin });
    assert.equal((before.json as SalesResponse).totals.vat, [], 'an unregistered shop shows no VAT');
    const registered = await call(`${shop.url}/api/admin/vat/registration`, {
      body: { vatNumber: 'GB365684514', registeredFrom: '2020-01-01' },
      headers: admin,
    });
    assert.is(registered.status, 200, registered.text);
    const orderId = await order(shop, items, 'GB');
    const sales = (await call(`${shop.url}/api/admin/sales?period=day`, { headers: admin })).json as SalesResponse;
    // The book (999p) at 0%; the poster (999p) at 20% with its half of the £3.50 delivery (175p): worked out by hand
    // in service/checkout/orderVat.test.ts. Only the second order, placed registered, counts.
    const expected = [
      { rate: 0, net: 1174, vat: 0, gross: 1174 },
      { rate: 2000, net: 978, vat: 196, gross: 1174 },
    ];
    assert.equal(sales.totals.vat, expected);
    assert.equal(
      sales.buckets.flatMap((b) => b.vat),
      expected,
      'both orders fell on one day, whose bucket holds the same',
    );
    assert.is(sales.totals.orders, 2);

    // Refunding the poster of the registered order issues a credit note; its VAT comes off the 20% rate that day.
    const refunded = await call(`${shop.url}/api/admin/orders/${orderId}/refunds`, {
      body: {
        lines: [{ line: 1, quantity: 1 }],
        reason: 'The poster came back',
        expectedRevision: await revisionOf(orderId),
      },
      headers: admin,
    });
    assert.is(refunded.status, 202, refunded.text);
    let after: SalesResponse | undefined;
    await eventually(
      async () => {
        after = (await call(`${shop.url}/api/admin/sales?period=day`, { headers: admin })).json as SalesResponse;
        return after.totals.vat.some((at) => at.rate === 2000 && at.vat !== 196);
      },
      30_000,
      "the credit note's VAT in the sales view",
    );
    // The credit note: gross 999, VAT 999 × 2000 / 12000 = 166.5 → 167, net 832 (decision 070).
    assert.equal(after?.totals.vat, [
      { rate: 0, net: 1174, vat: 0, gross: 1174 },
      { rate: 2000, net: 978 - 832, vat: 196 - 167, gross: 1174 - 999 },
    ]);

    async function revisionOf(id: string): Promise<number> {
      const orders = await call(`${shop.url}/api/admin/orders`, { headers: admin });
      return (orders.json.orders as { orderId: string; revision: number }[]).find((o) => o.orderId === id)!.revision;
    }
  }));

test.run();
