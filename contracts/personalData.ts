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
  EmailSent: { email: (data) => data.to, fields: { to: erased.email } },
  ReviewSubmitted: { email: (data) => data.customerEmail, fields: { customerName: erased.name, customerEmail: erased.email, reviewText: erased.review } },
};
