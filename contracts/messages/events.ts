// The messages' events, declared once: a contact message (stream message-<uuid>), the cap on the owner's e-mails about
// them, a newsletter consent (stream newsletter-<uuid>) and a back-in-stock request (stream restock-<uuid>), with the
// types derived from their schemas.
import * as v from 'valibot';
import { at, causes, defineEvents, text, whole, type EventsOf } from '../shared/eventDefinitions.ts';

const { owner, shopper } = causes;
const bookId = whole;

// The shopper's message, the owner opening it, and each reply.
export const MessageReceivedV1 = v.object({
  messageId: text,
  name: text,
  email: text,
  message: text,
  newsletter: v.boolean(),
  receivedAt: at,
});
export const MessageReadV1 = v.object({ messageId: text, by: text, at });
export const MessageAnsweredV1 = v.object({ messageId: text, replyId: text, reply: text, by: text, at });

export const messageEvents = defineEvents([
  {
    type: 'MessageReceived',
    stream: 'message',
    causedBy: shopper,
    description:
      'A shopper sent a message from the contact form: their name, e-mail address and words (sealed as theirs), and whether they ticked the newsletter box. One stream per message, `message-<uuid>`.',
    versions: [{ schema: MessageReceivedV1 }],
  },
  {
    type: 'MessageRead',
    stream: 'message',
    causedBy: owner,
    description: 'The owner opened a message in the inbox for the first time: it no longer counts as unread.',
    versions: [{ schema: MessageReadV1 }],
  },
  {
    type: 'MessageAnswered',
    stream: 'message',
    causedBy: owner,
    description:
      "The owner replied to a message; the reply (sealed with the sender's data) is e-mailed to the sender by the reactor.",
    versions: [{ schema: MessageAnsweredV1 }],
  },
]);

export type MessageEvent = EventsOf<typeof messageEvents>;
export type MessageReceived = Extract<MessageEvent, { type: 'MessageReceived' }>;
export type MessageRead = Extract<MessageEvent, { type: 'MessageRead' }>;
export type MessageAnswered = Extract<MessageEvent, { type: 'MessageAnswered' }>;

/** Whether a contact message was e-mailed to the owner, counted against the shop-wide cap of its window (decision 095). */
export const MessageMailCountedV1 = v.object({
  messageId: text,
  windowStart: at,
  windowEnd: at,
  mailed: v.boolean(),
  at,
});

export const messageMailEvents = defineEvents([
  {
    type: 'MessageMailCounted',
    stream: 'notification',
    causedBy: 'the e-mail reactor (`system:reactor`)',
    description:
      "A contact message counted against the shop-wide hourly cap on the owner's e-mails about messages: whether it was e-mailed, or kept in the inbox only, past the cap. One stream per window of the cap, `notification-message-mails-<start>`, which also holds the window's one notice of the messages not e-mailed.",
    versions: [{ schema: MessageMailCountedV1 }],
  },
]);

export type MessageMailEvent = EventsOf<typeof messageMailEvents>;
export type MessageMailCounted = Extract<MessageMailEvent, { type: 'MessageMailCounted' }>;

// One consent, given once and withdrawn at most once.
export const NewsletterConsentedV1 = v.object({
  subscriptionId: text,
  email: text,
  wording: text,
  source: v.picklist(['contact-form']),
  messageId: text,
  at,
});
export const NewsletterWithdrawnV1 = v.object({ subscriptionId: text, at });

export const newsletterEvents = defineEvents([
  {
    type: 'NewsletterConsented',
    stream: 'newsletter',
    causedBy: shopper,
    description:
      "A shopper agreed to the shop's news by ticking the contact form's box: their e-mail address (sealed), the exact words they agreed to and when. One stream per consent, `newsletter-<uuid>`.",
    versions: [{ schema: NewsletterConsentedV1 }],
  },
  {
    type: 'NewsletterWithdrawn',
    stream: 'newsletter',
    causedBy: 'the subscriber, through the signed unsubscribe link (`shopper`)',
    description: 'A subscriber withdrew their consent: nothing more is sent to them under it.',
    versions: [{ schema: NewsletterWithdrawnV1 }],
  },
]);

export type NewsletterEvent = EventsOf<typeof newsletterEvents>;
export type NewsletterConsented = Extract<NewsletterEvent, { type: 'NewsletterConsented' }>;
export type NewsletterWithdrawn = Extract<NewsletterEvent, { type: 'NewsletterWithdrawn' }>;

// One request, withdrawn at most once (its acknowledgement is an EmailSent of kind restock-requested in
// notification-restock-requested-<uuid>; its e-mail when the book is back, one of kind back-in-stock in
// notification-restock-<uuid>).
export const RestockAlertRequestedV1 = v.object({ requestId: text, bookId, email: text, wording: text, at });
export const RestockAlertWithdrawnV1 = v.object({ requestId: text, at });

export const restockEvents = defineEvents([
  {
    type: 'RestockAlertRequested',
    stream: 'restock',
    causedBy: shopper,
    description:
      'A shopper asked to be e-mailed once when an out-of-stock book is back: the book, their e-mail address (sealed), the words they ticked and when. One stream per request, `restock-<uuid>`; the reactor acknowledges it by one e-mail with a link that withdraws it.',
    versions: [{ schema: RestockAlertRequestedV1 }],
  },
  {
    type: 'RestockAlertWithdrawn',
    stream: 'restock',
    causedBy: 'the shopper, through the signed unsubscribe link (`shopper`)',
    description: 'A shopper withdrew their back-in-stock request before it was answered: no e-mail goes.',
    versions: [{ schema: RestockAlertWithdrawnV1 }],
  },
]);

export type RestockEvent = EventsOf<typeof restockEvents>;
export type RestockAlertRequested = Extract<RestockEvent, { type: 'RestockAlertRequested' }>;
export type RestockAlertWithdrawn = Extract<RestockEvent, { type: 'RestockAlertWithdrawn' }>;
