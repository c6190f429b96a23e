import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from './config.ts';

test('config: defaults run the shop on its embedded stores', () => {
  const config = loadConfig({});
  assert.is(config.PORT, 3000);
  assert.is(config.DATA_DIR, './data');
  assert.is(config.EVENTSTORE_URL, undefined);
  assert.is(config.PROJECTIONS, 'inline');
});

test('config: a bad value stops start with the variable named', () => {
  for (const [name, value] of [
    ['PORT', 'eighty'],
    ['REDIS_URL', 'http://x'],
    ['EVENTSTORE_URL', 'tcp://x'],
    ['JWT_SECRET', 'short'],
  ]) {
    try {
      loadConfig({ [name!]: value });
      assert.unreachable(`${name} accepted`);
    } catch (error) {
      assert.instance(error, ConfigError);
      assert.match((error as Error).message, name!);
    }
  }
});

test('config: production refuses to start without an admin password hash and a JWT secret', () => {
  try {
    loadConfig({ NODE_ENV: 'production' });
    assert.unreachable();
  } catch (error) {
    assert.match((error as Error).message, 'ADMIN_PASSWORD_HASH');
    assert.match((error as Error).message, 'JWT_SECRET');
    assert.match((error as Error).message, 'DATA_KEY');
    assert.match((error as Error).message, 'PUBLIC_URL');
  }
});

test('config: DATA_KEY must be 32 bytes in base64', () => {
  for (const DATA_KEY of ['short', Buffer.alloc(16).toString('base64'), `${Buffer.alloc(32, 1).toString('base64')}!`]) {
    try {
      loadConfig({ DATA_KEY });
      assert.unreachable(`accepted ${DATA_KEY}`);
    } catch (error) {
      assert.instance(error, ConfigError);
      assert.match((error as Error).message, 'DATA_KEY: must be 32 bytes in base64');
    }
  }
  assert.is(
    loadConfig({ DATA_KEY: Buffer.alloc(32, 7).toString('base64') }).DATA_KEY,
    Buffer.alloc(32, 7).toString('base64'),
  );
});

const productionBasics = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://amanahhouse.co.uk',
  JWT_SECRET: 'x'.repeat(40),
  DATA_KEY: Buffer.alloc(32, 3).toString('base64'),
  ADMIN_PASSWORD_HASH: `scrypt$32768$8$1$${'a'.repeat(22)}$${'b'.repeat(43)}`,
};

const liveStripe = {
  STRIPE_SECRET_KEY: 'sk_live_51Hx0aBcD',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_51Hx0aBcD',
  STRIPE_WEBHOOK_SECRET: 'whsec_3fA9kLm0+pQ/7=',
};

/** The start-up error of this configuration, or null when it starts. */
function refusal(env: Record<string, string>): string | null {
  try {
    loadConfig(env);
    return null;
  } catch (error) {
    assert.instance(error, ConfigError);
    return (error as Error).message;
  }
}

