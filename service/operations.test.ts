// The shop's health as a supervisor, a scraper and the owner see it: /readyz is 503 while the read models are behind and
// 200 once caught up; /metrics answers this machine and refuses a forwarded or remote client without the token; when
// e-mails or Stripe's webhooks keep failing for 15 minutes (an injected clock) the owner gets one e-mail and the
// dashboard's alerts say what is wrong, until it goes through again.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Mailer, MailMessage, MailOptions } from '../contracts/ports/mailer.ts';
import type { Projection } from '../projections/engine/projection.ts';
import { allProjections } from '../projections/index.ts';
import { eventually } from '../infra/testing/assert.ts';
import { orderPlacedData } from '../infra/testing/exampleOrders.ts';
import { orderStream } from '../contracts/shared/streams.ts';
import { newEventId } from './commands.ts';
import { adminHeaders, call, startTestShop } from '../infra/testing/shop.ts';
import { metricsAllowed } from './health.ts';
import { alertAfterMs } from './operations.ts';

/** A projection that folds orders only once the gate is opened: read models held behind the log. */
function gatedProjection() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const projection: Projection = {
    name: 'gated',
    handles: ['OrderPlaced'],
    async apply() {
      await opened;
      return [];
    },
  };
  return { projection, open };
}

test('/readyz: 503 while the read models are behind the log, 200 once they have caught up', async () => {
  const gate = gatedProjection();
  const shop = await startTestShop({ READY_MAX_LAG: '2' }, { projections: [...allProjections, gate.projection] });
  try {
    const ready = await call(`${shop.url}/readyz`);
    assert.is(ready.status, 200, ready.text);
    assert.equal(ready.json.problems, []);
    assert.is(ready.json.reactor.running, true);
    for (let n = 0; n < 5; n++) {
      const data = orderPlacedData({
        orderId: `pi_sandbox_Ready${String(n).padStart(16, '0')}`,
        customerEmail: `buyer-${n}@example.org`,
        customerName: `Buyer Number${n}`,
        placedAt: new Date().toISOString(),
      });
      const metadata = { causedBy: 'test', causationId: 'c', correlationId: 'c', at: data.placedAt };
      await shop.shop.deps.events.append(
        orderStream(data.orderId),
        [{ id: newEventId(), type: 'OrderPlaced', data, metadata }],
        'no_stream',
      );
    }
    await eventually(async () => (await call(`${shop.url}/readyz`)).status === 503, 30_000, '/readyz to answer 503');
    const behind = await call(`${shop.url}/readyz`);
    assert.is(behind.json.ready, false);
    assert.is(behind.json.readModels.caughtUp, false);
    assert.ok(behind.json.readModels.lag > 2);
    assert.match(behind.json.problems.join('; '), /the read models are \d+ events behind the log/);
    // The liveness check stays up meanwhile: the process is alive, only not ready.
    assert.is((await call(`${shop.url}/healthz`)).status, 200);
    gate.open();
    await eventually(async () => (await call(`${shop.url}/readyz`)).status === 200, 30_000, '/readyz to answer 200');
  } finally {
    await shop.close();
  }
});

