// The restore drill (decision 056): a shop with orders, notes, refunds, reviews, an auditor's account and an erased
// customer is backed up by the owner's Backup button while shoppers and the owner keep writing; the backup is restored
// into a new folder with `npm run events -- restore`, a shop is started on it, and every answer of the order, review
// and admin endpoints equals the original's. Without the key file the restored folder refuses to start, naming it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { erased } from '../../contracts/personalData.ts';
import { writeAdminFile } from '../../service/admin/credentials.ts';
import { hashPassword } from '../../service/admin/password.ts';
import { eventually } from '../testing/assert.ts';
import { sandboxPayBody, sandboxShopEnv } from '../testing/checkout.ts';
import { eventsCli } from '../testing/eventsCli.ts';
import { adminHeaders, call, floodLimits, startTestShop, type TestShop } from '../testing/shop.ts';
import { readManifest } from './manifest.ts';
import { nodeArgs } from '../testing/programs.ts';

const root = mkdtempSync(join(tmpdir(), 'shop-restore-drill-'));
test.after(() => rmSync(root, { recursive: true, force: true }));

const dataKey = randomBytes(32).toString('base64');
/** Both shops' clock: the real time, held still while their answers are compared (a download says when it was made). */
let heldAt: Date | null = null;
const clock = () => heldAt ?? new Date();
const shopEnv = (dataDir: string) => ({
  ...sandboxShopEnv,
  DATA_DIR: dataDir,
  DATA_KEY: dataKey,
  // The owner's password comes from the accounts file (admin.json), which the backup must carry.
  ADMIN_PASSWORD: '',
  JWT_SECRET: 'restore-drill-signing-secret-0123456789abcdef',
  RATE_LIMITS: floodLimits,
  READ_STORE: 'sqlite',
  BACKUP_DIR: join(root, 'backups'),
});

const buyers = {
  erased: {
    name: 'Hafsa Winterbourne',
    email: 'hafsa.winterbourne@example.org',
    line1: '3 Juniper Mews',
    city: 'Durham',
    postcode: 'DH1 4QT',
  },
  kept: {
    name: 'Idris Fairweather',
    email: 'idris.fairweather@example.net',
    line1: '88 Saltmarsh Road',
    city: 'Hull',
    postcode: 'HU5 2LP',
  },
  third: {
    name: 'Noor Ellingham',
    email: 'noor.ellingham@example.com',
    line1: '9 Beacon Hill',
    city: 'Exeter',
    postcode: 'EX4 6PX',
  },
};
type Buyer = (typeof buyers)[keyof typeof buyers];

async function must(shop: TestShop, path: string, body: unknown, headers: Record<string, string> = {}, status = 200) {
  const answer = await call(`${shop.url}${path}`, { body, headers });
  assert.is(answer.status, status, `${path}: ${answer.text}`);
  return answer.json;
}

/** A cart checkout paid on the sandbox's page and confirmed: the order's id. */
async function paidOrder(shop: TestShop, buyer: Buyer, bookId: number): Promise<string> {
  const started = await must(shop, '/api/cart/checkout', { items: [{ bookId, quantity: 1 }], customerCountry: 'GB' });
  await must(shop, `/api/sandbox/checkout-sessions/${started.sessionId}/pay`, {
    ...sandboxPayBody(),
    email: buyer.email,
    name: buyer.name,
    address: { line1: buyer.line1, city: buyer.city, postcode: buyer.postcode, country: 'GB' },
  });
  await must(shop, '/api/checkout/confirm', { sessionId: started.sessionId });
  return started.sessionId;
}

async function caughtUp(shop: TestShop) {
  const head = await shop.shop.deps.events.headPosition();
  await eventually(async () => (await shop.shop.readModels.position()) >= head, 30_000, 'the read models caught up');
  assert.ok(await shop.shop.reactor?.waitFor(head, 30_000), 'the reactor caught up');
}

