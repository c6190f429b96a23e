// No answer an auditor gets holds a password hash or a two-step secret: an auditor signs in and asks every admin GET
// endpoint of the API table (contracts/api.ts), with every stream, moment and correlation of the accounts' events, and
// each answer is searched for an scrypt or Argon2 hash, the two-step secret and the recovery codes (decision 057).
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allEndpoints } from '../../contracts/api.ts';
import type { EventStore } from '../../contracts/ports/eventStore.ts';
import { adminStream, unknownSignInStream } from '../../contracts/shared/streams.ts';
import { sandboxShopEnv, testCards } from '../../infra/testing/checkout.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { hashPassword } from './password.ts';
import { codeAt, fromBase32, stepOf } from './twoStep.ts';

/** A password hash as the shop writes one (scrypt$…), or as Argon2 would ($argon2id$…). */
const passwordHashShape = /scrypt\$\d|\$argon2(id|i|d)\$/i;

async function paidOrder(shop: TestShop): Promise<string> {
  const started = await call(`${shop.url}/api/cart/checkout`, {
    body: { items: [{ bookId: 1, quantity: 1 }], customerCountry: 'GB' },
  });
  assert.is(started.status, 200, started.text);
  const sessionId: string = started.json.sessionId;
  const paid = await call(`${shop.url}/api/sandbox/checkout-sessions/${sessionId}/pay`, {
    body: {
      shippingOptionId: 'uk-shipping',
      email: 'amina.fairweather@example.org',
      name: 'Amina Fairweather',
      address: { line1: '3 Rowan Close', city: 'Ely', postcode: 'CB7 4AA', country: 'GB' },
      card: { number: testCards.succeeds, expiry: '12 / 34', cvc: '123' },
    },
  });
  assert.is(paid.status, 200, paid.text);
  return sessionId;
}

const signIn = async (shop: TestShop, username: string, password: string, code?: string) => {
  const res = await call(`${shop.url}/api/admin/login`, { body: { username, password, ...(code ? { code } : {}) } });
  assert.is(res.status, 200, res.text);
  return { authorization: `Bearer ${res.json.token as string}` };
};

