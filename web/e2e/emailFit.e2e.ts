// E-mails that fit a phone (decision 112): every kind of e-mail the shop sends, rendered as its HTML part in Chromium at
// 390 px and at 320 px, is no wider than the window. Each is written with long words a real one carries: signed links,
// long titles and addresses, a note without spaces. The table is keyed by every kind the log records, so a new kind of
// e-mail is measured here or does not type-check.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SentEmailKind } from '../../contracts/checkout/model.ts';
import type { MailMessage } from '../../contracts/ports/mailer.ts';
import { launchBrowser, newPage } from '../../infra/testing/browser.ts';
import { orderPlacedData, purchaseNoticeData } from '../../infra/testing/exampleOrders.ts';
import {
  giftNote,
  orderConfirmation,
  orderShipped,
  orderToOwner,
  purchaseNotice,
} from '../../service/orders/orderEmails.ts';
import { mismatchToOwner, mismatchToShopper } from '../../service/orders/mismatchMails.tsx';
import { unmatchedToOwner, unmatchedToShopper } from '../../service/checkout/paymentMismatch.tsx';
import {
  backInStock,
  messagesHeld,
  messageToOwner,
  newsletterWelcome,
  replyToSender,
  restockRequested,
} from '../../service/messages/emails.ts';
import { lateRefundLetter, processingLetter } from '../../service/checkout/latePayments.tsx';
import { dateChangedLetter } from '../../service/preorders/dateMails.tsx';
import { disputeToOwner, refundConfirmation } from '../../service/orders/refundReactions.ts';
import {
  orderLinkEmail,
  requestAcceptedEmail,
  requestDeclinedEmail,
  requestReceivedEmail,
  requestToOwnerEmail,
} from '../../service/orders/requestEmails.ts';

const browser = await launchBrowser();
test.after(() => browser.close());

const shop = 'http://127.0.0.1:43000';
const token = `${'eyJvcmRlcklkIjoiY3Nfc2FuZGJveF9hYmNkZWZnaGlqa2xtbm9wMTIzNDU2NzgiLCJleHAiOjE3OTk5OTk5OTl9'}.${'a'.repeat(43)}`;
const orderPage = `${shop}/order/${token}`;
const order = orderPlacedData({
  orderId: 'cs_sandbox_a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8s9t0u1v2w3x4y5z6',
  customerName: 'Nur-Ul-Huda Abdul-Rahman Al-Khwarizmi-Siddiqui',
  customerEmail: 'nur.ul.huda.abdulrahman.alkhwarizmi.siddiqui@a-rather-long-domain-name.example.co.uk',
  phone: '+44 7700 900123',
  shippingAddress: {
    line1: 'Flat 12, The Old Weaving Mill, 145–147 Manningham Lane',
    line2: 'Manningham (entrance round the back, by the bicycle shed)',
    city: 'Bradford',
    postcode: 'BD8 7JF',
    country: 'GB',
  },
  items: [
    { bookId: 1, name: 'The Kindness Basket', quantity: 2, price: 999 },
    { bookId: 3, name: 'Alif to Ya: My Arabic Alphabet Poster', quantity: 1, price: 999 },
  ],
  placedAt: '2026-06-30T23:30:00.000Z',
});
const request = {
  requestId: 'req_1',
  kind: 'cancel',
  note: `Please cancel — ${'wrongaddress'.repeat(12)} https://example.com/${'x'.repeat(120)}`,
  message: `Done. ${'sorry'.repeat(30)}`,
} as unknown as Parameters<typeof requestReceivedEmail>[1];
const payment = {
  reference: `pi_${'3PqRsTuVwXyZ'.repeat(4)}`,
  checkoutId: '01234567-89ab-cdef-0123-456789abcdef',
  amount: 3347,
  currency: 'eur',
  expectedAmount: 3347,
  expectedCurrency: 'gbp',
  reason: 'Paid in EUR, priced in GBP',
  at: '2026-06-30T23:30:00.000Z',
};
const message = {
  name: 'Nur-Ul-Huda Abdul-Rahman',
  email: order.customerEmail,
  message: `Hello! ${'Doyoushiptothefaroeislands?'.repeat(8)} https://example.com/${'y'.repeat(150)}`,
  newsletter: true,
};
const unsubscribe = `${shop}/unsubscribe/${token}`;

