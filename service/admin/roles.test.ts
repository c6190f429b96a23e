// Accounts with roles, tried route by route: an auditor reads every admin route and changes nothing, whatever the
// spelling, the headers or the method; disabling, resetting and signing out end an account's tokens.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allEndpoints } from '../../contracts/api.ts';
import { adminStream } from '../../contracts/shared/streams.ts';
import { adminRoutes, rawRequest, routeVariants } from '../../infra/chaos/abuse.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../../infra/testing/shop.ts';

let shop: TestShop;
let owner: Record<string, string>;
// The shop's clock, which stamps resets and signs tokens: moved on by a test, never waited for.
let nowMs = Date.now();

test.before(async () => {
  shop = await startTestShop({}, { clock: () => new Date(nowMs) });
  owner = await adminHeaders(shop);
});
test.after(() => shop.close());

const signIn = async (username: string, password: string) => {
  const res = await call(`${shop.url}/api/admin/login`, { body: { username, password } });
  return { status: res.status, headers: { authorization: `Bearer ${res.json?.token as string}` } };
};
const create = async (username: string, role: 'owner' | 'auditor') => {
  const res = await call(`${shop.url}/api/admin/accounts`, { body: { username, role }, headers: owner });
  assert.is(res.status, 201, res.text);
  return res.json.password as string;
};
const auditorMay = new Set(
  allEndpoints
    .filter((e) => e.endpoint.guarded && e.endpoint.auditorMay)
    .map((e) => `${e.endpoint.method} ${e.endpoint.path}`),
);

test('an owner creates an auditor, who signs in with the password shown once and is told its role', async () => {
  const password = await create('auditor.ann', 'auditor');
  assert.ok(password.length >= 20);
  const ann = await signIn('auditor.ann', password);
  assert.is(ann.status, 200);
  const me = await call(`${shop.url}/api/admin/me`, { headers: ann.headers });
  assert.equal(me.json, { username: 'auditor.ann', role: 'auditor', twoStep: false, mayDownloadPersonalData: false });
  assert.equal((await call(`${shop.url}/api/admin/me`, { headers: owner })).json, {
    username: 'admin',
    role: 'owner',
    twoStep: false,
    mayDownloadPersonalData: true,
  });
  const stream = await shop.shop.deps.events.readStream(adminStream('auditor.ann'));
  assert.equal(
    stream.map((e) => e.type),
    ['AccountCreated', 'AdminLoggedIn'],
  );
  assert.is(stream[0]!.metadata.causedBy, 'admin:admin');
  assert.not.ok(JSON.stringify(stream).includes(password), 'the password itself is never stored');
  // The configured owner first, then the accounts (other tests' among them: only this test's are looked at).
  const list = await call(`${shop.url}/api/admin/accounts`, { headers: owner });
  const listed = list.json.accounts.map(
    (a: { username: string; role: string }) => `${a.username}:${a.role}`,
  ) as string[];
  assert.is(listed[0], 'admin:owner');
  assert.equal(
    listed.filter((a) => a.startsWith('admin:') || a.startsWith('auditor.ann:')),
    ['admin:owner', 'auditor.ann:auditor'],
  );
  assert.is(
    (await call(`${shop.url}/api/admin/accounts`, { body: { username: 'auditor.ann', role: 'owner' }, headers: owner }))
      .status,
    409,
  );
  assert.is(
    (await call(`${shop.url}/api/admin/accounts`, { body: { username: 'admin', role: 'auditor' }, headers: owner }))
      .status,
    409,
  );
  assert.is(
    (await call(`${shop.url}/api/admin/accounts`, { body: { username: 'Bad Name', role: 'auditor' }, headers: owner }))
      .status,
    400,
  );
  assert.is(
    (await call(`${shop.url}/api/admin/accounts`, { body: { username: 'someone', role: 'root' }, headers: owner }))
      .status,
    400,
  );
});

test('route by route: an auditor reads every admin GET, and every write answers 403 with nothing stored', async () => {
  const ann = await signIn('auditor.rita', await create('auditor.rita', 'auditor'));
  assert.is(ann.status, 200);
  const routes = adminRoutes(shop.shop.deps);
  let reads = 0;
  let writes = 0;
  for (const { method, path } of routes) {
    const template = allEndpoints.find(
      (e) => e.endpoint.method === method && e.endpoint.path.replace(/:[A-Za-z]+/g, 'pending') === path,
    );
    if (method === 'GET') {
      const res = await call(`${shop.url}${path}`, { headers: ann.headers });
      assert.ok(
        res.status !== 401 && res.status !== 403 && res.status < 500,
        `GET ${path} answered ${res.status} to an auditor`,
      );
      reads++;
      continue;
    }
    if (template && auditorMay.has(`${method} ${template.endpoint.path}`)) continue;
    const head = await shop.shop.deps.events.headPosition();
    for (const body of [{}, { status: 'shipped', notes: 'x', role: 'owner', username: 'mallory', adminMessage: 'x' }]) {
      const res = await call(`${shop.url}${path}`, { method, body, headers: ann.headers });
      assert.is(res.status, 403, `${method} ${path} answered ${res.status} to an auditor`);
      assert.is(res.json.message, 'Only an owner may do this; your account may read but not change anything.');
    }
    // Forged headers change nothing: the role is the server's, from the log.
    const forged = await call(`${shop.url}${path}`, {
      method,
      body: {},
      headers: {
        ...ann.headers,
        'x-role': 'owner',
        'x-http-method-override': 'GET',
        'x-forwarded-user': 'admin',
        'x-original-url': '/api/admin/me',
      },
    });
    assert.is(forged.status, 403, `${method} ${path} with forged headers`);
    for (const variant of routeVariants(path)) {
      const res = await rawRequest(shop.url, method, variant, ann.headers);
      assert.ok(res.status >= 400 && res.status !== 500, `${method} ${variant} answered ${res.status}`);
    }
    assert.is(await shop.shop.deps.events.headPosition(), head, `${method} ${path} stored something`);
    writes++;
  }
  assert.ok(reads >= 6 && writes >= 8, `${reads} reads, ${writes} writes tried`);
  // The writes an auditor may make are declared one by one.
  assert.ok(auditorMay.has('POST /api/admin/logout'));
});

