// Discount codes on two shop processes sharing one data folder and one Redis (decision 092), over HTTP: a once-per-address
// code cannot be had twice by any spelling of one address (case, space, a +tag, Gmail's dots and its other domain), a
// start that knows the address is refused before payment, and an order paid by that address after a start without it
// (or with another) is placed and flagged for the owner with the saving not due, on the order and on the code's uses.
// Code holds are capped per client address (one unpaid checkout by default): a second unpaid checkout from one address is
// 429, so it cannot lock a 2-use code; another address still gets the code; a cancelled or paid checkout frees the place.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { discountMessages } from '../../contracts/discounts/model.ts';
import { openChaosSite, type ChaosSite } from '../../infra/chaos/site.ts';
import { startServer, type BenchServer } from '../../infra/bench/servers.ts';
import { eventually } from '../../infra/testing/assert.ts';
import { sandboxPayBody } from '../../infra/testing/checkout.ts';
import { call } from '../../infra/testing/shop.ts';

let site: ChaosSite;
const servers: BenchServer[] = [];
let urls: [string, string];
test.before(async () => {
  site = await openChaosSite('codes');
  // TRUST_PROXY=1: each request says its client address in X-Forwarded-For, as shoppers behind the shop's proxy do.
  const env = { ...site.env, TRUST_PROXY: '1' };
  try {
    // One after the other: the first creates the log and its key file, the second opens them.
    for (let i = 0; i < 2; i++)
      servers.push(await startServer(`shop ${i + 1}`, 'infra/testing/shopProcess.ts', [], env, '/healthz'));
  } catch (error) {
    await Promise.all(servers.map((s) => s.stop()));
    await site.close();
    throw error;
  }
  urls = [servers[0]!.url, servers[1]!.url];
});
test.after(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await site.close();
});

let addresses = 0;
/** An address of its own (RFC 2544's benchmark range), so no test's limits or holds meet another's. */
const newAddress = () => `198.18.7.${++addresses}`;
const from = (address: string) => ({ 'x-forwarded-for': address });

const createCode = async (body: Record<string, unknown>) => {
  const res = await call(`${urls[0]}/api/admin/discounts`, { body, headers: site.owner });
  assert.is(res.status, 201, res.text);
};
const startCart = (url: string, code: string, address: string, customerEmail?: string) =>
  call(`${url}/api/cart/checkout`, {
    body: {
      items: [{ bookId: 1, quantity: 1 }],
      customerCountry: 'GB',
      discountCode: code,
      ...(customerEmail ? { customerEmail } : {}),
    },
    headers: from(address),
  });
/** Pays a sandbox session on the process that opened it, as `email`: the order is placed at once. */
const pay = async (url: string, sessionId: string, email: string) => {
  const paid = await call(`${url}/api/sandbox/checkout-sessions/${sessionId}/pay`, {
    body: { ...sandboxPayBody(), email },
    headers: from(newAddress()),
  });
  assert.is(paid.status, 200, paid.text);
  return sessionId;
};
type Use = { orderId: string; amount: number; repeatEmail: boolean; overLimit: boolean };
const usesOf = async (code: string): Promise<Use[]> => {
  const detail = await call(`${urls[1]}/api/admin/discounts/${code}`, { headers: site.owner });
  assert.is(detail.status, 200, detail.text);
  return detail.json.uses as Use[];
};
const redeemed = async (code: string, orderIds: string[]) => {
  let uses: Use[] = [];
  await eventually(
    async () => {
      uses = await usesOf(code);
      return orderIds.every((id) => uses.some((u) => u.orderId === id));
    },
    30_000,
    `the redemptions of ${code}`,
  );
  return uses;
};
type Flag = { flag: string; message: string };
const flagsOf = async (orderId: string): Promise<Flag[]> => {
  const page = await call(`${urls[0]}/api/admin/orders/${orderId}`, { headers: site.owner });
  return page.status === 200 ? (page.json.order.flags as Flag[]) : [];
};