const shipment = {
  orderId: order.orderId,
  carrier: 'Royal Mail' as never,
  trackingNumber: 'AB123456789GB',
  trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
  by: 'owner',
  at: order.placedAt,
};
const giftOrder = {
  ...order,
  gift: {
    message: `For Yusuf, with love — ${'mashaAllah'.repeat(12)}`,
    recipientName: 'Yusuf Abdul-Rahman Al-Khwarizmi-Siddiqui',
    recipientAddress: {
      line1: 'Appartement 4B, Résidence des Canuts, 27 rue de la Croix-Rousse',
      city: 'Lyon',
      postcode: '69004',
      country: 'FR',
    },
    recipientEmail: 'yusuf.abdulrahman.alkhwarizmi.siddiqui@a-rather-long-domain-name.example.fr',
    noteToRecipient: true as const,
  },
};
const everyKind: Record<SentEmailKind, () => Promise<MailMessage>> = {
  'gift-note': () => giftNote(giftOrder, shipment),
  'payment-processing': () => processingLetter(order.customerEmail, order.customerName, order.orderNumber),
  'late-payment-refunded': () => lateRefundLetter(order.customerEmail, order.customerName, '£1,234.56'),
  'preorder-date-changed': () =>
    dateChangedLetter({
      to: order.customerEmail,
      name: order.customerName,
      orderNumber: order.orderNumber,
      title: 'The Very Long Awaited Second Adventure of the Kindness Basket and Friends',
      from: '2027-03-01',
      to_: '2027-09-30',
      cancelLink: `${shop}/preorder-cancel/${token}`,
      orderPageLink: orderPage,
    }),
  'purchase-notice': () =>
    purchaseNotice(
      {
        ...purchaseNoticeData('2026-01-01T10:00:00.000Z'),
        shippingAddress: `https://evil.example/${'z'.repeat(140)}`,
        catalogItems: [{ bookId: 3, name: 'Alif to Ya: My Arabic Alphabet Poster', price: 999 }],
      },
      'owner@example.com',
    ),
  'order-to-owner': () => orderToOwner(order, 'owner@example.com'),
  'order-confirmation': () => orderConfirmation(order, `${shop}/receipt/${token}`, orderPage),
  'order-shipped': () =>
    orderShipped(
      order,
      {
        orderId: order.orderId,
        carrier: 'Royal Mail' as never,
        trackingNumber: 'AB123456789GB',
        trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
        by: 'owner',
        at: order.placedAt,
      },
      orderPage,
    ),
  'refund-confirmation': () =>
    refundConfirmation(
      order,
      { orderId: order.orderId, refundId: 'r', amount: 999, gatewayRefundId: 're_1', source: 'shop', at: '' },
      [{ name: 'The Kindness Basket', quantity: 1 }],
      orderPage,
    ),
  'dispute-to-owner': () =>
    disputeToOwner(
      order,
      {
        orderId: order.orderId,
        disputeId: `dp_${'1'.repeat(40)}`,
        amount: 2347,
        reason: 'fraudulent',
        at: '',
      } as never,
      'owner@example.com',
    ),
  'message-to-owner': () => messageToOwner(message, 'owner@example.com', `${shop}/admin/messages`),
  'message-reply': () => replyToSender(message, `Yes, we do! ${'Faroe'.repeat(30)}`),
  'newsletter-welcome': () => newsletterWelcome(order.customerEmail, 'Send me news', unsubscribe),
  'back-in-stock': () =>
    backInStock(order.customerEmail, 'Together We Shine', `${shop}/books/together-we-shine`, unsubscribe),
  'restock-requested': () =>
    restockRequested(order.customerEmail, 'Together We Shine', 'Yes, e-mail me once.', unsubscribe),
  'messages-held': () =>
    messagesHeld(
      { count: 12, cap: 20, windowStart: '2026-06-30T10:00:00.000Z', windowEnd: '2026-06-30T11:00:00.000Z' },
      'owner@example.com',
      `${shop}/admin/messages`,
    ),
  'order-link': () => orderLinkEmail(order, orderPage, 60),
  'cancellation-requested': () => requestReceivedEmail(order, request, orderPage),
  'return-requested': () => requestReceivedEmail(order, { ...request, kind: 'return', reason: 'damaged' }, orderPage),
  'request-accepted': () =>
    requestAcceptedEmail(
      order,
      request,
      [
        { label: 'Refund for the items', amount: 2997 },
        { label: 'Refund of the delivery', amount: 350 },
      ],
      orderPage,
    ),
  'request-declined': () => requestDeclinedEmail(order, request, orderPage),
  'request-to-owner': () =>
    requestToOwnerEmail(order, request, 'owner@example.com', {
      requests: `${shop}/admin/orders?tab=requests`,
      order: `${shop}/admin/orders/${order.orderId}`,
    }),
  'payment-mismatch-to-owner': async () => {
    // Both notices to the owner of a payment that does not match: for a placed order, and for none.
    const [placed, unmatched] = await Promise.all([
      mismatchToOwner(order, `Paid £1.00 short of ${'£33.47'.repeat(3)}`, 'owner@example.com', `${shop}/admin/x`),
      unmatchedToOwner(payment, 'owner@example.com'),
    ]);
    return { ...placed, html: `${placed.html}${unmatched.html}` };
  },
  'payment-mismatch-to-shopper': async () => {
    const [placed, unmatched] = await Promise.all([
      mismatchToShopper(order),
      unmatchedToShopper(payment, order.customerEmail, order.customerName),
    ]);
    return { ...placed, html: `${placed.html}${unmatched.html}` };
  },
};

for (const width of [390, 320]) {
  test(`every kind of e-mail fits a ${width} px window: nothing wider than the window`, async () => {
    const { context, page } = await newPage(browser, { width, height: 800 });
    const wide: string[] = [];
    for (const [kind, make] of Object.entries(everyKind)) {
      const mail = await make();
      assert.ok(mail.html, `${kind} has an HTML part`);
      // Two HTML documents joined (the mismatch kinds) are laid out one after the other, as a browser reads them.
      await page.setContent(mail.html, { waitUntil: 'load' });
      const measured = await page.evaluate(() => {
        const widest = [...document.querySelectorAll('body *')]
          .map((el) => ({ el, right: el.getBoundingClientRect().right }))
          .sort((a, b) => b.right - a.right)[0];
        return {
          scrollWidth: document.documentElement.scrollWidth,
          window: window.innerWidth,
          widest: widest ? `${widest.el.tagName} ${Math.round(widest.right)}` : '',
        };
      });
      if (measured.scrollWidth > measured.window)
        wide.push(`${kind}: ${measured.scrollWidth} px in ${measured.window} (widest ${measured.widest})`);
    }
    assert.equal(wide, []);
    await context.close();
  });
}

test.run();