test("a new write route on the admin router is an owner's without saying so; a declared one is open to an auditor", async () => {
  const Koa = (await import('koa')).default;
  const { createAdminRouter } = await import('../http/adminRouter.ts');
  const { errorMiddleware } = await import('../http/errors.ts');
  const { route } = await import('../http/route.ts');
  const { Router } = await import('@koa/router');
  const pino = (await import('pino')).default;
  let role = 'auditor';
  const admin = createAdminRouter(async (ctx, next) => {
    ctx.state.admin = { username: 'someone', sessionId: 's', role };
    await next();
  });
  admin.post('/api/admin/new-thing', (ctx) => {
    ctx.body = { done: true };
  });
  const { endpoint } = await import('../../contracts/shared/endpoint.ts');
  const declared = endpoint<{ done: boolean }>()({
    method: 'POST',
    path: '/api/admin/declared/:id',
    guarded: true,
    auditorMay: true,
  });
  route({ open: new Router(), admin }, declared, (ctx) => {
    ctx.body = { done: true };
  });
  const app = new Koa();
  app.use(errorMiddleware(pino({ level: 'silent' })));
  app.use(admin.routes());
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    assert.is((await call(`${url}/api/admin/new-thing`, { method: 'POST' })).status, 403);
    assert.is((await call(`${url}/api/admin/declared/7`, { method: 'POST' })).status, 200);
    role = 'owner';
    assert.is((await call(`${url}/api/admin/new-thing`, { method: 'POST' })).status, 200);
  } finally {
    server.close();
  }
});

test('role changes hold from the next request; disabling, resetting and signing out end the tokens', async () => {
  const password = await create('bob@example.org', 'auditor');
  const bob = await signIn('bob@example.org', password);
  const createByBob = () =>
    call(`${shop.url}/api/admin/accounts`, { body: { username: 'carol', role: 'auditor' }, headers: bob.headers });
  assert.is((await createByBob()).status, 403);
  assert.is(
    (await call(`${shop.url}/api/admin/accounts/bob@example.org/role`, { body: { role: 'owner' }, headers: owner }))
      .status,
    200,
  );
  assert.is((await createByBob()).status, 201, 'an owner now');
  // An owner account may not demote or disable itself, nor touch the configured owner.
  assert.is(
    (await call(`${shop.url}/api/admin/accounts/bob@example.org/disable`, { method: 'POST', headers: bob.headers }))
      .status,
    400,
  );
  assert.is(
    (await call(`${shop.url}/api/admin/accounts/admin/disable`, { method: 'POST', headers: bob.headers })).status,
    409,
  );
  assert.is(
    (await call(`${shop.url}/api/admin/accounts/nobody/disable`, { method: 'POST', headers: bob.headers })).status,
    404,
  );

  assert.is(
    (await call(`${shop.url}/api/admin/accounts/bob@example.org/disable`, { method: 'POST', headers: owner })).status,
    200,
  );
  assert.is(
    (await call(`${shop.url}/api/admin/me`, { headers: bob.headers })).status,
    401,
    'disabled: the token is dead',
  );
  const refused = await signIn('bob@example.org', password);
  assert.is(refused.status, 401);
  const types = (await shop.shop.deps.events.readStream(adminStream('bob@example.org'))).map((e) => e.type);
  assert.equal(types.slice(-2), ['AccountDisabled', 'AccountSignInRefused']);
  assert.is(
    (await call(`${shop.url}/api/admin/accounts/bob@example.org/enable`, { method: 'POST', headers: owner })).status,
    200,
  );
  const again = await signIn('bob@example.org', password);
  assert.is(again.status, 200);

  const reset = await call(`${shop.url}/api/admin/accounts/bob@example.org/reset`, { method: 'POST', headers: owner });
  assert.is(reset.status, 200);
  // Tokens carry whole seconds: the one signed in the second of the reset counts as before it.
  assert.is(
    (await call(`${shop.url}/api/admin/me`, { headers: again.headers })).status,
    401,
    'reset: the old token is dead',
  );
  assert.is((await signIn('bob@example.org', password)).status, 401, 'and so is the old password');
  // A reset ends the sessions signed in up to its second; a sign-in a second later is after it.
  nowMs += 1000;
  const fresh = await signIn('bob@example.org', reset.json.password);
  assert.is(fresh.status, 200);
  assert.is((await call(`${shop.url}/api/admin/logout`, { method: 'POST', headers: fresh.headers })).status, 200);
  assert.is((await call(`${shop.url}/api/admin/me`, { headers: fresh.headers })).status, 401, 'signed out');
});

test('an auditor signs out (a declared exception), and the configured owner works as before', async () => {
  const password = await create('dora', 'auditor');
  const dora = await signIn('dora', password);
  assert.is((await call(`${shop.url}/api/admin/logout`, { method: 'POST', headers: dora.headers })).status, 200);
  assert.is((await call(`${shop.url}/api/admin/orders`, { headers: dora.headers })).status, 401);
  assert.is((await call(`${shop.url}/api/admin/orders`, { headers: owner })).status, 200);
});

test.run();
