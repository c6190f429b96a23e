// The consent deciders as specifications (decisions 090, 091): a back-in-stock request and a newsletter consent are made
// once and withdrawn at most once; withdrawing one that was never made is a 404.
import { test } from 'uvu';
import type { NewsletterConsented, NewsletterWithdrawn } from '../../contracts/messages/events.ts';
import type { RestockAlertRequested, RestockAlertWithdrawn } from '../../contracts/messages/events.ts';
import { NotFound } from '../../contracts/shared/errors.ts';
import { deciderSpec } from '../../infra/testing/decider.ts';
import { newsletterDecider } from './message.ts';
import { restockDecider } from './restockRequest.ts';

const at = '2026-12-01T10:00:00.000Z';
const later = '2026-12-02T10:00:00.000Z';

const restock = deciderSpec(restockDecider);
const requestId = 'b8d4a1e2-0c3f-4d5a-9e6b-7f8a9b0c1d2e';
const requested: RestockAlertRequested = {
  type: 'RestockAlertRequested',
  data: { requestId, bookId: 2, email: 'maryam@example.com', wording: 'E-mail me once', at },
};
const withdrawn: RestockAlertWithdrawn = { type: 'RestockAlertWithdrawn', data: { requestId, at: later } };

test('a back-in-stock request is recorded once; asked again, nothing more', () => {
  restock.given([]).when({ type: 'Request', data: requested.data }).then([requested]);
  restock.given([requested]).when({ type: 'Request', data: requested.data }).then([]);
});

test('a back-in-stock request is withdrawn once; one never made is not found', () => {
  restock.given([requested]).when({ type: 'Withdraw', requestId, at: later }).then([withdrawn]);
  restock.given([requested, withdrawn]).when({ type: 'Withdraw', requestId, at: later }).then([]);
  restock.given([]).when({ type: 'Withdraw', requestId, at: later }).thenFails(NotFound, 'Request not found');
});

const newsletter = deciderSpec(newsletterDecider);
const subscriptionId = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
const consented: NewsletterConsented = {
  type: 'NewsletterConsented',
  data: {
    subscriptionId,
    email: 'maryam@example.com',
    wording: 'Send me news',
    source: 'contact-form',
    messageId: 'm-1',
    at,
  },
};
const unsubscribed: NewsletterWithdrawn = { type: 'NewsletterWithdrawn', data: { subscriptionId, at: later } };

test('a newsletter consent is recorded once, withdrawn once; one never given is not found', () => {
  newsletter.given([]).when({ type: 'Consent', data: consented.data }).then([consented]);
  newsletter.given([consented]).when({ type: 'Consent', data: consented.data }).then([]);
  newsletter.given([consented]).when({ type: 'Withdraw', subscriptionId, at: later }).then([unsubscribed]);
  newsletter.given([consented, unsubscribed]).when({ type: 'Withdraw', subscriptionId, at: later }).then([]);
  newsletter
    .given([])
    .when({ type: 'Withdraw', subscriptionId, at: later })
    .thenFails(NotFound, 'Subscription not found');
});

test.run();
