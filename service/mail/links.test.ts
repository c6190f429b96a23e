// Links where the shop lives (decision 112): a shop without PUBLIC_URL, outside production, links its e-mails to the
// address the request behind them came to, recorded with the event the request wrote, so the reactor's e-mails sent
// later link there too; with PUBLIC_URL, there and nowhere else, and nothing is recorded.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually } from '../../infra/testing/assert.ts';
import { outboxTexts, paidCartCheckout, sandboxShopEnv } from '../../infra/testing/checkout.ts';
import { startTestShop, type TestShop } from '../../infra/testing/shop.ts';
import { checkoutStream, orderStream } from '../../contracts/shared/streams.ts';
import { orderNumberFrom } from '../../contracts/shared/constants.ts';
import { originOfRequest } from '../http/request.ts';
import { originOnRecord, shopUrlOf } from './links.ts';

const shops: TestShop[] = [];
test.after(async () => {
  await Promise.all(shops.map((shop) => shop.close()));
});

async function confirmationOf(shop: TestShop, orderId: string): Promise<string> {
  const number = orderNumberFrom(orderId);
  let found = '';
  await eventually(
    async () => {
      found =
        outboxTexts(shop).find((text) => /Subject: Your Amanah House order/.test(text) && text.includes(number)) ?? '';
      return found !== '';
    },
    20_000,
    'the confirmation',
  );
  return found;
}

const linksIn = (mail: string) => [...mail.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);

test('without PUBLIC_URL the e-mails link to the address the shopper used, recorded with the checkout', async () => {
  const shop = await startTestShop({ ...sandboxShopEnv });
  shops.push(shop);
  assert.is(shop.shop.deps.config.PUBLIC_URL, undefined);
  assert.match(shop.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  const orderId = await paidCartCheckout(shop);
  const events = shop.shop.deps.events;
  const orderEvents = await events.readStream(orderStream(orderId));
  const placed = orderEvents.find((e) => e.type === 'OrderPlaced')!;
  const checkoutId = (placed.data as { checkoutId?: string }).checkoutId;
  if (checkoutId) assert.is(originOnRecord(await events.readStream(checkoutStream(checkoutId))), shop.url);
  assert.is(placed.metadata.origin, shop.url, 'the order carries where its checkout was started');
  const mail = await confirmationOf(shop, orderId);
  const own = linksIn(mail).filter((link) => !link.startsWith('https://www.') && !link.includes('w3.org'));
  assert.ok(
    own.some((link) => link.startsWith(`${shop.url}/order/`)),
    'the order page link',
  );
  assert.equal(
    own.filter((link) => /localhost/.test(link)),
    [],
    'no link to localhost',
  );
  for (const link of own.filter((l) => l.includes('/order/') || l.includes('/receipt')))
    assert.ok(link.startsWith(shop.url), link);
});

test('with PUBLIC_URL the e-mails link there, and no request records where it came', async () => {
  const shop = await startTestShop({ ...sandboxShopEnv, PUBLIC_URL: 'https://books.example' });
  shops.push(shop);
  const orderId = await paidCartCheckout(shop);
  const orderEvents = await shop.shop.deps.events.readStream(orderStream(orderId));
  assert.equal(
    orderEvents.filter((e) => e.metadata.origin !== undefined).map((e) => e.type),
    [],
  );
  const mail = await confirmationOf(shop, orderId);
  assert.ok(mail.includes('https://books.example/order/'), 'the order page link');
  assert.not.ok(mail.includes(shop.url), 'nothing at the address the test reached it by');
});

test('an address is recorded only in the plain shape of one; PUBLIC_URL wins over any record', () => {
  assert.is(originOfRequest({ protocol: 'http', host: '127.0.0.1:43000' }), 'http://127.0.0.1:43000');
  assert.is(originOfRequest({ protocol: 'http', host: 'shop.local' }), 'http://shop.local');
  assert.is(originOfRequest({ protocol: 'https', host: '[::1]:43000' }), 'https://[::1]:43000');
  for (const host of ['evil.example/phish?', 'a b', 'x@evil.example', '', 'shop.local:99999999', 'h"><script>'])
    assert.is(originOfRequest({ protocol: 'http', host }), null, host);
  const config = { PORT: 43000 } as Parameters<typeof shopUrlOf>[0];
  assert.is(shopUrlOf(config), 'http://localhost:43000');
  assert.is(shopUrlOf(config, 'http://127.0.0.1:43000'), 'http://127.0.0.1:43000');
  assert.is(
    shopUrlOf({ ...config, PUBLIC_URL: 'https://books.example/' }, 'http://127.0.0.1:43000'),
    'https://books.example',
  );
});

test.run();
