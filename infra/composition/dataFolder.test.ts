// The data folder a shop starts on (decision 056): private to the shop's user whatever the umask (files 0600, folders
// 0700), and refused, naming the file, when its key file is missing or belongs to another log; a log written before
// sealing (golden v1) has no key file and starts as before.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { orderStream } from '../../contracts/shared/streams.ts';
import { newEventId } from '../../service/commands.ts';
import { rejects } from '../testing/assert.ts';
import { sandboxPayBody, sandboxShopEnv } from '../testing/checkout.ts';
import { orderPlacedData } from '../testing/exampleOrders.ts';
import { copyGoldenData, readGolden } from '../testing/golden.ts';
import { adminHeaders, call, startTestShop, type TestShop } from '../testing/shop.ts';
import { KeyFileRefused } from './shop.ts';

const root = mkdtempSync(join(tmpdir(), 'shop-data-folder-'));
test.after(() => rmSync(root, { recursive: true, force: true }));

async function appendOrders(shop: TestShop, prefix: string, count: number) {
  for (let n = 0; n < count; n++) {
    const data = orderPlacedData({
      orderId: `pi_sandbox_${prefix}${String(n).padStart(16, '0')}`,
      customerEmail: `${prefix.toLowerCase()}-${n}@example.org`,
    });
    await shop.shop.deps.events.append(
      orderStream(data.orderId),
      [
        {
          id: newEventId(),
          type: 'OrderPlaced',
          data,
          metadata: { causedBy: 'test', causationId: 'c', correlationId: 'c', at: data.placedAt },
        },
      ],
      'no_stream',
    );
  }
}

/** Every file and folder under a folder, with its mode, the folder itself first. */
function modesUnder(dir: string): { path: string; mode: number; dir: boolean }[] {
  return ['', ...readdirSync(dir, { recursive: true, encoding: 'utf8' })].map((name) => {
    const stat = statSync(join(dir, name));
    return { path: name || '.', mode: stat.mode & 0o777, dir: stat.isDirectory() };
  });
}

test('every file the shop writes in DATA_DIR is 0600 and every folder 0700, even with a umask that would give them to everyone', async () => {
  const dataDir = join(root, 'modes');
  // A folder and a log left open to everyone by an earlier release are narrowed at start.
  mkdirSync(dataDir, { mode: 0o755 });
  chmodSync(dataDir, 0o755);
  writeFileSync(join(dataDir, 'events.sqlite'), '');
  chmodSync(join(dataDir, 'events.sqlite'), 0o644);
  const umask = process.umask(0);
  let shop: TestShop | null = null;
  try {
    shop = await startTestShop({ ...sandboxShopEnv, DATA_DIR: dataDir, READ_STORE: 'sqlite' });
    // A paid order: the payment sandbox's records, the outbox's e-mails, sealed events, keys, read models, the lease.
    const started = await call(`${shop.url}/api/cart/checkout`, {
      body: { items: [{ bookId: 1, quantity: 1 }], customerCountry: 'GB' },
    });
    assert.is(started.status, 200, started.text);
    const paid = await call(`${shop.url}/api/sandbox/checkout-sessions/${started.json.sessionId}/pay`, {
      body: sandboxPayBody(),
    });
    assert.is(paid.status, 200, paid.text);
    const confirmed = await call(`${shop.url}/api/checkout/confirm`, { body: { sessionId: started.json.sessionId } });
    assert.is(confirmed.status, 200, confirmed.text);
    const head = await shop.shop.deps.events.headPosition();
    assert.ok(await shop.shop.reactor?.waitFor(head, 30_000), 'the e-mails are sent');
    const owner = await adminHeaders(shop);
    assert.is((await call(`${shop.url}/api/admin/orders`, { headers: owner })).status, 200);
    const entries = modesUnder(dataDir);
    const names = entries.map((e) => e.path);
    for (const expected of [
      'events.sqlite',
      'keys.sqlite',
      'readmodels.sqlite',
      'leases.sqlite',
      'jwt-secret',
      'data-key',
      'outbox',
      'sandbox-payments',
    ]) {
      assert.ok(names.includes(expected), `${expected} is among ${names.join(', ')}`);
    }
    assert.ok(
      names.some((n) => n.startsWith('outbox/') && n.endsWith('.eml')),
      'an e-mail in the outbox',
    );
    assert.ok(
      names.some((n) => n.startsWith('sandbox-payments/') && n.endsWith('.json')),
      "a sandbox payment's record",
    );
    assert.ok(
      names.some((n) => n.endsWith('-wal')),
      'a write-ahead log while the shop runs',
    );
    for (const entry of entries)
      assert.is(entry.mode, entry.dir ? 0o700 : 0o600, `${entry.path} is ${entry.mode.toString(8)}`);
  } finally {
    process.umask(umask);
    await shop?.close();
  }
});