test('/metrics: open on this machine, refused to a forwarded client without the token, answered with it', async () => {
  const token = 'metrics-token-0123456789-abcdefghijklmnop';
  const shop = await startTestShop({ TRUST_PROXY: '1', METRICS_TOKEN: token });
  try {
    assert.is((await call(`${shop.url}/api/books`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status, 200);
    const local = await call(`${shop.url}/metrics`);
    assert.is(local.status, 200, local.text);
    assert.match(local.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    for (const name of [
      'shop_http_requests_total{method="GET",route="/api/books",status="200"} 1',
      '# TYPE shop_http_request_duration_seconds histogram',
      'shop_http_request_duration_seconds_bucket{method="GET",route="/api/books",le="+Inf"} 1',
      'shop_projection_lag_events ',
      'shop_reactor_backlog_events ',
      'shop_reactor_running 1',
      'shop_emails_failed_total 0',
      'shop_webhook_failures_total 0',
    ])
      assert.ok(local.text.includes(name), `${name} in:\n${local.text}`);
    // A client on another machine, through the proxy: its address is not this machine's.
    const remote = await call(`${shop.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    assert.is(remote.status, 401);
    assert.not.match(remote.text, /shop_/);
    const wrong = await call(`${shop.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${token.replace('m', 'n')}` },
    });
    assert.is(wrong.status, 401);
    const withToken = await call(`${shop.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${token}` },
    });
    assert.is(withToken.status, 200);
  } finally {
    await shop.close();
  }
  // The socket's peer decides without a proxy: another machine's address needs the token, which none is without one.
  const remote = { remoteAddress: '10.0.0.5', forwarded: false, authorization: undefined };
  assert.is(metricsAllowed(remote, undefined), false);
  assert.is(metricsAllowed({ ...remote, authorization: 'Bearer x' }, undefined), false);
  assert.is(metricsAllowed({ ...remote, remoteAddress: '::ffff:127.0.0.1' }, undefined), true);
  assert.is(metricsAllowed({ ...remote, remoteAddress: '::1', forwarded: true }, undefined), false);
});

test('e-mails failing for 15 minutes: one e-mail to the owner, a banner on the dashboard, cleared once they go out', async () => {
  let now = Date.parse('2026-12-07T09:00:00Z');
  const sent: Array<{ message: MailMessage; options?: MailOptions }> = [];
  let failing = true;
  let failures = 0;
  const mailer: Mailer = {
    transport: 'smtp',
    async send(message, options) {
      if (failing && options?.kind !== 'owner-alert') {
        failures += 1;
        throw new Error('connect ECONNREFUSED 127.0.0.1:587');
      }
      sent.push({ message, ...(options ? { options } : {}) });
      return { messageId: `m-${sent.length}`, transport: 'smtp' };
    },
    async close() {},
  };
  const shop = await startTestShop({ OWNER_EMAIL: 'owner@example.com' }, { mailer, clock: () => new Date(now) });
  const owner = await adminHeaders(shop);
  const alerts = async () => (await call(`${shop.url}/api/admin/alerts`, { headers: owner })).json.alerts;
  try {
    const contact = await call(`${shop.url}/api/messages`, {
      body: { name: 'Asha Reader', email: 'asha@example.com', message: 'When does the next book come out?' },
    });
    assert.ok(contact.status < 300, contact.text);
    await eventually(() => failures >= 1, 30_000, 'the owner e-mail to fail');
    assert.equal(await alerts(), []);
    now += alertAfterMs - 60_000;
    const before = failures;
    await eventually(() => failures > before, 60_000, 'another attempt');
    assert.equal(await alerts(), [], 'not yet 15 minutes');
    assert.is(sent.length, 0);
    now += 60_000;
    const more = failures;
    await eventually(() => failures > more, 60_000, 'an attempt 15 minutes on');
    await eventually(() => sent.length === 1, 10_000, "the owner's alert e-mail");
    assert.is(sent[0]!.message.to, 'owner@example.com');
    assert.is(sent[0]!.message.subject, 'The shop cannot send e-mails');
    assert.match(sent[0]!.message.text, 'ECONNREFUSED');
    const shown = await alerts();
    assert.is(shown.length, 1);
    assert.is(shown[0].kind, 'reactor');
    assert.is(shown[0].since, '2026-12-07T09:00:00.000Z');
    assert.match(shown[0].message, /E-mails and other work after an order have not gone out since 7 Dec, 09:00/);
    // Still failing: still one e-mail.
    const later = failures;
    await eventually(() => failures > later, 60_000, 'a further attempt');
    assert.is(sent.filter((s) => s.options?.kind === 'owner-alert').length, 1);
    const metrics = await call(`${shop.url}/metrics`);
    assert.match(metrics.text, /shop_emails_failed_total [1-9]/);
    assert.match(metrics.text, /shop_owner_alerts 1/);
    // The mail server is back: the e-mail goes, the banner goes.
    failing = false;
    await eventually(async () => (await alerts()).length === 0, 90_000, 'the alert to clear');
  } finally {
    await shop.close();
  }
});

test("Stripe's webhooks failing for 15 minutes: one e-mail to the owner and the banner", async () => {
  let now = Date.parse('2026-12-07T09:00:00Z');
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    transport: 'smtp',
    async send(message) {
      sent.push(message);
      return { messageId: `m-${sent.length}`, transport: 'smtp' };
    },
    async close() {},
  };
  const shop = await startTestShop(
    { OWNER_EMAIL: 'owner@example.com', STRIPE_WEBHOOK_SECRET: 'whsec_test0123456789' },
    { mailer, clock: () => new Date(now) },
  );
  const owner = await adminHeaders(shop);
  const alerts = async () => (await call(`${shop.url}/api/admin/alerts`, { headers: owner })).json.alerts;
  const deliver = () =>
    call(`${shop.url}/api/payments/webhook`, {
      body: { id: 'evt_1', type: 'payment_intent.succeeded' },
      headers: { 'stripe-signature': 't=1,v1=00' },
    });
  try {
    assert.ok((await deliver()).status >= 400);
    now += 10 * 60_000;
    assert.ok((await deliver()).status >= 400);
    assert.equal(await alerts(), []);
    now += 5 * 60_000;
    assert.ok((await deliver()).status >= 400);
    const shown = await alerts();
    assert.is(shown.length, 1);
    assert.is(shown[0].kind, 'webhooks');
    assert.match(shown[0].message, /STRIPE_WEBHOOK_SECRET/);
    await eventually(() => sent.some((m) => m.subject === "Stripe's notices to the shop are failing"), 10_000, 'mail');
    now += 60_000;
    await deliver();
    assert.is(sent.filter((m) => m.subject === "Stripe's notices to the shop are failing").length, 1);
    const metrics = await call(`${shop.url}/metrics`);
    assert.match(metrics.text, /shop_webhook_failures_total 4/);
  } finally {
    await shop.close();
  }
});

test.run();
