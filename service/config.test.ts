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
  assert.is(loadConfig({ ...productionBasics, STRIPE_SECRET_KEY: 'sk_live_x' }).ALLOW_TEST_PAYMENTS, false);
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
    { ...withoutUrl, STRIPE_SECRET_KEY: 'sk_live_x' },
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
    () =>
      loadConfig({ ...productionBasics, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_API_BASE: 'http://127.0.0.1:12111' }),
    (error: Error) =>
      error instanceof ConfigError &&
      error.message ===
        "Invalid configuration: STRIPE_API_BASE is refused in production; the shop talks to Stripe's own API there",
  );
});

test.run();
