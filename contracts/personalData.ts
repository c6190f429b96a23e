// Which fields of which events are a person's data, whose they are, and what stands in their place once the person is
// forgotten. The log stores these fields sealed under the person's key (infra/eventstore/sealedEventStore.ts); the
// rest of every event (amounts, items, countries, statuses, times) stays readable for the books and the audit. How a
// sealed event is stored is part of the log's format, read by the erasure and the audit as well as by the sealing.
import type { SubjectId } from './ports/keyStore.ts';

/** What a forgotten person's fields read as. */
export const erased = {
  name: 'Erased customer',
  email: 'erased',
  text: 'Erased',
  note: '(erased)',
  review: 'This review was removed at the reviewer’s request.',
} as const;

/**
 * An e-mail address as a person is known by it, when sealing chooses their subject and when an erasure or access request
 * looks for them: trimmed, in lower case; null for anything that is not an address.
 */
export function personAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return /^[^@\s]+@[^@\s]+$/.test(trimmed) ? trimmed.toLowerCase() : null;
}

/** Whether a text is one of the stand-ins above: the console shows "erased" rather than "details missing". */
export const isErasedValue = (value: unknown) => Object.values(erased).includes(value as never);

/**
 * Whose an event's sealed fields are, and so under which subject they are sealed (decision 057): the person the stream is
 * about ('person', the stream's subject, forgotten with them); the staff member who wrote them ('staff', a subject of
 * the author's, named by the event's `by`); or the shop itself ('shop', a subject of the shop's: its own address as the
 * recipient of its notices). Only a person's fields go when the person is erased.
 */
export type Whose = 'person' | 'staff' | 'shop';

export type PersonalFields = {
  /** The e-mail address the event names its person by, if it names one. */
  email?: (data: Record<string, unknown>) => unknown;
  /** Dotted paths to string fields, each with its stand-in; a path whose value is not a string is left alone. */
  fields: Readonly<Record<string, string>>;
  /** Whose the fields are, from the event's data; the person's when not given. */
  whose?: (data: Record<string, unknown>) => Whose;
};

const address = {
  'shippingAddress.line1': erased.text,
  'shippingAddress.line2': erased.text,
  'shippingAddress.city': erased.text,
  'shippingAddress.postcode': erased.text,
} as const;

/**
 * A gift's message and its recipient (decision 085): the buyer's data like their own name and address, sealed with them
 * and erased with them; the recipient's country stays readable, as the buyer's does.
 */
const gift = {
  'gift.message': erased.text,
  'gift.recipientName': erased.name,
  'gift.recipientAddress.line1': erased.text,
  'gift.recipientAddress.line2': erased.text,
  'gift.recipientAddress.city': erased.text,
  'gift.recipientAddress.postcode': erased.text,
  // the recipient's e-mail for the gift note (decision 110), sealed and erased with the rest of the gift
  'gift.recipientEmail': erased.email,
} as const;

const customer = {
  email: (data: Record<string, unknown>) => data.customerEmail,
  fields: { customerName: erased.name, customerEmail: erased.email, ...address, phone: erased.text },
} satisfies PersonalFields;

/** The kinds of e-mail the owner receives (contracts/eventCatalog.ts, EmailSent). */
const toOwner = new Set([
  'purchase-notice',
  'order-to-owner',
  'dispute-to-owner',
  'message-to-owner',
  'messages-held',
  'request-to-owner',
  'payment-mismatch-to-owner',
]);

const staff = () => 'staff' as const;
const shop = () => 'shop' as const;

/**
 * By event type. An address as free text (`shippingAddress` as a string) is sealed whole; as an object, line by line,
 * and its country stays readable (the sales figures count UK and international orders). A rule may gain fields but
 * never lose one: a version 3 box is opened by the fields holding their stand-ins (decision 063). Which free text goes
 * with the person and which stays is decided in decision 057 (one table per event type).
 */
