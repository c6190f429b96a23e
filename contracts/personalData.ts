// Which fields of which events are a person's data, whose they are, and what stands in their place once the person is
// forgotten. The log stores these fields sealed under the person's key (infra/eventstore/sealedEventStore.ts); the
// rest of every event (amounts, items, countries, statuses, times) stays readable for the books and the audit.

/** What a forgotten person's fields read as. */
export const erased = {
  name: 'Erased customer',
  email: 'erased',
  text: 'Erased',
  note: '(erased)',
  review: 'This review was removed at the reviewer’s request.',
} as const;

/** Whether a text is one of the stand-ins above: the console shows "erased" rather than "details missing". */
export const isErasedValue = (value: unknown) => Object.values(erased).includes(value as never);

export type PersonalFields = {
  /** The e-mail address the event names its person by, if it names one. */
  email?: (data: Record<string, unknown>) => unknown;
  /** Dotted paths to string fields, each with its stand-in; a path whose value is not a string is left alone. */
  fields: Readonly<Record<string, string>>;
};

const address = {
  'shippingAddress.line1': erased.text,
  'shippingAddress.line2': erased.text,
  'shippingAddress.city': erased.text,
  'shippingAddress.postcode': erased.text,
} as const;

const customer = {
  email: (data: Record<string, unknown>) => data.customerEmail,
  fields: { customerName: erased.name, customerEmail: erased.email, ...address, phone: erased.text },
} satisfies PersonalFields;

/** The kinds of e-mail the owner receives (contracts/eventCatalog.ts, EmailSent). */
const toOwner = new Set(['purchase-notice', 'order-to-owner', 'dispute-to-owner']);

/**
 * By event type. An address as free text (`shippingAddress` as a string) is sealed whole; as an object, line by line,
 * and its country stays readable (the sales figures count UK and international orders).
 */
export const personalData: Readonly<Record<string, PersonalFields>> = {
  CheckoutStarted: customer,
  OrderPlaced: { ...customer, fields: { ...customer.fields, shippingAddress: erased.text } },
  OrderCustomerDetailsAdded: customer,
  PurchaseNotified: { ...customer, fields: { ...customer.fields, shippingAddress: erased.text } },
  OrderStatusChanged: { fields: { notes: erased.note } },
  // A tracking number finds the parcel, and with it the address, on the carrier's site.
  OrderShipmentRecorded: { fields: { trackingNumber: erased.text, trackingUrl: erased.text } },
  OrderNoteAdded: { fields: { text: erased.note } },
  // An e-mail to the owner about a person's order is sealed under that person (the stream's subject), never linking
  // the owner's address to them; an e-mail to the customer names its person by its recipient.
  EmailSent: { email: (data) => (toOwner.has(data.kind as string) ? undefined : data.to), fields: { to: erased.email } },
  // The owner's words about a person: a refund's reason, a dispute's reason, a flag's message, a review's answer.
  RefundRequested: { fields: { reason: erased.note } },
  OrderDisputed: { fields: { reason: erased.note } },
  OrderFlagged: { fields: { message: erased.note } },
  ReviewApproved: { fields: { adminMessage: erased.note } },
  ReviewRejected: { fields: { adminMessage: erased.note } },
  // E-mails to the owner about stock: the recipient is sealed like every e-mail record's, under a subject of its own.
  LowStockAlerted: { fields: { to: erased.email } },
  StockShortfallAlerted: { fields: { to: erased.email } },
  ReviewSubmitted: { email: (data) => data.customerEmail, fields: { customerName: erased.name, customerEmail: erased.email, reviewText: erased.review } },
};
