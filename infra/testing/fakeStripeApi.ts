// A local HTTP server that answers like Stripe's API for the calls the shop makes, and records what it was sent.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { freePort } from './ports.ts';

export type StripeCall = {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
  /** the `Stripe-Version` header: the API version the request asks for */
  stripeVersion: string | null;
  params: Record<string, string>;
};

type StripeObject = Record<string, unknown> & { id: string };

export type FakeStripeApi = {
  /** its address, as STRIPE_API_BASE takes it */
  base: string;
  api: { host: string; port: number; protocol: 'http' };
  calls: StripeCall[];
  objects: Map<string, StripeObject>;
  /**
   * what the payment page would do once the shopper pays; a checkout session gets its PaymentIntent then, carrying the
   * session's `payment_intent_data[metadata]`, as Stripe creates it
   */
  pay(id: string, details?: Record<string, unknown>): void;
  /** a refund made in Stripe's dashboard (no metadata of the shop's) */
  dashboardRefund(paymentIntent: string, amount: number): StripeObject;
  /** the refunds Stripe holds for a PaymentIntent */
  refundsOf(paymentIntent: string): StripeObject[];
  /** make the next n requests fail as Stripe does when it is down */
  failNext(n: number): void;
  /**
   * Runs `look` on each request as it arrives, and answers only once it is done: what the shop has recorded at the
   * moment it asks (null: stop looking).
   */
  onRequest(look: ((call: StripeCall) => Promise<void>) | null): void;
  /**
   * Charges made from now on get their balance transaction only when a payout covers them (as an asynchronous payment
   * method's do): the fee is not known when the order is placed.
   */
  feesLater(later: boolean): void;
  /** Stripe's fee on a charge here: 1.5% + 20p, as its standard UK card price, itemised as `stripe_fee`. */
  feeOf(amount: number): number;
  /**
   * A payout of the charges of these PaymentIntents, less their fees: the payout object as `payout.paid` carries it. Its
   * balance transactions (the charges' and its own) are listed by `GET /v1/balance_transactions?payout=`.
   */
  payout(paymentIntents: string[], arrival: Date): StripeObject;
  /**
   * A webhook endpoint of the account, as the dashboard makes one: listed by `GET /v1/webhook_endpoints` newest first,
   * without its secret (Stripe shows it only when it is made).
   */
  webhookEndpoint(
    url: string,
    enabledEvents: string[],
    options?: { status?: 'enabled' | 'disabled'; apiVersion?: string | null },
  ): StripeObject;
  /** Stripe's dispute fee in the UK, £20: the fee of a dispute's withdrawal. */
  disputeFee: number;
  /**
   * The card's bank disputes a PaymentIntent's charge: a Dispute object as Stripe's `charge.dispute.*` events carry it,
   * with `evidence_details.due_by` and no balance transaction yet.
   */
  dispute(
    paymentIntent: string,
    options: { dueBy: Date; status?: string; amount?: number; reason?: string },
  ): StripeObject;
  /**
   * Stripe takes a dispute's amount and its fee from the balance: an `adjustment` balance transaction (reporting category
   * `dispute`) made at `at`, added to the dispute's `balance_transactions`.
   */
  withdrawDispute(disputeId: string, at: Date): StripeObject;
  /** Stripe gives a won dispute's amount back: an `adjustment` (reporting category `dispute_reversal`) made at `at`. */
  reinstateDispute(disputeId: string, at: Date): StripeObject;
  close(): Promise<void>;
};

const token = () => randomBytes(12).toString('hex');

/** A payment intent's `shipping` from form-encoded parameters, as Stripe reads `shipping[address][line1]` and the rest. */
function shippingOf(params: Record<string, string>) {
  if (!params['shipping[name]']) return null;
  return {
    name: params['shipping[name]'],
    address: {
      line1: params['shipping[address][line1]'],
      line2: params['shipping[address][line2]'] ?? null,
      city: params['shipping[address][city]'],
      postal_code: params['shipping[address][postal_code]'],
      country: params['shipping[address][country]'],
    },
  };
}

