// The e-mails of the shopper's order page (decision 086), as plain text in one place: a fresh link to the page, and
// each step of a request to cancel or return, each with the order's items and a fresh link to the order page; and the
// owner's notice of each new request, with where to answer it.
import { shopContent } from '../../contracts/catalog/content.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import { returnReasonLabels, returnWindowDays, type ShopperRequest } from '../../contracts/orders/shopperRequests.ts';
import type { MailMessage } from '../../contracts/ports/mailer.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { mailOf } from '../mail/layout.tsx';
import { itemRows, orderDate, textRows, type ItemRow } from '../mail/orderFacts.ts';
import { quotedLines } from '../mail/quotedInput.ts';
import { requestLetterMail, requestToOwnerMail } from './requestMails.tsx';

type Order = Pick<
  OrderPlaced['data'],
  'customerName' | 'customerEmail' | 'orderNumber' | 'orderId' | 'placedAt' | 'items' | 'discounts'
>;

/** The order's items under their heading, as every e-mail about an order shows them (service/mail/orderFacts.ts). */
const itemsOf = (order: Order): { heading: string; rows: ItemRow[] } => ({
  heading: `Order ${order.orderNumber}, placed on ${orderDate(order.placedAt)}`,
  rows: itemRows(order.items, order.discounts),
});

const signOff = [
  '',
  `If you have any questions, write to us at ${shopContent.shop.contactEmail}.`,
  '',
  'With warm wishes,',
  shopContent.shop.name,
];

const pageLines = (link: string) => ['Your order page:', `  ${link}`];

/** The fresh link the lookup form or an expired link's page asked for. */
export function orderLinkEmail(order: Order, link: string, validDays: number): Promise<MailMessage> {
  const intro = `Here is a fresh link to your order ${order.orderNumber}. On its page you can follow your parcel, find your receipt, and ask us to cancel or return your order.`;
  const validity = `The link works for ${validDays} days. If you did not ask for it, you need do nothing: nobody else can use it without this e-mail.`;
  const subject = `Your link to ${shopContent.shop.name} order ${order.orderNumber}`;
  return mailOf(
    {
      to: order.customerEmail,
      subject,
      text: [`Dear ${order.customerName},`, '', intro, '', ...pageLines(link), '', validity, ...signOff].join('\n'),
    },
    requestLetterMail({
      preview: subject,
      heading: `Your order ${order.orderNumber}`,
      greeting: `Dear ${order.customerName},`,
      paragraphs: [intro, validity],
      pageLink: link,
    }),
  );
}

type Quote = { label: string; text: string; shoppers: boolean };

/**
 * One step of a request as a letter, both parts from the same pieces: the greeting, what happened, the order's items,
 * the words quoted (the shopper's note marked as theirs, or ours), what comes next, and the order page.
 */
function requestStepLetter(
  order: Order,
  step: {
    subject: string;
    body: string;
    refunds?: { heading: string; rows: (ItemRow & { strong?: boolean })[] };
    quote?: Quote | undefined;
    after?: string;
    link: string;
  },
): Promise<MailMessage> {
  const { subject, body, refunds, quote, after, link } = step;
  const items = itemsOf(order);
  return mailOf(
    {
      to: order.customerEmail,
      subject,
      text: [
        `Dear ${order.customerName},`,
        '',
        body,
        '',
        `${items.heading}:`,
        ...textRows(items.rows),
        ...(refunds ? ['', `${refunds.heading}:`, ...textRows(refunds.rows)] : []),
        ...(quote
          ? [
              '',
              `${quote.label}:`,
              ...quote.text.split('\n').map((line) => (quote.shoppers ? `  > ${line}` : `  ${line}`)),
            ]
          : []),
        '',
        ...(after ? [after, ''] : []),
        ...pageLines(link),
        ...signOff,
      ].join('\n'),
    },
    requestLetterMail({
      preview: subject,
      heading: subject,
      greeting: `Dear ${order.customerName},`,
      paragraphs: [body],
      items,
      ...(refunds ? { refunds } : {}),
      ...(quote ? { quote } : {}),
      ...(after ? { after: [after] } : {}),
      pageLink: link,
    }),
  );
}

/** The owner's message, when they wrote one, quoted as ours. */
const ownersWords = (request: ShopperRequest): Quote | undefined =>
  request.message ? { label: 'A message from us', text: request.message, shoppers: false } : undefined;

/** We have the shopper's request: what happens next. */
export function requestReceivedEmail(order: Order, request: ShopperRequest, link: string): Promise<MailMessage> {
  const cancel = request.kind === 'cancel';
  return requestStepLetter(order, {
    subject: cancel
      ? `We have your request to cancel order ${order.orderNumber}`
      : `We have your return request for order ${order.orderNumber}`,
    body: cancel
      ? `Thank you for letting us know. We have your request to cancel order ${order.orderNumber}, and we will look at it as soon as we can. If it has not left us yet, we will cancel it and refund you in full.`
      : `Thank you for letting us know. We have your request to return order ${order.orderNumber} (${returnReasonLabels[request.reason ?? 'other']}), and we will e-mail you with how to send it back.`,
    quote: request.note ? { label: 'Your note', text: request.note, shoppers: true } : undefined,
    link,
  });
}