/** Every read answer of the order, review and admin endpoints (and the public ones they feed), by path. */
async function answers(
  shop: TestShop,
  owner: Record<string, string>,
  orderIds: string[],
): Promise<Map<string, { status: number; body: unknown }>> {
  const paths = [
    '/api/books',
    ...[1, 2, 3].map((id) => `/api/reviews/book/${id}`),
    '/api/admin/reviews',
    ...['pending', 'approved', 'rejected'].map((status) => `/api/admin/reviews/${status}`),
    '/api/admin/orders',
    ...['pending', 'processing', 'shipped', 'delivered', 'cancelled'].map(
      (status) => `/api/admin/orders?status=${status}`,
    ),
    `/api/admin/orders?q=${encodeURIComponent(buyers.kept.name.split(' ')[1]!)}`,
    ...orderIds.flatMap((id) => [
      `/api/admin/orders/${id}`,
      `/api/admin/orders/${id}/history`,
      `/api/admin/audit/state?stream=order-${id}`,
    ]),
    '/api/admin/packing-slips',
    '/api/admin/stock',
    '/api/admin/sales',
    '/api/admin/accounts',
    '/api/admin/me',
    '/api/admin/privacy/retention',
    '/api/admin/audit/streams',
    '/api/admin/audit/projections',
    '/api/admin/audit/reads',
  ];
  const found = new Map<string, { status: number; body: unknown }>();
  const ask = async (path: string) => {
    const answer = await call(`${shop.url}${path}`, { headers: owner });
    found.set(path, { status: answer.status, body: answer.json ?? answer.text });
    return answer;
  };
  for (const path of paths) await ask(path);
  // The whole log as the console pages it, opened.
  for (let after = 0, page = 0; ; page++) {
    const answer = await ask(`/api/admin/events?after=${after}&limit=200`);
    if (answer.status !== 200 || answer.json.next === null || page > 100) break;
    after = answer.json.next;
  }
  // Last, the downloads: each is recorded in the log (decision 058) under an id of its own, so the log's pages are
  // compared before them.
  const reason = encodeURIComponent('Restore drill comparison');
  await ask(`/api/admin/sales/orders.csv?reason=${reason}`);
  for (const buyer of [buyers.kept, buyers.erased])
    await ask(`/api/admin/privacy/access?email=${encodeURIComponent(buyer.email)}&reason=${reason}`);
  return found;
}

