// One list of the Stripe events the shop acts on: the handler table. The README's list is written from it, and every
// entry turns a delivery of its type into something the shop does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Stripe from 'stripe';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { stripeApiVersion } from './apiVersion.ts';
import { parseStripeWebhook, stripeWebhookEvents } from './webhooks.ts';
import { webhookEventList, webhookListMarkers, withWebhookList } from './webhookList.ts';

const readme = readFileSync(join(import.meta.dirname, '../../../README.md'), 'utf8');

test('the README lists the webhook events of the handler table (regenerate: npm run events -- stripe-events --readme README.md)', () => {
  assert.ok(
    withWebhookList(readme) === readme,
    "README.md's list of Stripe events is stale: run npm run events -- stripe-events --readme README.md",
  );
});

test('the list names every event of the table once, payout.paid among them, with what the shop does', () => {
  const list = webhookEventList();
  for (const type of stripeWebhookEvents) assert.is(list.split(`\`${type}\`: `).length, 2, type);
  assert.match(list, /^- `payout.paid`: records the payout in the ledger/m);
  assert.is(list.split('\n').length, stripeWebhookEvents.length);
});

test('writing the list replaces only what is between the markers, and a README without them is refused', () => {
  const text = `before\n${webhookListMarkers.start}\n- \`old.event\`: gone\n${webhookListMarkers.end}\nafter\n`;
  assert.is(
    withWebhookList(text),
    `before\n${webhookListMarkers.start}\n${webhookEventList()}\n${webhookListMarkers.end}\nafter\n`,
  );
  assert.throws(() => withWebhookList('no markers here'), /no place for the list/);
  assert.throws(
    () => withWebhookList(`${webhookListMarkers.end}\n${webhookListMarkers.start}`),
    /no place for the list/,
  );
});

/** A plausible object of each event's type, as Stripe sends it. */
const objectOf = (type: string): Record<string, unknown> & { id: string } => {
  if (type.startsWith('checkout.session.')) return { id: 'cs_test_1', object: 'checkout.session' };
  if (type.startsWith('payment_intent.'))
    return { id: 'pi_test_1', object: 'payment_intent', last_payment_error: null };
  if (type === 'charge.refunded') return { id: 'ch_test_1', object: 'charge', payment_intent: 'pi_test_1' };
  if (type.startsWith('refund.'))
    return { id: 're_test_1', object: 'refund', amount: 500, status: 'succeeded', payment_intent: 'pi_test_1' };
  if (type.startsWith('charge.dispute.'))
    return { id: 'dp_test_1', object: 'dispute', amount: 1349, reason: 'fraudulent', payment_intent: 'pi_test_1' };
  if (type.startsWith('payout.'))
    return { id: 'po_test_1', object: 'payout', amount: 1000, currency: 'gbp', arrival_date: 1767225600 };
  throw new Error(`no example object for ${type}`);
};

test('every event in the table is acted on, and one outside it is answered and ignored', () => {
  const secret = 'whsec_list';
  const deliver = (type: string, object: Record<string, unknown>) => {
    const body = JSON.stringify({
      id: `evt_${type}`,
      object: 'event',
      api_version: stripeApiVersion,
      type,
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
    return parseStripeWebhook(body, signature, secret, new Date());
  };
  for (const type of stripeWebhookEvents) assert.is.not(deliver(type, objectOf(type)).type, 'ignored', type);
  assert.equal(deliver('charge.succeeded', { id: 'ch_test_1' }), {
    eventId: 'evt_charge.succeeded',
    type: 'ignored',
    original: 'charge.succeeded',
  });
  // A name the table does not hold as its own (an object's own properties only) is ignored too.
  assert.is(deliver('constructor', { id: 'x_1' }).type, 'ignored');
});

test.run();
