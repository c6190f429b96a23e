import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sandboxShopEnv } from '../testing/checkout.ts';
import { adminHeaders, floodLimits, startTestShop, type TestShop } from '../testing/shop.ts';
import { holdFlood, holdFloodKept, type HoldFloodOptions } from './holds.ts';

const settledOn = (shop: TestShop) => async () => {
  await shop.shop.deps.effects.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
  await shop.shop.deps.waiter.waitFor(await shop.shop.deps.events.headPosition(), 10_000);
};

test('holds: 60 unpaid checkouts of 10 from one address (limits lifted) for 12 copies; 5 shoppers and 10 of the flood pay at once', async () => {
  const shop = await startTestShop({ ...sandboxShopEnv, RATE_LIMITS: floodLimits });
  try {
    const options: HoldFloodOptions = {
      bookId: 3,
      copies: 12,
      flood: 60,
      floodQuantity: 10,
      floodAddresses: [],
      shoppers: 5,
      floodPayers: 10,
      admin: await adminHeaders(shop),
    };
    const result = await holdFlood(shop.url, options, settledOn(shop));
    assert.is(result.floodStarted, 60);
    assert.is(result.heldAtHeight, 10, 'the cap per address');
    assert.equal([result.shoppersRefusedAtStart, result.shortfalls, [...result.paymentsOther]], [0, 0, []]);
    assert.ok(result.shoppersCharged + result.floodCharged <= 12);
    assert.ok(
      holdFloodKept(options, result),
      JSON.stringify({ ...result, floodRefused: [...result.floodRefused], paymentsOther: [...result.paymentsOther] }),
    );
  } finally {
    await shop.close();
  }
});

test('holds: 100 unpaid checkouts from 10 forged addresses (TRUST_PROXY=1, default limits) for the last 3 copies; 4 shoppers and 20 of the flood pay at once', async () => {
  const shop = await startTestShop({ ...sandboxShopEnv, TRUST_PROXY: '1' });
  try {
    const floodAddresses = Array.from({ length: 10 }, (_, i) => `203.0.113.${i + 1}`);
    const options: HoldFloodOptions = {
      bookId: 3,
      copies: 3,
      flood: 100,
      floodQuantity: 1,
      floodAddresses,
      shoppers: 4,
      floodPayers: 20,
      admin: await adminHeaders(shop),
    };
    const result = await holdFlood(shop.url, options, settledOn(shop));
    assert.is(result.floodStarted, 100);
    assert.is(result.shoppersRefusedAtStart, 0);
    assert.is(result.shoppersCharged + result.floodCharged, 3, 'every copy sold once');
    assert.equal([result.onHandAfter, result.shortfalls], [0, 0]);
    assert.ok(
      holdFloodKept(options, result),
      JSON.stringify({ ...result, floodRefused: [...result.floodRefused], paymentsOther: [...result.paymentsOther] }),
    );
  } finally {
    await shop.close();
  }
});

test.run();