/** An amount a cancellation refunds, under what it pays back. */
export type RefundedAmount = { label: string; amount: number };

/**
 * The owner said yes. A cancellation's one e-mail (decision 112): the order's items, every amount it refunds and their
 * total; the refunds it asked for send no e-mail of their own.
 */
export function requestAcceptedEmail(
  order: Order,
  request: ShopperRequest,
  refunds: readonly RefundedAmount[],
  link: string,
): Promise<MailMessage> {
  const cancel = request.kind === 'cancel';
  const total = refunds.reduce((sum, r) => sum + r.amount, 0);
  return requestStepLetter(order, {
    subject: cancel ? `Order ${order.orderNumber} is cancelled` : `Your return for order ${order.orderNumber}`,
    body: cancel
      ? `We have cancelled your order ${order.orderNumber}${total > 0 ? ` and are refunding ${formatPence(total)} in all to the card or wallet you paid with. Banks usually take 5 to 10 working days to show it` : ''}.`
      : `We have accepted your return for order ${order.orderNumber}. Once the books are back with us, we will refund you within ${returnWindowDays} days.`,
    ...(cancel && total > 0
      ? {
          refunds: {
            heading: 'Your refund',
            rows: [
              ...refunds.map((r) => ({ label: r.label, figure: formatPence(r.amount) })),
              { label: 'Total refunded', figure: formatPence(total), strong: true },
            ],
          },
        }
      : {}),
    quote: ownersWords(request),
    link,
  });
}

/** The owner said no, with why. */
export function requestDeclinedEmail(order: Order, request: ShopperRequest, link: string): Promise<MailMessage> {
  const cancel = request.kind === 'cancel';
  return requestStepLetter(order, {
    subject: cancel
      ? `About your request to cancel order ${order.orderNumber}`
      : `About your return request for order ${order.orderNumber}`,
    body: cancel
      ? `We are sorry: we could not cancel your order ${order.orderNumber}.`
      : `We are sorry: we could not accept the return of your order ${order.orderNumber}.`,
    quote: ownersWords(request),
    after: cancel
      ? `If it has already left us, you can still ask to return it within ${returnWindowDays} days of its arrival, on your order page.`
      : 'If you would like to talk it over, just reply to this e-mail.',
    link,
  });
}

/** Where the owner answers a request (the Requests tab of the orders screen), and the order itself, in the console. */
export type ConsoleLinks = { requests: string; order: string };

/**
 * To the owner: a shopper's new request, and where to answer it. Everything but the note is the order on record; the
 * note is a stranger's words, shown as the purchase notice shows them: each line behind a quote mark, so no line of the
 * e-mail starts with what they typed, and its links defanged (service/mail/quotedInput.ts). The subject carries no
 * name: it stays in the log when the customer is erased.
 */
export function requestToOwnerEmail(
  order: Order,
  request: ShopperRequest,
  owner: string,
  links: ConsoleLinks,
): Promise<MailMessage> {
  const cancel = request.kind === 'cancel';
  const reason = returnReasonLabels[request.reason ?? 'other'];
  const subject = cancel
    ? `Cancellation requested: order ${order.orderNumber}`
    : `Return requested: order ${order.orderNumber} (${reason})`;
  const intro = `A customer asked to ${cancel ? 'cancel' : 'return'} order ${order.orderNumber} on their order page.`;
  const facts = [
    `Customer: ${order.customerName}${order.customerEmail.includes('@') ? ` <${order.customerEmail}>` : ''}`,
    cancel ? 'Request: cancel the order' : `Request: return the order — reason: ${reason}`,
  ];
  const note = request.note ? quotedLines(request.note) : [];
  const noteLabel = 'Their note, quoted as typed (links are not clickable)';
  const items = itemsOf(order);
  const next = cancel
    ? 'Accepting cancels the order and refunds it in full, putting the copies back on the shelf; once it has shipped, a cancellation can only be declined.'
    : 'Accepting records your answer and e-mails it to them; refund them with the refund button once the books are back.';
  return mailOf(
    {
      to: owner,
      subject,
      text: [
        intro,
        '',
        ...facts,
        '',
        ...(note.length ? [`${noteLabel}:`, ...note.map((line) => `  ${line}`), ''] : []),
        `${items.heading}:`,
        ...textRows(items.rows),
        '',
        next,
        '',
        'Answer it in the Requests tab of the orders screen:',
        `  ${links.requests}`,
        'The order in the console:',
        `  ${links.order}`,
      ].join('\n'),
    },
    requestToOwnerMail({ subject, intro, facts, noteLabel, note, items, next, links }),
  );
}