export async function startFakeStripeApi(): Promise<FakeStripeApi> {
  const calls: StripeCall[] = [];
  const objects = new Map<string, StripeObject>();
  let chargeFeesLater = false;
  const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
  const feeOf = (amount: number) => Math.floor((amount * 150 + 5000) / 10000) + 20;
  const balanceTransactionFor = (charge: StripeObject): StripeObject => {
    const amount = charge.amount as number;
    const fee = feeOf(amount);
    const created = charge.created as number;
    const transaction = {
      id: `txn_test_${token()}`,
      object: 'balance_transaction',
      amount,
      fee,
      net: amount - fee,
      currency: 'gbp',
      created,
      available_on: created + 7 * 86_400,
      fee_details: [
        { amount: fee, application: null, currency: 'gbp', description: 'Stripe processing fees', type: 'stripe_fee' },
      ],
      source: charge.id,
      status: 'pending',
      type: 'charge',
      reporting_category: 'charge',
      payout: null as string | null,
    };
    objects.set(transaction.id, transaction);
    charge.balance_transaction = transaction.id;
    return transaction;
  };
  /** A succeeded PaymentIntent's charge, with its balance transaction unless fees come later. */
  const chargeFor = (intent: StripeObject) => {
    const charge: StripeObject = {
      id: `ch_test_${token()}`,
      object: 'charge',
      amount: intent.amount_received,
      currency: 'gbp',
      created: seconds(new Date()),
      payment_intent: intent.id,
      balance_transaction: null,
    };
    objects.set(charge.id, charge);
    if (!chargeFeesLater) balanceTransactionFor(charge);
    intent.latest_charge = charge.id;
  };
  /** The object with the fields the request's `expand[]` names filled in, as Stripe answers. */
  const expanded = (object: StripeObject, params: Record<string, string>): StripeObject => {
    const paths = Object.entries(params)
      .filter(([k]) => k.startsWith('expand'))
      .map(([, v]) => v);
    if (!paths.includes('latest_charge.balance_transaction') || typeof object.latest_charge !== 'string') return object;
    const charge = { ...objects.get(object.latest_charge)! };
    if (typeof charge.balance_transaction === 'string')
      charge.balance_transaction = objects.get(charge.balance_transaction) ?? null;
    return { ...object, latest_charge: charge };
  };
  /** A dispute's balance transaction: the amount and the £20 fee taken, or the amount given back. */
  const disputeMovement = (disputeId: string, at: Date, category: 'dispute' | 'dispute_reversal'): StripeObject => {
    const dispute = objects.get(disputeId);
    if (!dispute || dispute.object !== 'dispute') throw new Error(`no such dispute ${disputeId}`);
    const withdrawal = category === 'dispute';
    const amount = withdrawal ? -(dispute.amount as number) : (dispute.amount as number);
    const fee = withdrawal ? 2000 : 0;
    const created = seconds(at);
    const transaction: StripeObject = {
      id: `txn_test_${token()}`,
      object: 'balance_transaction',
      amount,
      fee,
      net: amount - fee,
      currency: 'gbp',
      created,
      available_on: created,
      description: withdrawal
        ? `Chargeback withdrawal for ${dispute.charge as string}`
        : `Chargeback reversal for ${dispute.charge as string}`,
      fee_details: withdrawal
        ? [{ amount: fee, application: null, currency: 'gbp', description: 'Dispute fee', type: 'stripe_fee' }]
        : [],
      source: disputeId,
      status: 'pending',
      type: 'adjustment',
      reporting_category: category,
      payout: null,
    };
    objects.set(transaction.id, transaction);
    (dispute.balance_transactions as StripeObject[]).push(transaction);
    return transaction;
  };
  const byIdempotencyKey = new Map<string, StripeObject>();
  let failures = 0;
  let onRequest: ((call: StripeCall) => Promise<void>) | null = null;
  const refundsOf = (paymentIntent: string) =>
    [...objects.values()].filter((o) => o.object === 'refund' && o.payment_intent === paymentIntent);
  const makeRefund = (
    paymentIntent: string,
    amount: number,
    metadata: Record<string, string>,
    reason: string | null = null,
  ): StripeObject => {
    const refund = {
      id: `re_test_${token()}`,
      object: 'refund',
      amount,
      currency: 'gbp',
      status: 'succeeded',
      payment_intent: paymentIntent,
      charge: `ch_${paymentIntent}`,
      metadata,
      reason,
    };
    objects.set(refund.id, refund);
    return refund;
  };

  const create = (path: string, params: Record<string, string>): StripeObject => {
    const metadata = Object.fromEntries(
      Object.entries(params)
        .filter(([k]) => k.startsWith('metadata['))
        .map(([k, v]) => [k.slice(9, -1), v]),
    );
    if (path === '/v1/checkout/sessions') {
      let subtotal = 0;
      for (let i = 0; params[`line_items[${i}][quantity]`]; i++) {
        subtotal +=
          Number(params[`line_items[${i}][price_data][unit_amount]`]) * Number(params[`line_items[${i}][quantity]`]);
      }
      const id = `cs_test_${token()}`;
      return {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        payment_status: 'unpaid',
        status: 'open',
        amount_total: subtotal,
        currency: params.currency ?? 'gbp',
        customer_details: params.customer_email ? { email: params.customer_email, name: null, address: null } : null,
        collected_information: null,
        shipping_cost: null,
        total_details: { amount_shipping: 0 },
        metadata,
        payment_intent: null,
        payment_intent_metadata: Object.fromEntries(
          Object.entries(params)
            .filter(([k]) => k.startsWith('payment_intent_data[metadata]['))
            .map(([k, v]) => [k.slice('payment_intent_data[metadata]['.length, -1), v]),
        ),
      };
    }
    const id = `pi_test_${token()}`;
    return {
      id,
      object: 'payment_intent',
      client_secret: `${id}_secret_${token()}`,
      status: 'requires_payment_method',
      amount: Number(params.amount),
      amount_received: 0,
      currency: params.currency,
      receipt_email: params.receipt_email ?? null,
      shipping: shippingOf(params),
      metadata,
    };
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    const respond = async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : body));
      const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
      const call: StripeCall = {
        method: req.method ?? '',
        path: url.pathname,
        idempotencyKey,
        authorization: req.headers.authorization ?? null,
        stripeVersion: (req.headers['stripe-version'] as string | undefined) ?? null,
        params,
      };
      calls.push(call);
      if (onRequest) await onRequest(call);
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${token()}` });
        res.end(JSON.stringify(json));
      };
      if (failures > 0) {
        failures -= 1;
        return answer(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      }
      if (
        req.method === 'POST' &&
        (url.pathname === '/v1/checkout/sessions' || url.pathname === '/v1/payment_intents')
      ) {
        const replay = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        const object = replay ?? create(url.pathname, params);
        objects.set(object.id, object);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, object);
        return answer(200, object);
      }
      // Refunds of a PaymentIntent: never more than is left; the same idempotency key answers the same refund.
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const replay = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (replay) return answer(200, replay);
        const intent = objects.get(params.payment_intent ?? '');
        if (!intent || intent.object !== 'payment_intent') {
          return answer(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such payment_intent: '${params.payment_intent}'`,
            },
          });
        }
        if (intent.status !== 'succeeded')
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_not_paid',
              message: 'This PaymentIntent has not succeeded.',
            },
          });
        const left =
          (intent.amount_received as number) - refundsOf(intent.id).reduce((sum, r) => sum + (r.amount as number), 0);
        const amount = params.amount ? Number(params.amount) : left;
        if (amount > left) {
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              message: `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`,
            },
          });
        }
        const metadata = Object.fromEntries(
          Object.entries(params)
            .filter(([k]) => k.startsWith('metadata['))
            .map(([k, v]) => [k.slice(9, -1), v]),
        );
        if (params.reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(params.reason))
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              param: 'reason',
              message: `Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`,
            },
          });
        const refund = makeRefund(intent.id, amount, metadata, params.reason ?? null);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, refund);
        return answer(200, refund);
      }
      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        return answer(200, {
          object: 'list',
          url: '/v1/refunds',
          has_more: false,
          data: refundsOf(params.payment_intent ?? ''),
        });
      }
      // The browser's confirmPayment: like Stripe, the shipping and receipt_email it brings stay on the payment.
      const confirming = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)\/confirm$/.exec(url.pathname);
      if (req.method === 'POST' && confirming) {
        const object = objects.get(confirming[1]!);
        if (!object)
          return answer(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such payment_intent: '${confirming[1]}'`,
            },
          });
        if (object.status !== 'succeeded') {
          Object.assign(object, {
            status: 'succeeded',
            amount_received: object.amount,
            payment_method: params.payment_method ?? null,
          });
          chargeFor(object);
          if (params.receipt_email) object.receipt_email = params.receipt_email;
          const shipping = shippingOf(params);
          if (shipping) object.shipping = shipping;
        }
        return answer(200, object);
      }
      // Ending an unpaid payment: an open session expires, an intent not yet paid is cancelled; Stripe refuses either
      // once the payment is complete.
      const ending =
        /^\/v1\/(checkout\/sessions\/([A-Za-z0-9_]+)\/expire|payment_intents\/([A-Za-z0-9_]+)\/cancel)$/.exec(
          url.pathname,
        );
      if (req.method === 'POST' && ending) {
        const object = objects.get(ending[2] ?? ending[3]!);
        if (!object)
          return answer(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such object: '${ending[2] ?? ending[3]}'`,
            },
          });
        if (object.object === 'checkout.session') {
          if (object.status === 'expired') return answer(200, object);
          if (object.status !== 'open')
            return answer(400, {
              error: {
                type: 'invalid_request_error',
                message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${object.status as string}".`,
              },
            });
          object.status = 'expired';
          return answer(200, object);
        }
        if (object.status === 'canceled') return answer(200, object);
        if (object.status === 'succeeded')
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.',
            },
          });
        object.status = 'canceled';
        return answer(200, object);
      }
      // A payout's balance transactions, each charge's source expanded when asked (`expand[]=data.source`).
      if (req.method === 'GET' && url.pathname === '/v1/balance_transactions') {
        const expandSource = Object.entries(params).some(([k, v]) => k.startsWith('expand') && v === 'data.source');
        const data = [...objects.values()]
          .filter((o) => o.object === 'balance_transaction' && o.payout === params.payout)
          .map((o) =>
            expandSource && typeof o.source === 'string' && objects.get(o.source)
              ? { ...o, source: objects.get(o.source) }
              : o,
          );
        return answer(200, { object: 'list', url: '/v1/balance_transactions', has_more: false, data });
      }
      // The account's webhook endpoints, newest first, `limit` (default 10, at most 100) a page after `starting_after`.
      if (req.method === 'GET' && url.pathname === '/v1/webhook_endpoints') {
        const all = [...objects.values()]
          .filter((o) => o.object === 'webhook_endpoint')
          .sort((a, b) => (b.created as number) - (a.created as number) || (b.order as number) - (a.order as number))
          .map(({ order: _order, ...endpoint }) => endpoint);
        const limit = Math.min(Math.max(Number(params.limit ?? 10) || 10, 1), 100);
        const after = params.starting_after ? all.findIndex((e) => e.id === params.starting_after) + 1 : 0;
        const data = all.slice(after, after + limit);
        return answer(200, {
          object: 'list',
          url: '/v1/webhook_endpoints',
          has_more: after + limit < all.length,
          data,
        });
      }
      const found = /^\/v1\/(checkout\/sessions|payment_intents)\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      if (req.method === 'GET' && found) {
        const object = objects.get(found[2]!);
        if (object) return answer(200, expanded(object, params));
        return answer(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${found[2]}'` },
        });
      }
      answer(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    };
    // The answer is written by the handler itself; the stream does not wait on it.
    req.on('end', () => void respond());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    base: `http://127.0.0.1:${port}`,
    api: { host: '127.0.0.1', port, protocol: 'http' },
    calls,
    objects,
    pay(id, details = {}) {
      const object = objects.get(id);
      if (!object) throw new Error(`no such object ${id}`);
      if (object.object === 'checkout.session') {
        Object.assign(object, { payment_status: 'paid', status: 'complete' }, details);
        const intentId = `pi_test_${token()}`;
        const amount = object.amount_total as number;
        objects.set(intentId, {
          id: intentId,
          object: 'payment_intent',
          status: 'succeeded',
          amount,
          amount_received: amount,
          currency: 'gbp',
          receipt_email: null,
          shipping: null,
          metadata: object.payment_intent_metadata ?? {},
        });
        object.payment_intent = intentId;
        chargeFor(objects.get(intentId)!);
      } else {
        Object.assign(object, { status: 'succeeded', amount_received: object.amount }, details);
        chargeFor(object);
      }
    },
    dashboardRefund(paymentIntent, amount) {
      return makeRefund(paymentIntent, amount, {});
    },
    refundsOf,
    failNext(n) {
      failures = n;
    },
    onRequest(look) {
      onRequest = look;
    },
    feesLater(later) {
      chargeFeesLater = later;
    },
    feeOf,
    payout(paymentIntents, arrival) {
      const id = `po_test_${token()}`;
      let amount = 0;
      for (const intentId of paymentIntents) {
        const charge = objects.get(objects.get(intentId)?.latest_charge as string);
        if (!charge) throw new Error(`no charge for ${intentId}`);
        const transaction =
          typeof charge.balance_transaction === 'string'
            ? objects.get(charge.balance_transaction)!
            : balanceTransactionFor(charge);
        // The charge, and the movements of its disputes not paid out yet: the balance a payout takes holds them all.
        const disputeMovements = [...objects.values()].filter(
          (o) =>
            o.object === 'balance_transaction' &&
            o.type === 'adjustment' &&
            o.payout === null &&
            objects.get(o.source as string)?.payment_intent === intentId,
        );
        for (const t of transaction.payout ? disputeMovements : [transaction, ...disputeMovements]) {
          t.payout = id;
          t.status = 'available';
          amount += t.net as number;
        }
      }
      const created = seconds(new Date());
      objects.set(`txn_test_${id}`, {
        id: `txn_test_${id}`,
        object: 'balance_transaction',
        amount: -amount,
        fee: 0,
        net: -amount,
        currency: 'gbp',
        created,
        available_on: created,
        fee_details: [],
        source: id,
        status: 'available',
        type: 'payout',
        reporting_category: 'payout',
        payout: id,
      });
      const payout = {
        id,
        object: 'payout',
        amount,
        currency: 'gbp',
        arrival_date: seconds(arrival),
        created,
        status: 'paid',
        automatic: true,
      };
      objects.set(id, payout);
      return payout;
    },
    webhookEndpoint(url, enabledEvents, options = {}) {
      const endpoint = {
        id: `we_test_${token()}`,
        object: 'webhook_endpoint',
        api_version: options.apiVersion ?? null,
        application: null,
        created: seconds(new Date()),
        description: null,
        enabled_events: enabledEvents,
        livemode: false,
        metadata: {},
        status: options.status ?? 'enabled',
        url,
        // the order it was made in, for endpoints made in the same second (not part of Stripe's answer)
        order: [...objects.values()].filter((o) => o.object === 'webhook_endpoint').length,
      };
      objects.set(endpoint.id, endpoint);
      const { order: _order, ...listed } = endpoint;
      return listed;
    },
    disputeFee: 2000,
    dispute(paymentIntent, options) {
      const intent = objects.get(paymentIntent);
      if (!intent) throw new Error(`no such PaymentIntent ${paymentIntent}`);
      const dispute: StripeObject = {
        id: `dp_test_${token()}`,
        object: 'dispute',
        amount: options.amount ?? intent.amount_received,
        balance_transactions: [],
        charge: intent.latest_charge,
        created: seconds(new Date()),
        currency: 'gbp',
        evidence_details: { due_by: seconds(options.dueBy), has_evidence: false, past_due: false, submission_count: 0 },
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        payment_intent: paymentIntent,
        reason: options.reason ?? 'fraudulent',
        status: options.status ?? 'needs_response',
      };
      objects.set(dispute.id, dispute);
      return dispute;
    },
    withdrawDispute(disputeId, at) {
      return disputeMovement(disputeId, at, 'dispute');
    },
    reinstateDispute(disputeId, at) {
      return disputeMovement(disputeId, at, 'dispute_reversal');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