/** Every URL to ask of every admin GET endpoint in the API table, with the values this shop holds for its parameters. */
async function everyAdminGet(
  shop: TestShop,
  auditor: Record<string, string>,
  values: { orderId: string; email: string },
) {
  const streams: string[] = (await call(`${shop.url}/api/admin/audit/streams`, { headers: auditor })).json.streams.map(
    (s: { stream: string }) => s.stream,
  );
  const adminStreams = streams.filter((s) => s.startsWith('admin-'));
  assert.ok(adminStreams.length >= 2, `the accounts' streams: ${adminStreams.join(', ')}`);
  const correlations = new Set<string>();
  for (const stream of adminStreams) {
    const events = (
      await call(`${shop.url}/api/admin/events?stream=${encodeURIComponent(stream)}`, { headers: auditor })
    ).json.events as { metadata: { correlationId: string } }[];
    for (const event of events) correlations.add(event.metadata.correlationId);
  }
  const q = (query: Record<string, string | number>) =>
    `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
  const queries: Record<string, string[]> = {
    '/api/admin/events': ['', q({ after: 0, limit: 1000 }), ...streams.map((stream) => q({ stream }))],
    '/api/admin/audit/streams': ['', q({ kind: 'admin' })],
    '/api/admin/audit/related': [...correlations].map((correlationId) => q({ correlationId })),
    '/api/admin/audit/state': adminStreams.flatMap((stream) => [
      q({ stream }),
      q({ stream, at: 0 }),
      q({ stream, at: 1 }),
    ]),
    '/api/admin/audit/diff': adminStreams.map((stream) => q({ stream, from: 0 })),
    '/api/admin/audit/export': ['', ...adminStreams.map((stream) => q({ stream }))],
    '/api/admin/privacy/access': [q({ email: values.email, reason: 'Checking what is held' })],
    '/api/admin/sales/orders.csv': ['', q({ reason: 'Quarterly VAT check' })],
    '/api/admin/orders': ['', q({ status: 'processing' })],
  };
  const params: Record<string, string[]> = {
    id: [values.orderId],
    status: ['all', 'pending', 'approved', 'rejected'],
    code: ['SPRING10'],
    number: ['CN-2026-000001'],
  };
  const urls: string[] = [];
  const gets = allEndpoints.filter(
    ({ endpoint }) => endpoint.method === 'GET' && endpoint.path.startsWith('/api/admin'),
  );
  for (const { capability, name, endpoint } of gets) {
    let paths = [endpoint.path];
    for (const param of endpoint.path.match(/:[A-Za-z]+/g) ?? []) {
      const choices = params[param.slice(1)];
      assert.ok(choices, `${capability}.${name} (${endpoint.path}): this test has no value for ${param}`);
      paths = paths.flatMap((path) => choices.map((value) => path.replace(param, encodeURIComponent(value))));
    }
    for (const path of paths) for (const query of queries[endpoint.path] ?? ['']) urls.push(path + query);
  }
  return { urls, gets };
}

/** Asks every URL as the auditor; answers each URL with the statuses seen, and throws naming any answer that holds a secret. */
async function askAndSearch(
  shop: TestShop,
  auditor: Record<string, string>,
  urls: string[],
  secrets: string[],
  except: (url: string) => boolean = () => false,
) {
  const answered: Record<string, number> = {};
  for (const url of urls) {
    const res = await call(`${shop.url}${url}`, { headers: auditor });
    answered[url] = res.status;
    assert.ok(res.status < 500, `${url} answered ${res.status}: ${res.text.slice(0, 200)}`);
    if (except(url)) continue;
    assert.not.match(res.text, passwordHashShape, `${url} holds a password hash`);
    for (const secret of secrets)
      assert.not.ok(res.text.includes(secret), `${url} holds a secret (${secret.slice(0, 6)}…)`);
  }
  return answered;
}

test('an auditor asks every admin GET endpoint: no answer holds a password hash, a two-step secret or a recovery code', async () => {
  const shop = await startTestShop(sandboxShopEnv);
  try {
    const owner = await adminHeaders(shop);
    const orderId = await paidOrder(shop);
    const created = await call(`${shop.url}/api/admin/accounts`, {
      body: { username: 'iris', role: 'auditor' },
      headers: owner,
    });
    assert.is(created.status, 201, created.text);
    const packer = await call(`${shop.url}/api/admin/accounts`, {
      body: { username: 'packer', role: 'owner' },
      headers: owner,
    });
    assert.is(packer.status, 201, packer.text);
    // The auditor may download a person's data too (decision 058), so that answer is searched with the rest.
    assert.is(
      (await call(`${shop.url}/api/admin/accounts/iris/grant-download`, { method: 'POST', headers: owner })).status,
      200,
    );
    const reset = await call(`${shop.url}/api/admin/accounts/packer/reset`, { method: 'POST', headers: owner });
    assert.is(reset.status, 200, reset.text);
    // A failed sign-in with the packer's old password, and one with a name that is no account.
    assert.is(
      (await call(`${shop.url}/api/admin/login`, { body: { username: 'packer', password: packer.json.password } }))
        .status,
      401,
    );
    assert.is((await call(`${shop.url}/api/admin/login`, { body: { username: 'nobody', password: 'x' } })).status, 401);
    await signIn(shop, 'packer', reset.json.password);

    // The auditor signs in, turns two-step sign-in on, and signs in again with a code.
    const first = await signIn(shop, 'iris', created.json.password);
    const setup = await call(`${shop.url}/api/admin/two-step/setup`, { method: 'POST', headers: first });
    assert.is(setup.status, 200, setup.text);
    const secret: string = setup.json.secret;
    const code = () => codeAt(fromBase32(secret), stepOf(Date.now()));
    const enabled = await call(`${shop.url}/api/admin/two-step/enable`, {
      body: { setupToken: setup.json.setupToken, code: code() },
      headers: first,
    });
    assert.is(enabled.status, 200, enabled.text);
    const recoveryCodes: string[] = enabled.json.recoveryCodes;
    const auditor = await signIn(shop, 'iris', created.json.password, recoveryCodes[0]);
    assert.is((await call(`${shop.url}/api/admin/me`, { headers: auditor })).json.role, 'auditor');

    const { urls, gets } = await everyAdminGet(shop, auditor, { orderId, email: 'amina.fairweather@example.org' });
    const secrets = [
      secret,
      secret.toLowerCase(),
      ...recoveryCodes,
      ...recoveryCodes.map((c) => c.replace(/-/g, '')),
      created.json.password,
      reset.json.password,
    ];
    const answered = await askAndSearch(shop, auditor, urls, secrets);
    // Every admin GET endpoint was asked, and the log views answered with the accounts' events.
    for (const { endpoint } of gets)
      assert.ok(
        Object.keys(answered).some((url) => url.split('?')[0]!.startsWith(endpoint.path.split('/:')[0]!)),
        `${endpoint.path} was asked`,
      );
    assert.is(answered[`/api/admin/events?stream=${encodeURIComponent(adminStream('iris'))}`], 200);
    assert.is(answered['/api/admin/audit/export'], 200);
    assert.is(
      answered[`/api/admin/privacy/access?email=amina.fairweather%40example.org&reason=Checking+what+is+held`],
      200,
    );
    assert.is(answered['/api/admin/sales/orders.csv?reason=Quarterly+VAT+check'], 200);
    const ofIris = (await call(`${shop.url}/api/admin/events?stream=${adminStream('iris')}`, { headers: auditor })).json
      .events as { type: string; data: Record<string, unknown> }[];
    const iris = ofIris.find((e) => e.type === 'AccountCreated')!;
    assert.equal(
      Object.keys(iris.data).sort(),
      ['at', 'by', 'role', 'sealedPasswordHash', 'username'],
      'the account is created with its hash sealed',
    );
    assert.equal(ofIris.find((e) => e.type === 'AccountTwoStepEnabled')?.data.username, 'iris');
    console.log(`${urls.length} answers of ${gets.length} admin GET endpoints searched`);
  } finally {
    await shop.close();
  }
});

test('an account created by an earlier release still signs in; its hash is in no answer but the stored bytes of the export', async () => {
  const shop = await startTestShop();
  try {
    const at = new Date().toISOString();
    const hash = await hashPassword('elder-password-of-old');
    // As version 1 wrote it, into the stored log itself: the hash as it is.
    const stored = (shop.shop.deps.events as EventStore & { stored: EventStore }).stored;
    const metadata = { causedBy: 'admin:owner', causationId: 'old', correlationId: 'old', at };
    await stored.append(
      adminStream('elder'),
      [
        {
          id: randomUUID(),
          type: 'AccountCreated',
          data: { username: 'elder', role: 'auditor', passwordHash: hash, by: 'owner', at },
          metadata,
        },
      ],
      'no_stream',
    );
    // And a name an earlier release kept as typed.
    await stored.append(
      unknownSignInStream(at),
      [
        {
          id: randomUUID(),
          type: 'AdminLoginFailed',
          data: { username: 'elder-typed-this', reason: 'unknown_username', at },
          metadata,
        },
      ],
      'any',
    );
    const elder = await signIn(shop, 'elder', 'elder-password-of-old');
    assert.is((await call(`${shop.url}/api/admin/me`, { headers: elder })).json.role, 'auditor');
    assert.is(
      (await call(`${shop.url}/api/admin/login`, { body: { username: 'elder', password: 'wrong' } })).status,
      401,
    );

    const orderless = await adminHeaders(shop);
    const { urls } = await everyAdminGet(shop, elder, { orderId: 'no-such-order', email: 'nobody@example.org' });
    assert.ok(
      (await call(`${shop.url}/api/admin/events?stream=admin-elder`, { headers: orderless })).json.events[0].data
        .sealedPasswordHash === null,
    );
    // The export is the stored bytes under a hash chain (decision 044): the line an earlier release wrote is carried as
    // it was written, so that its chain and every export made before still check. It is the one answer that holds it.
    const isExport = (url: string) => url.startsWith('/api/admin/audit/export');
    await askAndSearch(shop, elder, urls, [hash, 'elder-typed-this'], isExport);
    const exported = await call(`${shop.url}/api/admin/audit/export`, { headers: elder });
    assert.is(exported.text.split(hash).length - 1, 1, 'the export carries the stored line once');
  } finally {
    await shop.close();
  }
});

test.run();