test('config: production on Stripe starts with a secret key, a publishable key and a webhook secret of one mode', () => {
  assert.is(refusal({ ...productionBasics, ...liveStripe }), null);
  const test = {
    STRIPE_SECRET_KEY: 'sk_test_4eC39',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_TYoo',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  };
  assert.is(refusal({ ...productionBasics, ...test }), null);
  assert.is(refusal({ ...productionBasics, ...liveStripe, STRIPE_SECRET_KEY: 'rk_live_51Hx0aBcD' }), null);
  assert.is(refusal({ ...productionBasics, ...test, STRIPE_SECRET_KEY: 'rk_test_51Hx' }), null);
});

test('config: production on Stripe refuses to start without the publishable key, naming it', () => {
  const { STRIPE_PUBLISHABLE_KEY: _left, ...env } = liveStripe;
  assert.is(
    refusal({ ...productionBasics, ...env }),
    'Invalid configuration: production with STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY',
  );
});

test('config: production on Stripe refuses to start without the webhook secret, naming it', () => {
  const { STRIPE_WEBHOOK_SECRET: _left, ...env } = liveStripe;
  assert.is(
    refusal({ ...productionBasics, ...env }),
    'Invalid configuration: production with STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET',
  );
  assert.is(
    refusal({ ...productionBasics, STRIPE_SECRET_KEY: liveStripe.STRIPE_SECRET_KEY }),
    'Invalid configuration: production with STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
  );
});

test('config: production on Stripe refuses a key of the wrong shape, naming the setting', () => {
  for (const [name, value, message] of [
    ['STRIPE_SECRET_KEY', 'pk_live_51Hx0aBcD', 'STRIPE_SECRET_KEY must be a secret key (sk_live_…, sk_test_…)'],
    ['STRIPE_SECRET_KEY', 'sk_51Hx0aBcD', 'STRIPE_SECRET_KEY must be a secret key'],
    ['STRIPE_SECRET_KEY', 'whsec_abc', 'STRIPE_SECRET_KEY must be a secret key'],
    [
      'STRIPE_PUBLISHABLE_KEY',
      'sk_live_51Hx0aBcD',
      'STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_live_… or pk_test_…)',
    ],
    ['STRIPE_PUBLISHABLE_KEY', 'pk_51Hx', 'STRIPE_PUBLISHABLE_KEY must be a publishable key'],
    [
      'STRIPE_WEBHOOK_SECRET',
      'sk_live_51Hx0aBcD',
      "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_…)",
    ],
    ['STRIPE_WEBHOOK_SECRET', 'we_1Nx', 'STRIPE_WEBHOOK_SECRET must be'],
  ] as const) {
    const message_ = refusal({ ...productionBasics, ...liveStripe, [name]: value });
    assert.ok(message_?.startsWith('Invalid configuration: '), `${name}=${value}: ${message_}`);
    assert.ok(message_!.includes(message), `${name}=${value}: ${message_}`);
  }
});

test('config: production on Stripe refuses a live secret key with a test publishable key, and the reverse', () => {
  assert.is(
    refusal({ ...productionBasics, ...liveStripe, STRIPE_PUBLISHABLE_KEY: 'pk_test_TYoo' }),
    'Invalid configuration: STRIPE_PUBLISHABLE_KEY is a test key but STRIPE_SECRET_KEY is a live key: both must come from the same mode (sk_live_ with pk_live_, sk_test_ with pk_test_)',
  );
  assert.match(
    refusal({ ...productionBasics, ...liveStripe, STRIPE_SECRET_KEY: 'rk_test_51Hx' }) ?? '',
    'STRIPE_PUBLISHABLE_KEY is a live key but STRIPE_SECRET_KEY is a test key',
  );
});

test('config: outside production Stripe settings are taken as given, and the sandbox needs none', () => {
  assert.is(refusal({}), null);
  assert.is(refusal({ NODE_ENV: 'test' }), null);
  assert.is(refusal({ STRIPE_SECRET_KEY: 'sk_test_shop' }), null);
  assert.is(refusal({ STRIPE_SECRET_KEY: 'sk_test_shop', STRIPE_PUBLISHABLE_KEY: 'pk_live_other' }), null);
});

test('config: production refuses sandbox payments unless a demo shop says ALLOW_TEST_PAYMENTS=true', () => {
  try {
    loadConfig(productionBasics);
    assert.unreachable('production started on sandbox payments');
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.match((error as Error).message, 'STRIPE_SECRET_KEY');
    assert.match((error as Error).message, 'ALLOW_TEST_PAYMENTS=true');
  }
  assert.is(loadConfig({ ...productionBasics, ALLOW_TEST_PAYMENTS: 'true' }).ALLOW_TEST_PAYMENTS, true);
  assert.is(loadConfig({ ...productionBasics, ...liveStripe }).ALLOW_TEST_PAYMENTS, false);
  assert.throws(
    () => loadConfig({ ...productionBasics, ALLOW_TEST_PAYMENTS: 'false' }),
    (error: Error) => error instanceof ConfigError,
  );
  assert.throws(() => loadConfig({ ALLOW_TEST_PAYMENTS: 'yes please' }), /ALLOW_TEST_PAYMENTS/);
  // Outside production the sandbox needs no setting: npm start works as it is.
  assert.is(loadConfig({}).ALLOW_TEST_PAYMENTS, false);
});

test('config: production refuses to start without PUBLIC_URL, naming it, however complete the rest is', () => {
  const { PUBLIC_URL: _set, ...withoutUrl } = productionBasics;
  for (const env of [
    { ...withoutUrl, ALLOW_TEST_PAYMENTS: 'true' },
    { ...withoutUrl, ...liveStripe },
    { ...withoutUrl, ALLOW_TEST_PAYMENTS: 'true', PUBLIC_URL: '' },
  ]) {
    assert.throws(
      () => loadConfig(env),
      (error: Error) =>
        error instanceof ConfigError && error.message === 'Invalid configuration: production needs PUBLIC_URL',
      JSON.stringify(env),
    );
  }
  assert.throws(
    () => loadConfig({ ...productionBasics, ALLOW_TEST_PAYMENTS: 'true', PUBLIC_URL: 'shop.example' }),
    /PUBLIC_URL: must be a URL/,
  );
  assert.is(loadConfig({ ...productionBasics, ALLOW_TEST_PAYMENTS: 'true' }).PUBLIC_URL, 'https://amanahhouse.co.uk');
  // Outside production it may be left out: npm start works on localhost as it is.
  assert.is(loadConfig({}).PUBLIC_URL, undefined);
});

test('config: TRUST_PROXY is off unless set, in every mode, and names a number of proxy hops', () => {
  assert.is(loadConfig({}).TRUST_PROXY, 0);
  assert.is(loadConfig({ ...productionBasics, ALLOW_TEST_PAYMENTS: 'true' }).TRUST_PROXY, 0);
  assert.is(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY, 2);
  assert.is(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY, 1);
  assert.is(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY, 0);
  assert.throws(() => loadConfig({ TRUST_PROXY: 'everyone' }), /TRUST_PROXY/);
});

test('config: RATE_LIMITS overrides named limits and keeps the others', () => {
  assert.equal(loadConfig({}).RATE_LIMITS, {});
  assert.equal(loadConfig({ RATE_LIMITS: 'reviews=50/60, checkouts=100/600' }).RATE_LIMITS, {
    reviews: { points: 50, seconds: 60 },
    checkouts: { points: 100, seconds: 600 },
  });
  for (const bad of ['reviews=5', 'nonsense=1/1', 'reviews=0/60', 'reviews=5/600;checkouts=1/1'])
    assert.throws(() => loadConfig({ RATE_LIMITS: bad }), /RATE_LIMITS/, bad);
});

test('config: STRIPE_API_BASE names a Stripe-compatible API by protocol, host and port, and production refuses it', () => {
  assert.is(loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111' }).STRIPE_API_BASE, 'http://127.0.0.1:12111');
  assert.is(loadConfig({}).STRIPE_API_BASE, undefined);
  for (const bad of ['127.0.0.1:12111', 'ftp://127.0.0.1', 'http://127.0.0.1:12111/v1', 'http://u:p@127.0.0.1']) {
    assert.throws(() => loadConfig({ STRIPE_API_BASE: bad }), /STRIPE_API_BASE: must be/, bad);
  }
  assert.throws(
    () => loadConfig({ ...productionBasics, ...liveStripe, STRIPE_API_BASE: 'http://127.0.0.1:12111' }),
    (error: Error) =>
      error instanceof ConfigError &&
      error.message ===
        "Invalid configuration: STRIPE_API_BASE is refused in production; the shop talks to Stripe's own API there",
  );
});

test.run();