test('a shop whose key file is missing refuses to start, naming the file, and makes none', async () => {
  const dataDir = join(root, 'missing-keys');
  const env = { DATA_DIR: dataDir, DATA_KEY: randomBytes(32).toString('base64') };
  const first = await startTestShop(env);
  await appendOrders(first, 'Missing', 3);
  await first.close();
  renameSync(join(dataDir, 'keys.sqlite'), join(root, 'keys-set-aside.sqlite'));
  const file = join(dataDir, 'keys.sqlite');
  const error = await rejects(
    () => startTestShop(env),
    (e) => e instanceof KeyFileRefused,
  );
  assert.is((error as KeyFileRefused).file, file);
  assert.match(
    (error as Error).message,
    `The key file ${file} is missing, but the log holds personal data sealed under its keys`,
  );
  assert.match((error as Error).message, 'Without it every customer would read as erased, so the shop did not start');
  assert.not.ok(existsSync(file), 'the refused start made no empty key file');
  // Put back, the shop starts and reads its customers.
  renameSync(join(root, 'keys-set-aside.sqlite'), file);
  const again = await startTestShop(env);
  try {
    const orders = await call(`${again.url}/api/admin/orders`, { headers: await adminHeaders(again) });
    assert.ok(orders.text.includes('missing-0@example.org'), 'the customers read as they were');
  } finally {
    await again.close();
  }
});

test("a shop given another shop's key file, or one older than its log, refuses to start", async () => {
  const dataKey = randomBytes(32).toString('base64');
  const [mine, theirs] = [join(root, 'mine'), join(root, 'theirs')];
  const older = join(root, 'older-keys.sqlite');
  const other = await startTestShop({ DATA_DIR: theirs, DATA_KEY: dataKey });
  await appendOrders(other, 'Theirs', 2);
  await other.close();
  // A shop whose key file is copied early (before most of its customers) and again at the end.
  const shop = await startTestShop({ DATA_DIR: mine, DATA_KEY: dataKey });
  await appendOrders(shop, 'Mine', 2);
  await shop.close();
  copyFileSync(join(mine, 'keys.sqlite'), older);
  const later = await startTestShop({ DATA_DIR: mine, DATA_KEY: dataKey });
  await appendOrders(later, 'Later', 3);
  await later.close();

  const kept = join(root, 'mine-keys.sqlite');
  renameSync(join(mine, 'keys.sqlite'), kept);
  for (const [label, keys] of [
    ["another shop's key file", join(theirs, 'keys.sqlite')],
    ['an older copy of its own', older],
  ] as const) {
    copyFileSync(keys, join(mine, 'keys.sqlite'));
    const error = await rejects(
      () => startTestShop({ DATA_DIR: mine, DATA_KEY: dataKey }),
      (e) => e instanceof KeyFileRefused,
      label,
    );
    assert.match(
      (error as Error).message,
      `The key file ${join(mine, 'keys.sqlite')} does not belong to this log`,
      label,
    );
    rmSync(join(mine, 'keys.sqlite'));
  }
  renameSync(kept, join(mine, 'keys.sqlite'));
  const right = await startTestShop({ DATA_DIR: mine, DATA_KEY: dataKey });
  await right.close();
});

test('an erased customer is not a missing key: the shop starts and reads them as erased', async () => {
  const dataDir = join(root, 'erased');
  const env = { DATA_DIR: dataDir, DATA_KEY: randomBytes(32).toString('base64') };
  const shop = await startTestShop(env);
  await appendOrders(shop, 'Gone', 1);
  const owner = await adminHeaders(shop);
  const erasedNow = await call(`${shop.url}/api/admin/privacy/erase`, {
    body: { email: 'gone-0@example.org', reason: 'Asked to be forgotten' },
    headers: owner,
  });
  assert.is(erasedNow.status, 200, erasedNow.text);
  await shop.close();
  const again = await startTestShop(env);
  try {
    const orders = await call(`${again.url}/api/admin/orders`, { headers: await adminHeaders(again) });
    assert.not.ok(orders.text.includes('gone-0@example.org'));
  } finally {
    await again.close();
  }
});

test('a log written before sealing (golden v1) has no key file and starts', async () => {
  const golden = readGolden('v1');
  const dataDir = copyGoldenData(golden);
  assert.not.ok(existsSync(join(dataDir, 'keys.sqlite')));
  const shop = await startTestShop({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: golden.meta.admin.username,
    ADMIN_PASSWORD: '',
    READ_STORE: 'memory',
  });
  try {
    assert.is((await shop.shop.deps.events.headPosition()) >= golden.meta.events, true);
  } finally {
    await shop.close();
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  }
});

test.run();