test('once per address, on two processes: every spelling of a used address is refused at the start, and a payment by it is flagged with the saving not due', async () => {
  await createCode({ code: 'ONCE-EACH', kind: 'fixed', amount: 150, oncePerEmail: true });
  // The first use, by once@example.com on process 1, and one by o.n.c.e@gmail.com on process 2.
  const first = await startCart(urls[0], 'once-each', newAddress(), 'once@example.com');
  assert.is(first.status, 200, first.text);
  const gmail = await startCart(urls[1], 'once-each', newAddress(), 'o.n.c.e@gmail.com');
  assert.is(gmail.status, 200, gmail.text);
  const firstOrder = await pay(urls[0], first.json.sessionId, 'once@example.com');
  const gmailOrder = await pay(urls[1], gmail.json.sessionId, 'o.n.c.e@gmail.com');
  await redeemed('ONCE-EACH', [firstOrder, gmailOrder]);

  // Where the page knows the address before payment, every spelling of it is refused with 400, on either process:
  // the cart, the direct purchase, the card form and the cart's check.
  const spellings = [
    'Once@Example.com',
    '  ONCE@EXAMPLE.COM ',
    'once+1@example.com',
    'Once+shop@Example.com',
    'once@gmail.com',
    'O.N.C.E@GMail.com',
    'on.ce+x@googlemail.com',
  ];
  for (const [i, email] of spellings.entries()) {
    const url = urls[i % 2]!;
    const answers = [
      await startCart(url, 'ONCE-EACH', newAddress(), email),
      await call(`${url}/api/create-checkout-session`, {
        body: {
          items: [{ title: 'The Kindness Basket', quantity: 1 }],
          discountCode: 'ONCE-EACH',
          customerEmail: email,
          customerCountry: 'GB',
        },
        headers: from(newAddress()),
      }),
      await call(`${url}/api/discounts/check`, {
        body: { code: 'ONCE-EACH', items: [{ bookId: 1, quantity: 1 }], email },
        headers: from(newAddress()),
      }),
    ];
    for (const answer of answers) {
      assert.is(answer.status, 400, `${email}: ${answer.text}`);
      assert.is(answer.json.message, discountMessages.oncePerEmail, email);
    }
  }
  // Another person is not refused.
  assert.is((await startCart(urls[1], 'ONCE-EACH', newAddress(), 'twice@example.com')).status, 200);

  // Where the address is known only once paid: a start without one, and one with another address, each paid as a
  // spelling of an address that has used the code. Both are placed (the money is taken) and flagged.
  const without = await startCart(urls[1], 'ONCE-EACH', newAddress());
  assert.is(without.status, 200, without.text);
  const other = await startCart(urls[0], 'ONCE-EACH', newAddress(), 'someone-else@example.com');
  assert.is(other.status, 200, other.text);
  const repeatOrder = await pay(urls[1], without.json.sessionId, 'once+again@example.com');
  const gmailRepeat = await pay(urls[0], other.json.sessionId, 'On.Ce@googlemail.com');
  const uses = await redeemed('ONCE-EACH', [repeatOrder, gmailRepeat]);
  const byOrder = new Map(uses.map((u) => [u.orderId, u]));
  assert.equal(
    [firstOrder, gmailOrder, repeatOrder, gmailRepeat].map((id) => byOrder.get(id)?.repeatEmail),
    [false, false, true, true],
  );
  const expected = discountMessages.repeatEmailFlag('ONCE-EACH', 150);
  assert.match(expected, '£1.50');
  for (const orderId of [repeatOrder, gmailRepeat]) {
    await eventually(
      async () => (await flagsOf(orderId)).some((f) => f.flag === 'discount-code-repeat'),
      30_000,
      `the flag on ${orderId}`,
    );
    assert.equal(
      (await flagsOf(orderId)).map((f) => [f.flag, f.message]),
      [['discount-code-repeat', expected]],
    );
  }
  for (const orderId of [firstOrder, gmailOrder]) assert.equal(await flagsOf(orderId), []);

  // The code's stream holds no address, in any spelling.
  const stream = await call(`${urls[0]}/api/admin/events?stream=discount-ONCE-EACH`, { headers: site.owner });
  assert.is(stream.status, 200, stream.text);
  assert.not.match(stream.text, /example\.com|gmail/);
});

test('2 unpaid checkouts from one address cannot lock a 2-use code: past its one hold the address gets 429, another address gets the code', async () => {
  await createCode({ code: 'TWO-USES', kind: 'fixed', amount: 100, maxUses: 2 });
  const flooder = newAddress();
  const opened = await startCart(urls[0], 'TWO-USES', flooder);
  assert.is(opened.status, 200, opened.text);
  // Its second and third unpaid checkout, on either process, hold nothing and are told why.
  for (const url of [urls[1], urls[0]]) {
    const more = await startCart(url, 'TWO-USES', flooder);
    assert.is(more.status, 429, more.text);
    assert.match(more.json.message, 'You already have a checkout open with this code.');
    assert.ok(Number(more.headers.get('retry-after')) > 0, 'Retry-After');
  }
  const shopper = await startCart(urls[1], 'TWO-USES', newAddress());
  assert.is(shopper.status, 200, shopper.text);
  // Both uses are now held, one by each address: a third address is told the code is taken.
  const late = await startCart(urls[0], 'TWO-USES', newAddress());
  assert.is(late.status, 400, late.text);
  assert.is(late.json.message, discountMessages.usedUp);

  // The checkout the flooder cancels gives its hold back with its stock: the address may start once more.
  const session = await call(`${urls[0]}/api/sandbox/checkout-sessions/${opened.json.sessionId}`);
  const checkoutId = new URL(session.json.cancelUrl).searchParams.get('checkout')!;
  const cancelled = await call(`${urls[0]}/api/checkout/cancel`, { body: { checkoutId }, headers: from(flooder) });
  assert.is(cancelled.status, 200, cancelled.text);
  let again = await startCart(urls[1], 'TWO-USES', flooder);
  await eventually(
    async () => {
      if (again.status !== 200) again = await startCart(urls[1], 'TWO-USES', flooder);
      return again.status === 200;
    },
    30_000,
    'the cancelled checkout’s hold given back',
  );
  // And a paid one frees its place too: the address pays, and may open another checkout with the code.
  await createCode({ code: 'PAY-THEN-MORE', kind: 'fixed', amount: 100, maxUses: 5 });
  const buyer = newAddress();
  const bought = await startCart(urls[1], 'PAY-THEN-MORE', buyer);
  assert.is(bought.status, 200, bought.text);
  assert.is((await startCart(urls[0], 'PAY-THEN-MORE', buyer)).status, 429);
  const orderId = await pay(urls[1], bought.json.sessionId, 'buyer@example.com');
  await redeemed('PAY-THEN-MORE', [orderId]);
  assert.is((await startCart(urls[0], 'PAY-THEN-MORE', buyer)).status, 200);
});

test.run();
