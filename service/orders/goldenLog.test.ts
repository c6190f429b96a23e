// A log an earlier release wrote opens unchanged, and the owner completes one of its wallet orders that were placed
// without the buyer's details: signed in with the recorded password, from the API the console uses.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AdminOrder, OrderHistoryResponse } from '../../contracts/orders/console.ts';
import { eventCatalog } from '../../contracts/eventCatalog.ts';
import { missingCustomerDetails } from '../../contracts/orders/model.ts';
import { allProjections } from '../../projections/index.ts';
import { verify } from '../../projections/engine/rebuild.ts';
import { copyGoldenData, readGolden } from '../../infra/testing/golden.ts';
import { call, startTestShop } from '../../infra/testing/shop.ts';
import { eventually } from '../../infra/testing/assert.ts';

const v1 = readGolden('v1');
// unknownNames: the golden log's sign-ins with a name that is no account (its answers.json, meta.scenario.failedLogins).
const golden = {
  owner: v1.meta.admin.username,
  password: v1.meta.admin.password,
  events: v1.meta.events,
  walletOrdersWithoutAddress: 19,
  unknownNames: 11,
};

test('the owner completes a wallet order of the golden log, and reads it back with its history', async () => {
  const dataDir = copyGoldenData(v1);
  // No password in the environment: the recorded owner's hash in admin.json is the one to match.
  const shop = await startTestShop({ DATA_DIR: dataDir, ADMIN_USERNAME: golden.owner, ADMIN_PASSWORD: '' });
  try {
    assert.is(
      await shop.shop.deps.events.headPosition(),
      golden.events,
      'the log opens as written, nothing appended at start',
    );
    const login = await call(`${shop.url}/api/admin/login`, {
      body: { username: golden.owner, password: golden.password },
    });
    assert.is(login.status, 200, login.text);
    const owner = { authorization: `Bearer ${login.json.token}` };

    const orders = (await call(`${shop.url}/api/admin/orders`, { headers: owner })).json.orders as AdminOrder[];
    const lacking = orders.filter((o) => missingCustomerDetails(o).includes('address'));
    assert.is(lacking.length, golden.walletOrdersWithoutAddress);
    assert.ok(lacking.every((o) => o.paymentMethod.startsWith('Wallet')));
    const order = lacking.at(-1)!;

    const res = await call(`${shop.url}/api/admin/orders/${order.orderId}/customer`, {
      method: 'POST',
      headers: owner,
      body: {
        name: 'Hafsa Begum',
        email: 'hafsa@example.org',
        address: { line1: '22 Mill Lane', city: 'Bradford', postcode: 'BD1 2AB', country: 'GB' },
        reason: 'The buyer answered our e-mail with her address',
        expectedRevision: order.revision,
      },
    });
    assert.is(res.status, 200, res.text);

    const after = ((await call(`${shop.url}/api/admin/orders`, { headers: owner })).json.orders as AdminOrder[]).find(
      (o) => o.orderId === order.orderId,
    )!;
    assert.equal(
      {
        name: after.customerName,
        email: after.customerEmail,
        address: after.shippingAddress,
        status: after.status,
        total: after.total,
        revision: after.revision,
      },
      {
        name: 'Hafsa Begum',
        email: 'hafsa@example.org',
        address: '22 Mill Lane, Bradford, BD1 2AB, GB',
        status: order.status,
        total: order.total,
        revision: order.revision + 1,
      },
    );
    const history = (await call(`${shop.url}/api/admin/orders/${order.orderId}/history`, { headers: owner }))
      .json as OrderHistoryResponse;
    const last = history.history.at(-1)!;
    assert.is(last.kind, 'detailsAdded');
    assert.equal(last.kind === 'detailsAdded' && [last.source, last.by, last.reason, last.shippingAddress], [
      'owner',
      'owner',
      'The buyer answered our e-mail with her address',
      '22 Mill Lane, Bradford, BD1 2AB, GB',
    ]);
    assert.is(history.history.length, order.revision + 2);

    // Every event the old release wrote is still there as written, read in today's shape (its upcasters); the details and
    // the buyer's confirmation follow. Of the sign-ins, only the names typed that were no account are not handed on
    // (decision 057).
    const exported = readFileSync(join(v1.dir, 'export.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; type: string; stream: string; data: unknown });
    let position = 0;
    let unlikeRecorded = 0;
    for await (const event of shop.shop.deps.events.readAll(0)) {
      if (event.position > golden.events) break;
      const recorded = exported[position++]!;
      const today = eventCatalog.upcast(recorded.type, 1, recorded.data, recorded.stream);
      if (event.id !== recorded.id || JSON.stringify(event.data) !== JSON.stringify(today))
        assert.unreachable(`event ${event.position} changed`);
      if (recorded.type === 'AdminLoginFailed' && JSON.stringify(today) !== JSON.stringify(recorded.data)) {
        unlikeRecorded += 1;
        assert.equal(
          event.data,
          { nameHash: null, reason: 'unknown_username', at: (recorded.data as { at: string }).at },
          `event ${event.position}`,
        );
      }
    }
    assert.is(position, golden.events);
    assert.is(unlikeRecorded, golden.unknownNames, 'the names typed at sign-in, and no other sign-in');
    // The buyer's confirmation is sent by the reactor after the details are stored: wait for it, not for a time.
    const appended: string[] = [];
    await eventually(
      async () => {
        appended.length = 0;
        for await (const event of shop.shop.deps.events.readAll(golden.events))
          appended.push(`${event.type} ${event.stream}`);
        return appended.length >= 3;
      },
      30_000,
      "the buyer's confirmation",
    );
    assert.equal(appended, [
      `AdminLoggedIn admin-${golden.owner}`,
      `OrderCustomerDetailsAdded order-${order.orderId}`,
      `EmailSent notification-${order.orderId}`,
    ]);
    assert.is(
      lacking.length - 1,
      ((await call(`${shop.url}/api/admin/orders`, { headers: owner })).json.orders as AdminOrder[]).filter((o) =>
        missingCustomerDetails(o).includes('address'),
      ).length,
    );
    assert.ok(
      (await verify(shop.shop.deps.events, shop.shop.deps.reads, allProjections)).match,
      'read models equal a rebuild',
    );
  } finally {
    await shop.close();
    rmSync(dirname(dataDir), { recursive: true, force: true });
  }
});

test.run();
