// Duplicate and out-of-order payment webhooks: many paid checkouts, each payment's webhook delivered several times,
// all deliveries shuffled together and sent concurrently. Exactly one order per payment must come out.
import * as v from 'valibot';
import { SandboxPayRequestSchema } from '../../contracts/checkout/sandboxPayments.ts';
import { countOrders } from '../../projections/orders/adminOrders.ts';
import { sandboxPayBody, signedWebhook, deliverWebhook } from '../testing/checkout.ts';
import { call, type TestShop } from '../testing/shop.ts';
import { seeded } from '../testing/seeded.ts';

export type PaymentStorm = {
  payments: number;
  deliveries: number;
  /** deliveries answered with something other than 200 */
  refused: string[];
  ordersInLog: number;
  /** order ids with more than one OrderPlaced */
  doubled: string[];
  ordersInReadModel: number;
};

/** `payments` cart checkouts paid at the gateway only: no order exists until a webhook reports the payment. */
async function paidAtGateway(shop: TestShop, payments: number): Promise<string[]> {
  const sandbox = shop.shop.deps.payments.sandbox;
  if (!sandbox) throw new Error('the payment storm needs the sandbox gateway');
  const payment = v.parse(SandboxPayRequestSchema, sandboxPayBody());
  const sessions: string[] = [];
  for (let i = 0; i < payments; i++) {
    const started = await call(`${shop.url}/api/cart/checkout`, {
      body: { items: [{ bookId: 1 + (i % 3), quantity: 1 + (i % 2) }], customerCountry: 'GB' },
    });
    if (started.status !== 200) throw new Error(`cart checkout answered ${started.status}: ${started.text}`);
    sandbox.paySession(started.json.sessionId, payment, shop.shop.deps.clock());
    sessions.push(started.json.sessionId);
  }
  return sessions;
}

export async function paymentStorm(
  shop: TestShop,
  {
    payments,
    copies = 3,
    concurrency = 16,
    seed = 1,
  }: { payments: number; copies?: number; concurrency?: number; seed?: number },
): Promise<PaymentStorm> {
  const sessions = await paidAtGateway(shop, payments);
  const deliveries = sessions.flatMap((session) =>
    Array.from({ length: copies }, () => ({
      session,
      ...signedWebhook('checkout.session.completed', session, { eventId: `evt_${session}` }),
    })),
  );
  const random = seeded(seed);
  for (let i = deliveries.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
  }
  const refused: string[] = [];
  let next = 0;
  const sender = async () => {
    while (next < deliveries.length) {
      const delivery = deliveries[next++]!;
      const answer = await deliverWebhook(shop, delivery);
      if (answer.status !== 200) refused.push(`${delivery.session}: ${answer.status} ${answer.text.slice(0, 120)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, sender));

  const { events, reads } = shop.shop.deps;
  await shop.shop.runner?.waitFor(await events.headPosition(), 10_000);
  const placed = new Map<string, number>();
  for await (const event of events.readAll(0)) {
    if (event.type === 'OrderPlaced') {
      const orderId = (event.data as { orderId: string }).orderId;
      placed.set(orderId, (placed.get(orderId) ?? 0) + 1);
    }
  }
  return {
    payments,
    deliveries: deliveries.length,
    refused,
    ordersInLog: [...placed.values()].reduce((a, b) => a + b, 0),
    doubled: [...placed].filter(([, n]) => n > 1).map(([id]) => id),
    ordersInReadModel: (await countOrders(reads)).total,
  };
}
