import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, floodLimits, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { allEvents, cardFormBody, ofType } from '../../infra/testing/checkout.ts';
import { fetchWithin } from '../../infra/testing/http.ts';

let shop: TestShop;
test.before(async () => {
  // Many bodies from one address on purpose: the limits have their own tests.
  shop = await startTestShop({ RATE_LIMITS: floodLimits });
});
test.after(async () => {
  await shop.close();
});

const post = (path: string, body: unknown) => call(`${shop.url}${path}`, { body });
const sessionOf = async (sessionId: string) =>
  (await call(`${shop.url}/api/sandbox/checkout-sessions/${sessionId}`)).json;
const lastStarted = async () => ofType(await allEvents(shop), 'CheckoutStarted').at(-1)!.data;

test('cart checkout: prices come from the catalog; a tampered title or price is ignored', async () => {
  const res = await post('/api/cart/checkout', {
    items: [
      { bookId: 1, quantity: 2, title: 'Free book', price: 1 },
      { bookId: 3, quantity: 1, title: 'Alif to Ya', price: -500 },
    ],
    customerCountry: 'GB',
  });
  assert.is(res.status, 200);
  assert.is(res.json.success, true);
  assert.match(res.json.url, /\/sandbox\/checkout\?session=cs_sandbox_/);
  const session = await sessionOf(res.json.sessionId);
  assert.equal(
    session.lineItems.map((l: { unitAmount: number; quantity: number }) => [l.unitAmount, l.quantity]),
    [
      [999, 2],
      [999, 1],
    ],
  );
  assert.is(session.subtotal, 2997);
  assert.equal(session.shippingOptions, [
    { id: 'uk-shipping', label: 'UK Shipping', detail: 'Standard delivery', amount: 350 },
  ]);
  const started = await lastStarted();
  assert.is(started.channel, 'cart');
  assert.is(started.subtotal, 2997);
  assert.equal(
    started.items.map((i) => i.name),
    ['The Kindness Basket', 'Alif to Ya: My Arabic Alphabet Poster'],
  );
  assert.is(started.paymentReference, res.json.sessionId);
});

test('cart checkout: the same book twice is one line; outside the UK the shipping is £5.00', async () => {
  const res = await post('/api/cart/checkout', {
    items: [
      { bookId: 2, quantity: 4 },
      { bookId: 2, quantity: 3 },
    ],
    customerCountry: 'US',
  });
  assert.is(res.status, 200);
  const session = await sessionOf(res.json.sessionId);
  assert.equal(
    session.lineItems.map((l: { quantity: number }) => l.quantity),
    [7],
  );
  assert.equal(
    session.shippingOptions.map((o: { amount: number }) => o.amount),
    [500],
  );
  // The payment page takes addresses in the destination's zone only (decision 099): the seed's rest of the world.
  assert.equal(session.allowedCountries, [
    { code: 'AU', name: 'Australia' },
    { code: 'CA', name: 'Canada' },
    { code: 'US', name: 'United States' },
  ]);
});