export const personalData: Readonly<Record<string, PersonalFields>> = {
  CheckoutStarted: { ...customer, fields: { ...customer.fields, ...gift } },
  OrderPlaced: { ...customer, fields: { ...customer.fields, shippingAddress: erased.text, ...gift } },
  OrderCustomerDetailsAdded: customer,
  PurchaseNotified: { ...customer, fields: { ...customer.fields, shippingAddress: erased.text } },
  // The owner's and staff's words on an order are the shop's record, sealed under their author: a status change's notes,
  // an internal note, a refund's reason. They stay when the customer is erased.
  OrderStatusChanged: { fields: { notes: erased.note }, whose: staff },
  // A tracking number finds the parcel, and with it the address, on the carrier's site: the customer's.
  OrderShipmentRecorded: { fields: { trackingNumber: erased.text, trackingUrl: erased.text } },
  OrderNoteAdded: { fields: { text: erased.note }, whose: staff },
  // An e-mail to the customer names its person by its recipient. An e-mail to the owner is sent to the shop's own
  // address: sealed under the shop's subject, so it is never linked to a customer and stays when one is erased.
  EmailSent: {
    email: (data) => (toOwner.has(data.kind as string) ? undefined : data.to),
    fields: { to: erased.email },
    whose: (data) => (toOwner.has(data.kind as string) ? 'shop' : 'person'),
  },
  RefundRequested: { fields: { reason: erased.note }, whose: staff },
  // The shopper's note with a return is theirs; the owner's answer is written to them, often by name: it goes with them.
  ReturnRequested: { fields: { note: erased.note } },
  ShopperRequestAccepted: { fields: { message: erased.note } },
  ShopperRequestDeclined: { fields: { message: erased.note } },
  // The bank's reason for a dispute, and the shop's own flag on an order (a shipping rate and a country), are the
  // shop's records of its money.
  OrderDisputed: { fields: { reason: erased.note }, whose: shop },
  OrderFlagged: { fields: { message: erased.note }, whose: shop },
  // The owner's answer to a review is about the reviewer's words, often to them by name: it goes with the review.
  ReviewApproved: { fields: { adminMessage: erased.note } },
  ReviewRejected: { fields: { adminMessage: erased.note } },
  // E-mails to the owner about stock: the recipient is the shop's own address.
  LowStockAlerted: { fields: { to: erased.email }, whose: shop },
  StockShortfallAlerted: { fields: { to: erased.email }, whose: shop },
  ReviewSubmitted: {
    email: (data) => data.customerEmail,
    fields: { customerName: erased.name, customerEmail: erased.email, reviewText: erased.review },
  },
  // A contact message is its sender's: their name, address and words. The owner's reply is written to them, often by
  // name, about their words: it goes with the message, as an answer to a review does (decision 090).
  MessageReceived: {
    email: (data) => data.email,
    fields: { name: erased.name, email: erased.email, message: erased.text },
  },
  MessageAnswered: { fields: { reply: erased.note } },
  // A consent and a back-in-stock request name their person by the address they gave (decisions 090, 091).
  NewsletterConsented: { email: (data) => data.email, fields: { email: erased.email } },
  RestockAlertRequested: { email: (data) => data.email, fields: { email: erased.email } },
};

/** Whose an event's sealed fields are (see Whose); null for an event with no personal fields. */
export function whoseFields(
  type: string,
  data: unknown,
  rules: Readonly<Record<string, PersonalFields>> = personalData,
): Whose | null {
  const rule = rules[type];
  if (!rule) return null;
  return rule.whose && typeof data === 'object' && data !== null
    ? rule.whose(data as Record<string, unknown>)
    : 'person';
}

/** The e-mail address an event names its person by, as a person is known by it; null when it names none. */
export function personAddressOf(
  type: string,
  data: unknown,
  rules: Readonly<Record<string, PersonalFields>> = personalData,
): string | null {
  const rule = rules[type];
  if (!rule?.email || typeof data !== 'object' || data === null) return null;
  return personAddress(rule.email(data as Record<string, unknown>));
}

