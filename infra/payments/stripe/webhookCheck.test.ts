// `npm run events -- stripe-check` reads the account's webhook endpoints from a server answering like Stripe's API and
// says what the shop's endpoint lacks; it only ever reads.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventsCli } from '../../testing/eventsCli.ts';
import { startFakeStripeApi, type FakeStripeApi } from '../../testing/fakeStripeApi.ts';
import { stripeApiVersion } from './apiVersion.ts';
import { stripeClient } from './stripeGateway.ts';
import { checkWebhookEndpoints, listWebhookEndpoints, webhookCheckText, webhookUrlOf } from './webhookCheck.ts';
import { stripeWebhookEvents } from './webhooks.ts';

const publicUrl = 'https://amanahhouse.co.uk';
const webhookUrl = 'https://amanahhouse.co.uk/api/payments/webhook';
const fakes: FakeStripeApi[] = [];
async function account(): Promise<FakeStripeApi> {
  const fake = await startFakeStripeApi();
  fakes.push(fake);
  return fake;
}
const read = async (fake: FakeStripeApi) =>
  checkWebhookEndpoints(
    await listWebhookEndpoints(stripeClient({ secretKey: 'sk_test_check', apiBase: fake.base })),
    webhookUrlOf(publicUrl),
  );
const stripeCheck = (fake: FakeStripeApi, env: Record<string, string> = {}) =>
  eventsCli(['stripe-check'], {
    DATA_DIR: '/nonexistent/never-opened',
    NODE_ENV: 'test',
    STRIPE_SECRET_KEY: 'sk_test_check',
    STRIPE_API_BASE: fake.base,
    PUBLIC_URL: `${publicUrl}/`,
    ...env,
  });
const withoutPayouts = stripeWebhookEvents.filter((type) => type !== 'payout.paid');

test("the webhook address is PUBLIC_URL's with the webhook route's path, a trailing slash or not", () => {
  assert.is(webhookUrlOf(publicUrl), webhookUrl);
  assert.is(webhookUrlOf(`${publicUrl}/`), webhookUrl);
});

test('an endpoint that lacks payout.paid and sends charge.succeeded: the CLI names both and exits 1, having only read', async () => {
  const fake = await account();
  const endpoint = fake.webhookEndpoint(webhookUrl, [...withoutPayouts, 'charge.succeeded'], {
    apiVersion: stripeApiVersion,
  });
  fake.webhookEndpoint('https://old-shop.example/hooks', ['charge.succeeded']);
  const run = await stripeCheck(fake);
  assert.is(run.code, 1, run.stderr);
  assert.match(run.stdout, `Webhook endpoint ${endpoint.id} delivers to ${webhookUrl} (enabled, test mode).`);
  assert.match(run.stdout, `  API version ${stripeApiVersion}, the shop's.`);
  assert.match(run.stdout, `  Enabled events (${withoutPayouts.length + 1}):\n    checkout.session.completed\n`);
  assert.match(run.stdout, '  Needed by the shop and not enabled (1):\n    payout.paid\n');
  assert.match(
    run.stdout,
    'ignored by the shop, which answers them 200 and changes nothing (1):\n    charge.succeeded\n',
  );
  assert.match(run.stdout, /NOT READY/);
  assert.not.match(run.stdout, /old-shop/);
  assert.ok(fake.calls.length > 0);
  assert.ok(
    fake.calls.every((c) => c.method === 'GET' && c.path === '/v1/webhook_endpoints'),
    JSON.stringify(fake.calls.map((c) => `${c.method} ${c.path}`)),
  );
  assert.is(fake.calls[0]!.authorization, 'Bearer sk_test_check');
});

test('an endpoint that sends every event the shop needs: exit 0', async () => {
  const fake = await account();
  fake.webhookEndpoint(webhookUrl, [...stripeWebhookEvents], { apiVersion: stripeApiVersion });
  const run = await stripeCheck(fake);
  assert.is(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, 'Every event the shop needs is enabled.');
  assert.match(run.stdout, 'OK: Stripe sends the shop every event it acts on.');
  assert.not.match(run.stdout, /ignored by the shop/);
});

test("no endpoint at the shop's address: the others are named and the events to send listed", async () => {
  const fake = await account();
  const other = fake.webhookEndpoint('https://amanahhouse.co.uk/webhook', [...stripeWebhookEvents]);
  const check = await read(fake);
  assert.is(check.ok, false);
  const text = webhookCheckText(check);
  assert.match(text, `No webhook endpoint of this account delivers to ${webhookUrl}.`);
  assert.match(text, `    ${other.id}  https://amanahhouse.co.uk/webhook`);
  for (const type of stripeWebhookEvents) assert.match(text, `\n    ${type}`);
});

test("'*' sends every event; a disabled endpoint sends none; another API version is said", async () => {
  const fake = await account();
  fake.webhookEndpoint(webhookUrl, ['*']);
  const all = await read(fake);
  assert.is(all.ok, true);
  assert.equal(all.matching[0]!.lacking, []);
  const text = webhookCheckText(all);
  assert.match(text, 'Enabled events: * (every event)');
  assert.match(text, "API version the account's default, not the shop's");

  const disabled = await account();
  disabled.webhookEndpoint(webhookUrl, [...stripeWebhookEvents], { status: 'disabled' });
  const off = await read(disabled);
  assert.is(off.ok, false);
  assert.match(webhookCheckText(off), 'It is disabled: Stripe sends it nothing.');
});

test('an upgrade runs two endpoints at the address: both are reported, and the account is read past its first page', async () => {
  const fake = await account();
  fake.webhookEndpoint(webhookUrl, withoutPayouts, { apiVersion: '2024-06-20' });
  for (let i = 0; i < 120; i++) fake.webhookEndpoint(`https://elsewhere.example/${i}`, ['charge.succeeded']);
  fake.webhookEndpoint(`${webhookUrl}/`, [...stripeWebhookEvents], { apiVersion: stripeApiVersion });
  const check = await read(fake);
  assert.is(check.matching.length, 2);
  assert.is(check.others.length, 120);
  assert.is(check.ok, true);
  assert.equal(
    check.matching.map((m) => m.lacking),
    [[], ['payout.paid']],
  );
  assert.is(fake.calls.filter((c) => c.path === '/v1/webhook_endpoints').length, 2);
});

test('stripe-check needs STRIPE_SECRET_KEY and PUBLIC_URL, and names them', async () => {
  const fake = await account();
  const noKey = await stripeCheck(fake, { STRIPE_SECRET_KEY: '' });
  assert.is(noKey.code, 2);
  assert.match(noKey.stderr, 'stripe-check needs STRIPE_SECRET_KEY');
  const noUrl = await stripeCheck(fake, { PUBLIC_URL: '' });
  assert.is(noUrl.code, 2);
  assert.match(noUrl.stderr, 'stripe-check needs PUBLIC_URL');
  assert.is(fake.calls.length, 0);
});

test.after(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
});

test.run();