test('restore drill: a backup taken during a write burst restores to a shop that answers as the original; without its key file it refuses to start', async () => {
  const originalDir = join(root, 'original');
  mkdirSync(originalDir);
  writeAdminFile(join(originalDir, 'admin.json'), await hashPassword('drill-owner-password-1'));
  const original = await startTestShop(shopEnv(originalDir), { clock });
  let restored: TestShop | null = null;
  let writing = false;
  let burst: Promise<number> = Promise.resolve(0);
  try {
    const owner = await adminHeaders(original);
    const ordersOf = {
      erased: [await paidOrder(original, buyers.erased, 1), await paidOrder(original, buyers.erased, 2)],
      kept: [await paidOrder(original, buyers.kept, 1), await paidOrder(original, buyers.kept, 3)],
      third: [await paidOrder(original, buyers.third, 2)],
    };
    const orderIds = [...ordersOf.erased, ...ordersOf.kept, ...ordersOf.third];
    const revision = async (id: string) =>
      (await call(`${original.url}/api/admin/orders/${id}`, { headers: owner })).json.order.revision as number;
    const admin = (path: string, body: unknown, status = 200) => must(original, path, body, owner, status);

    // Fulfilment with notes and a tracking number, the owner's notes, refunds, reviews, an auditor's account.
    for (const id of [ordersOf.erased[0]!, ordersOf.kept[0]!])
      await admin(`/api/admin/orders/${id}/status`, {
        status: 'processing',
        notes: 'Packed with a bookmark',
        expectedRevision: await revision(id),
      });
    await admin(`/api/admin/orders/${ordersOf.kept[0]}/status`, {
      status: 'shipped',
      shipment: { carrier: 'royal-mail', trackingNumber: 'RM123456785GB' },
      expectedRevision: await revision(ordersOf.kept[0]!),
    });
    await admin(`/api/admin/orders/${ordersOf.erased[0]}/notes`, { text: 'She asked for gift wrapping' });
    await admin(`/api/admin/orders/${ordersOf.kept[1]}/notes`, { text: 'Left with a neighbour at number 90' });
    await admin(
      `/api/admin/orders/${ordersOf.kept[1]}/refunds`,
      {
        amount: 300,
        reason: 'Cover arrived scuffed',
        expectedRevision: await revision(ordersOf.kept[1]!),
      },
      202,
    );
    await admin(
      `/api/admin/orders/${ordersOf.erased[1]}/refunds`,
      {
        amount: 200,
        reason: 'Late delivery',
        expectedRevision: await revision(ordersOf.erased[1]!),
      },
      202,
    );
    for (const [buyer, bookId, rating] of [
      [buyers.erased, 1, 5],
      [buyers.kept, 2, 4],
      [buyers.third, 3, 2],
    ] as const) {
      await must(
        original,
        '/api/reviews/submit',
        {
          bookId,
          customerName: buyer.name,
          customerEmail: buyer.email,
          rating,
          reviewText: `Our children loved it, says ${buyer.name}`,
        },
        {},
        201,
      );
    }
    await caughtUp(original);
    const pending = (await call(`${original.url}/api/admin/reviews/pending`, { headers: owner })).json as {
      id: string;
      customerName: string;
    }[];
    await admin(`/api/admin/reviews/${pending.find((r) => r.customerName === buyers.erased.name)!.id}/approve`, {
      adminMessage: 'Thank you',
    });
    await admin(`/api/admin/reviews/${pending.find((r) => r.customerName === buyers.kept.name)!.id}/reject`, {
      adminMessage: 'Not about the book',
    });
    const auditorPassword = (await admin('/api/admin/accounts', { username: 'auditor', role: 'auditor' }, 201))
      .password as string;
    // One customer is forgotten.
    await admin('/api/admin/privacy/erase', { email: buyers.erased.email, reason: 'Asked by letter to be forgotten' });
    await caughtUp(original);

    // The burst: shoppers' reviews and the owner's notes, as fast as the shop takes them, while the owner backs up.
    writing = true;
    let written = 0;
    burst = (async () => {
      for (let n = 0; writing; n++) {
        const review = call(`${original.url}/api/reviews/submit`, {
          body: {
            bookId: 1 + (n % 3),
            customerName: `Burst Reader ${n}`,
            customerEmail: `reader-${n}@example.org`,
            rating: 1 + (n % 5),
            reviewText: `Read it ${n} times already`,
          },
        });
        const note = call(`${original.url}/api/admin/orders/${ordersOf.third[0]}/notes`, {
          body: { text: `Burst note ${n}` },
          headers: owner,
        });
        const [r, w] = await Promise.all([review, note]);
        assert.is(r.status, 201, r.text);
        assert.is(w.status, 200, w.text);
        written += 2;
      }
      return written;
    })();
    await eventually(async () => written >= 20, 30_000, 'the burst under way');
    const headBefore = await original.shop.deps.events.headPosition();
    const writtenBefore = written;
    const auditorTried = await call(`${original.url}/api/admin/audit/backup`, {
      method: 'POST',
      headers: await adminHeaders(original, 'auditor'),
    });
    assert.is(auditorTried.status, 403, 'an auditor may not take a backup');
    const pressed = await call(`${original.url}/api/admin/audit/backup`, { method: 'POST', headers: owner });
    const writtenDuring = written - writtenBefore;
    writing = false;
    await burst;
    assert.is(pressed.status, 200, pressed.text);
    assert.ok(writtenDuring > 0, 'the burst went on while the backup was taken');
    const summary = pressed.json.backup;
    assert.match(pressed.json.message, 'The backup was written with its manifest');
    assert.ok(summary.folder.startsWith(join(root, 'backups')), summary.folder);
    assert.ok(summary.head >= headBefore, 'the backup holds every event written before the button was pressed');
    assert.is(summary.keyFile, true);
    assert.is(summary.encrypted, false);
    const manifest = readManifest(summary.folder);
    assert.is(manifest.log.head, summary.head);
    assert.ok(
      manifest.files.some((f) => f.path === 'admin.json'),
      'the accounts file is in it',
    );
    assert.ok(
      manifest.files.some((f) => f.path.startsWith('sandbox-payments/')),
      "the payment sandbox's records are in it",
    );
    // The backup is a copy of every person's data: recorded as a read before it was taken, so it holds its own record.
    const records = (await call(`${original.url}/api/admin/audit/reads?reader=admin`, { headers: owner })).json;
    const record = records.reads.find((r: { endpoint: string }) => r.endpoint === 'POST /api/admin/audit/backup');
    assert.ok(record, JSON.stringify(records).slice(0, 300));
    assert.is(record.reason, 'data folder backed up');
    await caughtUp(original);

    // Restored into a new folder and checked.
    const restoredDir = join(root, 'restored', 'data');
    // Not without the token secret the auditor's password hash is sealed under: restored without it, nobody could sign in.
    const withoutSecret = await eventsCli(['restore', summary.folder, restoredDir], { DATA_KEY: dataKey });
    assert.is(withoutSecret.code, 1, withoutSecret.stdout + withoutSecret.stderr);
    assert.match(
      withoutSecret.stderr,
      /The backup's log holds 1 accounts' password hashes or two-step secrets sealed under the shop's token secret \(the newest, auditor's password hash, at position \d+\), and JWT_SECRET is not set/,
    );
    assert.match(
      withoutSecret.stderr,
      'Set JWT_SECRET to the token secret the shop ran with (its JWT_SECRET) and run restore again. Nothing was restored.',
    );
    assert.not.ok(existsSync(restoredDir), 'the refused restore wrote nothing');
    const restore = await eventsCli(['restore', summary.folder, restoredDir], {
      DATA_KEY: dataKey,
      JWT_SECRET: shopEnv('').JWT_SECRET,
    });
    assert.is(restore.code, 0, restore.stdout + restore.stderr);
    // A shop whose secrets came from its environment gets none as a file.
    assert.not.ok(existsSync(join(restoredDir, 'jwt-secret')) || existsSync(join(restoredDir, 'data-key')));
    assert.match(restore.stdout, 'All 4 checks passed');
    assert.match(restore.stdout, /were forgotten \(erased\)/);

    // Without its key file, the restored folder refuses to start, naming the file, and makes no key file of its own.
    const withoutKeys = join(root, 'without-keys');
    mkdirSync(withoutKeys, { mode: 0o700 });
    for (const name of readdirSync(restoredDir))
      if (name !== 'keys.sqlite' && statSync(join(restoredDir, name)).isFile())
        copyFileSync(join(restoredDir, name), join(withoutKeys, name));
    const refused = await startShopProcess(withoutKeys);
    assert.is(refused.code, 1, refused.output);
    assert.match(
      refused.output,
      `The key file ${join(withoutKeys, 'keys.sqlite')} is missing, but the log holds personal data sealed under its keys`,
    );
    assert.not.ok(existsSync(join(withoutKeys, 'keys.sqlite')), 'the refused start made no key file');
    // With no token secret (no JWT_SECRET, and the restored folder has no jwt-secret) it refuses too, rather than make
    // a new one and start a shop nobody can sign in to; and it makes no jwt-secret file.
    const noSecret = await startShopProcess(restoredDir, { JWT_SECRET: '' });
    assert.is(noSecret.code, 1, noSecret.output);
    assert.match(
      noSecret.output,
      `The log holds 1 accounts' password hashes or two-step secrets sealed under the shop's token secret (the newest, auditor's password hash, at position`,
    );
    assert.match(
      noSecret.output,
      `but JWT_SECRET is not set and ${join(restoredDir, 'jwt-secret')} is missing: a new token secret would open none of them and no account could sign in, so the shop did not start.`,
    );
    assert.not.ok(existsSync(join(restoredDir, 'jwt-secret')), 'the refused start made no token secret');

    // Started on the restored folder, then given the events the original took after the backup's head (the rest of
    // the burst), in order with their ids: from then on both shops hold the same log.
    restored = await startTestShop(shopEnv(restoredDir), { clock });
    let carried = 0;
    for await (const event of original.shop.deps.events.readAll(manifest.log.head)) {
      await restored.shop.deps.events.append(
        event.stream,
        [{ id: event.id, type: event.type, data: event.data, metadata: event.metadata }],
        event.revision === 0 ? 'no_stream' : event.revision - 1,
      );
      carried += 1;
    }
    await caughtUp(restored);
    assert.is(
      await restored.shop.deps.events.headPosition(),
      await original.shop.deps.events.headPosition(),
      'the restored shop appended nothing of its own',
    );

    heldAt = new Date();
    const [before, after] = [
      await answers(original, owner, orderIds),
      await answers(restored, await adminHeaders(restored), orderIds),
    ];
    heldAt = null;
    assert.equal([...after.keys()], [...before.keys()]);
    for (const [path, answer] of before) {
      assert.is(answer.status, 200, `${path} on the original: ${JSON.stringify(answer.body).slice(0, 200)}`);
      assert.equal(after.get(path), answer, path);
    }
    // The erased customer stays erased, the others read as they were.
    const orders = JSON.stringify(before.get('/api/admin/orders')!.body);
    assert.ok(
      orders.includes(erased.name) && !orders.includes(buyers.erased.name),
      'the erased customer reads as erased',
    );
    assert.ok(orders.includes(buyers.kept.name), 'a kept customer reads as they were');
    // The auditor signs in on the restored shop with the password the original gave it.
    const signedIn = await call(`${restored.url}/api/admin/login`, {
      body: { username: 'auditor', password: auditorPassword },
    });
    assert.is(signedIn.status, 200, signedIn.text);
    assert.type(signedIn.json.token, 'string');
    console.log(
      `restore drill: ${before.size} answers equal; backup at position ${manifest.log.head} of ${await original.shop.deps.events.headPosition()}, ${writtenDuring} writes during it, ${carried} events carried over after`,
    );
  } finally {
    heldAt = null;
    writing = false;
    await burst.catch(() => 0);
    await restored?.close();
    await original.close();
  }
});

/** `node infra/main/shop.ts` on a data folder, as `npm start` runs the shop: its exit code and everything it printed. */
async function startShopProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ code: number; output: string }> {
  const child = spawn(process.execPath, nodeArgs('infra/main/shop.ts'), {
    env: {
      ...process.env,
      ...shopEnv(dataDir),
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      REDIS_URL: '',
      EVENTSTORE_URL: '',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const take = (d: Buffer) => {
    output += d.toString();
    // Had it started after all, it is stopped (by its own pid) rather than left running: the test then fails on its code.
    if (output.includes('shop listening')) child.kill('SIGTERM');
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const [code] = await once(child, 'exit');
  return { code: code as number, output };
}

test.run();