/**
 * What a text the customer's erasure took reads as on the order page and its timeline, in place of a stand-in, so the
 * page says why it is gone rather than looking broken.
 */
export const removedWithCustomer = 'Removed with the customer’s data';

/** A text as the order page and its history show it: a stand-in reads as removedWithCustomer. */
export const shownText = (value: string): string => (isErasedValue(value) ? removedWithCustomer : value);

/**
 * Version 3, what appends write: every personal field of an event holds its stand-in, and one box under the data key
 * `$sealed` holds their values, as the string `3:<subject>:<box>`. Without the key (a forgotten person) the stored
 * event already reads as the person's stand-ins; with it, the box puts the values back. Version 2, read only, kept the
 * same box in an object, `$sealed: { v: 2, subject, box }` (decision 063).
 */
export type SealedEnvelope = { v: 2 | 3; subject: SubjectId; box: string };
/** Where an event's data keeps its sealed box. */
export const sealedKey = '$sealed';

/** The stored text of a version 3 envelope (subjects and boxes never hold a colon). */
export const envelopeText = (subject: SubjectId, box: string) => `3:${subject}:${box}`;

/** Version 1, read only: one box per field, with the stand-in beside it (logs sealed before version 2). */
export type SealedField = { sealed: 'v1'; subject: SubjectId; box: string; erased: string };

export const isSealed = (value: unknown): value is SealedField =>
  typeof value === 'object' &&
  value !== null &&
  (value as { sealed?: unknown }).sealed === 'v1' &&
  typeof (value as { box?: unknown }).box === 'string';

/** The envelope of an event's data as stored, if its personal fields were sealed in version 3 or 2. */
export function sealedEnvelope(data: unknown): SealedEnvelope | null {
  const envelope = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[sealedKey] : undefined;
  if (typeof envelope === 'string') {
    const end = envelope.indexOf(':', 2);
    return envelope.startsWith('3:') && end > 2
      ? { v: 3, subject: envelope.slice(2, end), box: envelope.slice(end + 1) }
      : null;
  }
  if (typeof envelope !== 'object' || envelope === null) return null;
  const { v, subject, box } = envelope as Record<string, unknown>;
  return v === 2 && typeof subject === 'string' && typeof box === 'string' ? { v: 2, subject, box } : null;
}

/**
 * The subjects a stored event sealed its person's fields under: none when its fields are the staff's or the shop's
 * (decision 057). Erasure and retention look for a person through these; events sealed before 057 under the stream's
 * subject name it on the person's own events of the stream as well.
 */
export const personSubjectsSealedIn = (
  type: string,
  data: unknown,
  rules: Readonly<Record<string, PersonalFields>> = personalData,
): SubjectId[] => (whoseFields(type, data, rules) === 'person' ? subjectsSealedIn(data) : []);

/** The subjects an event's stored data was sealed under: its envelope's, or each version 1 field's. */
export function subjectsSealedIn(data: unknown): SubjectId[] {
  const found = new Set<SubjectId>();
  const envelope = sealedEnvelope(data);
  if (envelope) found.add(envelope.subject);
  const walk = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return;
    if (isSealed(value)) found.add(value.subject);
    else for (const inner of Object.values(value)) walk(inner);
  };
  if (!envelope) walk(data);
  return [...found];
}

/**
 * The paths of the personal fields an event's stored data holds in plain text: events written before sealing existed
 * (decision 049), which the copy-and-transform migration seals (decision 059). An event that carries a seal of any
 * version was written by the sealing and counts as sealed; an empty field says nothing about anyone.
 */
export function plainPersonalFields(
  type: string,
  data: unknown,
  rules: Readonly<Record<string, PersonalFields>> = personalData,
): string[] {
  const rule = rules[type];
  if (!rule || typeof data !== 'object' || data === null || subjectsSealedIn(data).length > 0) return [];
  const found: string[] = [];
  for (const path of Object.keys(rule.fields)) {
    let value: unknown = data;
    for (const part of path.split('.'))
      value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
    if (typeof value === 'string' && value !== '') found.push(path);
  }
  return found;
}