test('every bad body gets a 4xx with a message and appends nothing', async () => {
  const before = await shop.shop.deps.events.headPosition();
  const bad: [string, unknown, number, RegExp?][] = [
    ['/api/cart/checkout', { customerCountry: 'GB' }, 400, /items/],
    ['/api/cart/checkout', { customerCountry: 'GB', items: [] }, 400, /Your cart is empty/],
    ['/api/cart/checkout', { customerCountry: 'GB', items: [{ bookId: 1, quantity: 0 }] }, 400, /at least 1/],
    ['/api/cart/checkout', { customerCountry: 'GB', items: [{ bookId: 1, quantity: 11 }] }, 400, /at most 10/],
    ['/api/cart/checkout', { customerCountry: 'GB', items: [{ bookId: 1, quantity: 2.5 }] }, 400, /whole number/],
    ['/api/cart/checkout', { customerCountry: 'GB', items: [{ bookId: 1, quantity: -3 }] }, 400],
    ['/api/cart/checkout', { customerCountry: 'GB', items: [{ bookId: 1, quantity: '2' }] }, 400],
    [
      '/api/cart/checkout',
      {
        items: [
          { bookId: 1, quantity: 6 },
          { bookId: 1, quantity: 5 },
        ],
      },
      400,
      /At most 10/,
    ],
    ['/api/cart/checkout', { items: [{ bookId: 99, quantity: 1 }] }, 400, /no book with id 99/],
    ['/api/cart/checkout', { items: [{ bookId: 1, quantity: 1 }], customerCountry: 'XX' }, 400, /do not deliver/],
    ['/api/cart/checkout', { items: [{ bookId: 1, quantity: 1 }] }, 400, /Choose where the parcel goes/],
    ['/api/cart/checkout', { customerCountry: 'GB', items: 'everything' }, 400],
    ['/api/cart/checkout', [1, 2, 3], 400],
    [
      '/api/create-checkout-session',
      { items: [{ title: 'A book we do not sell', price: '0.01', quantity: 1 }] },
      400,
      /do not sell/,
    ],
    ['/api/create-checkout-session', { items: [{ title: '', quantity: 1 }] }, 400],
    [
      '/api/create-checkout-session',
      { items: [{ title: 'Together We Shine', quantity: 1 }], customerCountry: 'ZZ' },
      400,
    ],
    ['/api/create-payment-intent', { ...cardFormBody(), email: 'not-an-email' }, 400, /valid email/],
    [
      '/api/create-payment-intent',
      {
        ...cardFormBody(),
        shipping: { name: 'A', address: { line1: '', city: 'x', postal_code: 'y', country: 'GB' } },
      },
      400,
    ],
    ['/api/create-payment-intent', cardFormBody('JP'), 400, /do not deliver to Japan/],
    [
      '/api/create-payment-intent',
      {
        ...cardFormBody(),
        shipping: {
          name: 'Amina Khan',
          address: { line1: '1 Linden Lane', city: 'Leeds', postal_code: 'NOTAPOSTCODE123', country: 'GB' },
        },
      },
      400,
      /^Please enter a valid postcode$/,
    ],
    ['/api/create-payment-intent', { ...cardFormBody(), bookTitle: 'Something else' }, 400],
    ['/api/create-payment-intent', { amount: 1, country: 'GB' }, 400, /does not match/],
    ['/api/create-payment-intent', { amount: 1349 }, 400, /Choose where the parcel goes/],
    [
      '/api/create-payment-intent',
      { amount: 1349, shippingOptionId: 'international-shipping', country: 'GB' },
      400,
      /does not deliver/,
    ],
    ['/api/create-payment-intent', { amount: -1 }, 400],
    ['/api/create-payment-intent', null, 400],
    ['/api/orders/save', {}, 400, /paymentIntentId/],
    [
      '/api/orders/save',
      { paymentIntentId: 'pi_sandbox_doesnotexist0000000000', status: 'delivered' },
      400,
      /completed/,
    ],
    ['/api/orders/save', { paymentIntentId: 'cs_sandbox_x' }, 400],
    ['/api/orders/save', { paymentIntentId: 'pi_sandbox_AAAAAAAAAAAAAAAAAAAAAAAA' }, 404],
    ['/api/checkout/confirm', { sessionId: 'nope' }, 400],
    ['/api/checkout/confirm', { sessionId: 'cs_sandbox_AAAAAAAAAAAAAAAAAAAAAAAA' }, 404],
    ['/api/checkout/cancel', { checkoutId: 'abc' }, 400],
    ['/api/checkout/cancel', { checkoutId: '6d7c3a1e-0000-4000-8000-000000000009' }, 404],
    ['/api/direct-notify', { items: [] }, 400],
    ['/api/direct-notify', { items: [{ name: 'x', quantity: 1, price: 9.5 }], totalAmount: 950 }, 400, /whole pence/],
    ['/api/sandbox/checkout-sessions/cs_sandbox_AAAAAAAAAAAAAAAAAAAAAAAA/pay', {}, 404],
    [
      '/api/sandbox/payment-intents/pi_sandbox_AAAAAAAAAAAAAAAAAAAAAAAA/confirm',
      { clientSecret: 'x', card: { number: '4242424242424242', expiry: '12/34', cvc: '123' } },
      404,
    ],
    [
      '/api/payments/webhook',
      { id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_x' } } },
      400,
      /not configured|Missing/,
    ],
  ];
  for (const [path, body, status, message] of bad) {
    const res = await post(path, body);
    assert.is(res.status, status, `${path} ${JSON.stringify(body)} answered ${res.status} ${res.text}`);
    assert.is(res.json.success, false, path);
    assert.type(res.json.message, 'string');
    if (message) assert.match(res.json.message, message, `${path}: ${res.json.message}`);
  }
  const wrongType = await call(`${shop.url}/api/cart/checkout`, {
    method: 'POST',
    raw: 'items=1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assert.is(wrongType.status, 415);
  assert.is(await shop.shop.deps.events.headPosition(), before, 'a refused request appended something');
});

test('direct purchase: the catalog price for the title, whatever price the page sends', async () => {
  const res = await post('/api/create-checkout-session', {
    customerCountry: 'GB',
    items: [{ title: 'Together We Shine', description: 'Purchase of Together We Shine', price: '0.01', quantity: 1 }],
    customerEmail: 'amina@example.com',
    customerName: 'Amina Khan',
  });
  assert.is(res.status, 200);
  const session = await sessionOf(res.json.sessionId);
  assert.equal(session.lineItems, [
    { name: 'Together We Shine', description: 'Purchase of Together We Shine', unitAmount: 999, quantity: 1 },
  ]);
  assert.equal(
    session.shippingOptions.map((o: { label: string }) => o.label),
    ['UK Shipping'],
  );
  assert.is(session.customerEmail, 'amina@example.com');
  const started = await lastStarted();
  assert.is(started.channel, 'direct');
  assert.is(started.customerName, 'Amina Khan');
  // No e-mail passed on to the payment page when the page had none to give.
  const anonymous = await post('/api/create-checkout-session', {
    items: [{ title: 'Together We Shine', quantity: 1 }],
    customerEmail: 'customer',
    customerCountry: 'GB',
  });
  assert.is((await sessionOf(anonymous.json.sessionId)).customerEmail, null);
});

test("card and wallet payment intents: 999 pence plus the server's shipping, whatever the page says", async () => {
  const uk = await post('/api/create-payment-intent', {
    ...cardFormBody('GB'),
    totalAmount: 1,
    bookPrice: 0,
    shippingCost: 0,
  });
  assert.is(uk.status, 200);
  assert.is(uk.json.amount, 1349);
  assert.match(uk.json.clientSecret, /^pi_sandbox_\w+_secret_/);
  const started = await lastStarted();
  assert.is(started.channel, 'card');
  assert.equal(started.shippingAddress, { line1: '1 Linden Lane', city: 'Leeds', postcode: 'LS1 4AB', country: 'GB' });
  const abroad = await post('/api/create-payment-intent', cardFormBody('FR'));
  assert.is(abroad.json.amount, 1499);
  const wallet = await post('/api/create-payment-intent', { amount: 1499, country: 'US' });
  assert.is(wallet.status, 200);
  assert.is(wallet.json.amount, 1499);
  assert.equal(
    (await lastStarted()).shippingOptions.map((o) => o.label),
    ['International Shipping'],
  );
  const walletUk = await post('/api/create-payment-intent', {
    amount: 1349,
    shippingOptionId: 'uk-shipping',
    country: 'GB',
  });
  assert.is(walletUk.json.amount, 1349);
});

test("shipping: countries with the United Kingdom first, then sorted; costs from the payment pages' rates", async () => {
  const countries = await call(`${shop.url}/api/shipping/countries`);
  assert.equal(countries.json, {
    success: true,
    countries: [
      'United Kingdom',
      'Australia',
      'Belgium',
      'Canada',
      'France',
      'Germany',
      'Italy',
      'Netherlands',
      'Spain',
      'United States',
    ],
  });
  const cost = async (query: string) => call(`${shop.url}/api/shipping/calculate?${query}`);
  assert.equal((await cost('country=United%20Kingdom&quantity=1')).json, { shippingCost: 350 });
  assert.equal((await cost('country=Canada&quantity=3')).json, { shippingCost: 500 });
  assert.equal((await cost('country=GB&quantity=12')).json, { shippingCost: 350 });
  for (const query of [
    'country=Narnia&quantity=1',
    'country=Canada&quantity=0',
    'country=Canada&quantity=two',
    'country=Canada',
    'quantity=1',
    'country=Canada&quantity=1.5',
  ]) {
    const res = await cost(query);
    assert.is(res.status, 400, query);
    assert.type(res.json.message, 'string');
  }
});

test('payments config: the sandbox needs no key and says it is test mode', async () => {
  const res = await call(`${shop.url}/api/payments/config`);
  assert.equal(res.json, { provider: 'sandbox', publishableKey: null, testMode: true });
  const page = await fetchWithin(`${shop.url}/`);
  assert.not.match(page.headers.get('content-security-policy') ?? '', 'stripe.com');
});

test.run();
