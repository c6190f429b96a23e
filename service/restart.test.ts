// The embedded default keeps its read models beside the log: a restart resumes from the checkpoint (nothing is folded
// again), the reactor's checkpoint survives too (nothing is sent again), and a read store of another log is rebuilt.
import { readdirSync, rmSync, mkdtempSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminHeaders, call, startTestShop } from '../infra/testing/shop.ts';
import { paidCartCheckout, outboxFiles, sandboxShopEnv } from '../infra/testing/checkout.ts';

const env = sandboxShopEnv;

test('a restart resumes the read models and the reactor from their checkpoints in DATA_DIR/readmodels.sqlite', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-restart-'));
  try {
    const first = await startTestShop({ ...env, DATA_DIR: dataDir });
    let before: { namespace: string; orders: unknown; mails: string[]; position: number };
    try {
      assert.is(first.shop.deps.reads.kind, 'sqlite');
      const sessionId = await paidCartCheckout(first, [{ bookId: 1, quantity: 1 }]);
      assert.is((await call(`${first.url}/api/checkout/confirm`, { body: { sessionId } })).status, 200);
      const orders = await call(`${first.url}/api/admin/orders`, { headers: await adminHeaders(first) });
      assert.is(orders.json.totalOrders, 1);
      before = {
        namespace: first.shop.deps.reads.namespace,
        orders: orders.json,
        mails: outboxFiles(first).sort(),
        position: await first.shop.deps.events.headPosition(),
      };
    } finally {
      await first.close();
    }
    assert.ok(readdirSync(dataDir).includes('readmodels.sqlite'));

    const second = await startTestShop({ ...env, DATA_DIR: dataDir });
    try {
      const { deps, runner, reactor } = second.shop;
      assert.is(deps.reads.namespace, before.namespace, 'the same generation answers');
      assert.ok(runner, 'this process folds the live generation');
      assert.is(runner.position, before.position, 'the runner resumed at the head, with nothing to fold again');
      assert.is(reactor!.position, before.position, "the reactor's checkpoint was kept");
      const orders = await call(`${second.url}/api/admin/orders`, { headers: await adminHeaders(second) });
      assert.equal(orders.json, before.orders);
      assert.equal(outboxFiles(second).sort(), before.mails, 'no e-mail sent again');
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a read store folded from another log is set aside and rebuilt from this one', async () => {
  const long = mkdtempSync(join(tmpdir(), 'shop-restart-long-'));
  const short = mkdtempSync(join(tmpdir(), 'shop-restart-short-'));
  try {
    // A shop with an order, and an empty one whose log is shorter; the first's read models are put beside the second's log.
    const a = await startTestShop({ ...env, DATA_DIR: long });
    const sessionId = await paidCartCheckout(a, [{ bookId: 1, quantity: 1 }]);
    assert.is((await call(`${a.url}/api/checkout/confirm`, { body: { sessionId } })).status, 200);
    await a.close();
    const b = await startTestShop({ ...env, DATA_DIR: short });
    await b.close();
    copyFileSync(join(long, 'readmodels.sqlite'), join(short, 'readmodels.sqlite'));
    rmSync(join(short, 'readmodels.sqlite-wal'), { force: true });
    rmSync(join(short, 'readmodels.sqlite-shm'), { force: true });
    const again = await startTestShop({ ...env, DATA_DIR: short });
    try {
      const orders = await call(`${again.url}/api/admin/orders`, { headers: await adminHeaders(again) });
      assert.is(orders.json.totalOrders, 0, 'the orders of the other log are gone');
      assert.ok(readdirSync(short).includes('readmodels.sqlite.broken'));
      const books = await call(`${again.url}/api/books`);
      assert.is(books.status, 200);
      assert.ok(Array.isArray(books.json) ? books.json.length > 0 : true);
    } finally {
      await again.close();
    }
  } finally {
    rmSync(long, { recursive: true, force: true });
    rmSync(short, { recursive: true, force: true });
  }
});

test.run();
