import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import { CreateCheckoutSessionRequestSchema, ShippingFormSchema } from '#contracts/checkout/model.ts';
import { startDirectPurchase, type DirectPurchaseDeps } from './directPurchase.ts';

/** A server that checks the checkout request with the server's own schema, and records every call. */
function fakeServer(options: { notifyFails?: boolean } = {}) {
  const calls: { url: string; body: unknown }[] = [];
  const deps: DirectPurchaseDeps = {
    async request<T>(_method: string, url: string, body?: unknown): Promise<T> {
      calls.push({ url, body });
      if (url === '/api/create-checkout-session') {
        const parsed = v.safeParse(CreateCheckoutSessionRequestSchema, body);
        if (!parsed.success) throw Object.assign(new Error('400'), { serverMessage: parsed.issues[0].message });
        return { success: true, url: 'https://pay.example/cs_1', sessionId: 'cs_1' } as T;
      }
      if (options.notifyFails) throw new Error('503');
      return { success: true } as T;
    },
    messageOf: (error) => (error as { serverMessage?: string }).serverMessage,
    logError: () => {},
  };
  return { calls, deps };
}

const shippingForm = (quantity: number) => ({
  name: 'Amina Khan',
  email: 'amina@example.com',
  address: '1 Linden Lane',
  city: 'Leeds',
  country: 'United Kingdom',
  postcode: 'LS1 4AB',
  quantity,
});

test('the checkout form and the checkout agree on one quantity limit', () => {
  for (const quantity of [1, 10]) assert.ok(v.is(ShippingFormSchema, shippingForm(quantity)), `form takes ${quantity}`);
  for (const quantity of [0, 11, 12, 15]) {
    const form = v.safeParse(ShippingFormSchema, shippingForm(quantity));
    assert.not.ok(form.success, `form refuses ${quantity}`);
    const checkout = v.safeParse(CreateCheckoutSessionRequestSchema, {
      items: [{ title: 'Together We Shine', quantity }],
    });
    assert.not.ok(checkout.success, `checkout refuses ${quantity}`);
  }
  const over = v.safeParse(ShippingFormSchema, shippingForm(12));
  assert.is(over.success ? '' : over.issues[0].message, 'Quantity must be at most 10');
});

test('a refused checkout sends no purchase notice', async () => {
  const server = fakeServer();
  try {
    await startDirectPurchase(server.deps, {
      productTitle: 'Together We Shine',
      pricePence: 999 * 12,
      quantity: 12,
      customerName: 'Amina Khan',
    });
    assert.unreachable('a quantity of 12 is refused');
  } catch (error) {
    assert.is((error as Error).message, 'Quantity must be at most 10');
  }
  assert.equal(
    server.calls.map((c) => c.url),
    ['/api/create-checkout-session'],
  );
});

test('an accepted checkout tells the owner before the shopper goes to pay; a failed notice does not stop it', async () => {
  const server = fakeServer();
  const url = await startDirectPurchase(server.deps, {
    productTitle: 'Together We Shine',
    pricePence: 1998,
    quantity: 2,
    customerName: 'Amina Khan',
    customerEmail: 'amina@example.com',
    country: 'GB',
  });
  assert.is(url, 'https://pay.example/cs_1');
  assert.equal(
    server.calls.map((c) => c.url),
    ['/api/create-checkout-session', '/api/direct-notify'],
  );
  assert.equal(server.calls[0]!.body, {
    items: [{ title: 'Together We Shine', description: 'Purchase of Together We Shine', price: '9.99', quantity: 2 }],
    customerEmail: 'amina@example.com',
    customerName: 'Amina Khan',
    customerCountry: 'GB',
  });
  assert.equal(server.calls[1]!.body, {
    customerName: 'Amina Khan',
    customerEmail: 'amina@example.com',
    shippingAddress: 'To be provided during checkout',
    items: [{ name: 'Together We Shine', quantity: 1, price: 1998 }],
    totalAmount: 1998,
    shippingCost: 0,
    paymentMethod: 'Stripe',
  });
  const failing = fakeServer({ notifyFails: true });
  assert.is(
    await startDirectPurchase(failing.deps, { productTitle: 'Together We Shine', pricePence: 999, quantity: 1 }),
    'https://pay.example/cs_1',
  );
});

test.run();
