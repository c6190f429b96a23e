// The retention period: the report lists only people whose last order is older than RETENTION_MONTHS, changes
// nothing, and applying it (from the admin, or `npm run events -- retention --apply`) erases exactly them. And what
// erasure can and cannot do for events written before personal fields were sealed (decision 049).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { erased } from '../../contracts/personalData.ts';
import { privacyMessages } from '../../contracts/privacy/model.ts';
import { newEventId } from '../commands.ts';
import { eventsCli } from '../../infra/testing/eventsCli.ts';
import { orderPlacedData, placeOrders } from '../../infra/testing/exampleOrders.ts';
import { adminHeaders, call, startTestShop } from '../../infra/testing/shop.ts';
import type { EventStore } from '../../contracts/ports/eventStore.ts';

const now = new Date('2026-06-01T12:00:00.000Z');
const lapsed = { customerName: 'Rukhsana Old', customerEmail: 'rukhsana.old@example.org' };
const lapsedToo = { customerName: 'Tariq Olderstill', customerEmail: 'tariq.o@example.org' };
const recent = { customerName: 'Sumayyah Recent', customerEmail: 'sumayyah.recent@example.org' };

test('the retention report lists only people past the period; applying it erases them and keeps the others', async () => {
  const shop = await startTestShop({ RETENTION_MONTHS: '12' }, { clock: () => now });
  try {
    const owner = await adminHeaders(shop);
    await placeOrders(shop, [
      orderPlacedData({
        orderId: 'pi_sandbox_Retention0000000000000001',
        placedAt: '2025-01-10T09:00:00.000Z',
        ...lapsed,
      }),
      // One old order and one within the period: the last order counts.
      orderPlacedData({
        orderId: 'pi_sandbox_Retention0000000000000002',
        placedAt: '2024-02-10T09:00:00.000Z',
        ...recent,
      }),
      orderPlacedData({
        orderId: 'pi_sandbox_Retention0000000000000003',
        placedAt: '2026-02-10T09:00:00.000Z',
        ...recent,
      }),
    ]);
    const report = await call(`${shop.url}/api/admin/privacy/retention`, { headers: owner });
    assert.is(report.status, 200, report.text);
    assert.is(report.json.months, 12);
    assert.is(report.json.cutoff, '2025-06-01T12:00:00.000Z');
    assert.equal(
      report.json.due.map((p: { email: string }) => p.email),
      [lapsed.customerEmail],
    );
    // The report is a dry run: nothing was erased by making it.
    const stillThere = await shop.shop.deps.events.readStream('order-pi_sandbox_Retention0000000000000001');
    assert.is((stillThere[0]!.data as { customerName: string }).customerName, lapsed.customerName);

    const applied = await call(`${shop.url}/api/admin/privacy/retention`, { method: 'POST', headers: owner });
    assert.is(applied.status, 200, applied.text);
    assert.is(applied.json.erased, 1);
    const [gone] = await shop.shop.deps.events.readStream('order-pi_sandbox_Retention0000000000000001');
    assert.is((gone!.data as { customerName: string }).customerName, erased.name);
    const [kept] = await shop.shop.deps.events.readStream('order-pi_sandbox_Retention0000000000000003');
    assert.is((kept!.data as { customerName: string }).customerName, recent.customerName);
    const log = await shop.shop.deps.events.readStream('privacy-erasures');
    assert.is(log.length, 1);
    assert.is((log[0]!.data as { by: string }).by, 'admin');
    assert.not.match(JSON.stringify(log), /rukhsana/i, 'SubjectErased holds no personal data');
    assert.equal((await call(`${shop.url}/api/admin/privacy/retention`, { headers: owner })).json.due, []);
    const orders = await call(`${shop.url}/api/admin/orders`, { headers: owner });
    assert.not.match(orders.text, lapsed.customerName);
  } finally {
    await shop.close();
  }
});

test('npm run events -- retention reports without changing anything; --apply erases', async () => {
  const shop = await startTestShop({ RETENTION_MONTHS: '6' }, { keepData: true });
  const env = { DATA_DIR: shop.dataDir, RETENTION_MONTHS: '6' };
  try {
    await placeOrders(shop, [
      orderPlacedData({
        orderId: 'pi_sandbox_Retention0000000000000004',
        placedAt: '2020-01-10T09:00:00.000Z',
        ...lapsedToo,
      }),
    ]);
    const dry = await eventsCli(['retention'], env);
    assert.is(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, lapsedToo.customerEmail);
    assert.match(dry.stdout, /run again with --apply/);
    const [before] = await shop.shop.deps.events.readStream('order-pi_sandbox_Retention0000000000000004');
    assert.is((before!.data as { customerName: string }).customerName, lapsedToo.customerName);
    const applied = await eventsCli(['retention', '--apply'], env);
    assert.is(applied.code, 0, applied.stderr);
    assert.match(applied.stdout, /Erased 1 person/);
    const [after] = await shop.shop.deps.events.readStream('order-pi_sandbox_Retention0000000000000004');
    assert.is(
      (after!.data as { customerName: string }).customerName,
      erased.name,
      'the shop reads the erasure the CLI made',
    );
  } finally {
    await shop.close();
    const { rmSync } = await import('node:fs');
    rmSync(shop.dataDir, { recursive: true, force: true });
  }
});

test('an address only in events written before sealing: erasure refuses and says why; the download lists those streams', async () => {
  const shop = await startTestShop();
  try {
    const owner = await adminHeaders(shop);
    // Written as a release before sealing wrote it: plain text, straight into the stored log.
    const stored = (shop.shop.deps.events as EventStore & { stored: EventStore }).stored;
    const data = orderPlacedData({
      orderId: 'pi_sandbox_BeforeSealing00000000000001',
      customerName: 'Nusaybah Plain',
      customerEmail: 'nusaybah.plain@example.org',
    });
    await stored.append(
      'order-pi_sandbox_BeforeSealing00000000000001',
      [
        {
          id: newEventId(),
          type: 'OrderPlaced',
          data,
          metadata: { causedBy: 'webhook:stripe', causationId: 'x', correlationId: 'x', at: data.placedAt },
        },
      ],
      'no_stream',
    );
    const refused = await call(`${shop.url}/api/admin/privacy/erase`, {
      body: { email: 'nusaybah.plain@example.org', reason: 'Asked to be forgotten' },
      headers: owner,
    });
    assert.is(refused.status, 409, refused.text);
    assert.is(refused.json.message, privacyMessages.plainOnly, refused.text);
    const access = await call(
      `${shop.url}/api/admin/privacy/access?reason=Subject%20access%20request&email=nusaybah.plain@example.org`,
      { headers: owner },
    );
    assert.is(access.status, 200, access.text);
    assert.equal(access.json.plainTextStreams, ['order-pi_sandbox_BeforeSealing00000000000001']);
    assert.is(access.json.orders.length, 1);
    // Nothing was recorded or deleted by the refusal.
    assert.equal(await shop.shop.deps.events.readStream('privacy-erasures'), []);
    const unknown = await call(`${shop.url}/api/admin/privacy/erase`, {
      body: { email: 'nobody@example.org', reason: 'Asked to be forgotten' },
      headers: owner,
    });
    assert.is(unknown.status, 404, unknown.text);
    const bad = await call(`${shop.url}/api/admin/privacy/erase`, {
      body: { email: 'not an address', reason: '' },
      headers: owner,
    });
    assert.is(bad.status, 400, bad.text);
  } finally {
    await shop.close();
  }
});

test.run();
