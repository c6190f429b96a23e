// Stream names are `category-id`; the category never holds a dash, so it can be derived from a name.
export const streamCategories = [
  'book',
  'review',
  'checkout',
  'order',
  'notification',
  'admin',
  'stock',
  'audit',
  'privacy',
  'access',
  'payment',
  'payout',
  'vat',
  'receipts',
  'creditnotes',
  'discount',
  'image',
  'message',
  'newsletter',
  'restock',
  'shipping',
  'preorder',
] as const;
export type StreamCategory = (typeof streamCategories)[number];

const stream = (category: StreamCategory) => (id: string | number) => `${category}-${id}`;

export const bookStream = stream('book');
export const reviewStream = stream('review');
export const checkoutStream = stream('checkout');
export const orderStream = stream('order');
export const notificationStream = stream('notification');
export const adminStream = stream('admin');
export const stockStream = stream('stock');
/** What the payment provider kept of an order's payment (its processing fee), one stream per order: `payment-<orderId>`. */
export const paymentStream = stream('payment');
/** One payout from the payment provider's balance to the shop's bank account: `payout-<provider's payout id>`. */
export const payoutStream = stream('payout');
/** One year's receipt numbers, one stream per UK calendar year (`receipts-2026`): the sequence is the stream. */
export const receiptsStream = stream('receipts');
/** One year's credit-note numbers (`creditnotes-2026`). */
export const creditNotesStream = stream('creditnotes');
/** One discount code, its owner's changes and its uses: `discount-<CODE>` (trimmed, upper-case; decision 075). */
export const discountStream = stream('discount');
/** One uploaded image, `image-<sha256 of its original>` (contracts/catalog/images.ts): who added it, and when. */
export const imageStream = stream('image');
/** One message from the contact form, the owner opening it and each reply: `message-<uuid>` (decision 090). */
export const messageStream = stream('message');
/** One newsletter consent and its withdrawal: `newsletter-<uuid>` (decision 090). */
export const newsletterStream = stream('newsletter');
/** One shopper's request to hear when a book is back, and its withdrawal: `restock-<uuid>` (decision 091). */
export const restockStream = stream('restock');
/** One coming title, its date, its limit and every pre-order of it: `preorder-<bookId>` (decision 120). */
export const preOrderStream = stream('preorder');
/** The erasures, one stream (contracts/privacy/model.ts). */
export const erasuresStream = stream('privacy')('erasures');
/** The shop's VAT settings: registration and each product's rate over time, one stream (contracts/vat/settings.ts). */
export const vatSettingsStream = stream('vat')('settings');
/** The delivery zones and rates the owner sets, one stream (contracts/checkout/shippingRates.ts). */
export const shippingRatesStream = stream('shipping')('rates');
/** The audit console's own records (the read-model verifications), one stream. */
export const verificationsStream = stream('audit')('verifications');
/** The log's migrations (a copy of the log into a new file, decision 059), one stream. */
export const migrationsStream = stream('audit')('log-migrations');
/**
 * Failed sign-ins for names that are no account, one stream per UTC day (the typed name is kept in the event): a flood
 * of invented names fills a bounded number of events in one place instead of a stream per name.
 */
export const unknownSignInStream = (at: string) => adminStream(`unknown-names-${at.slice(0, 10)}`);

/**
 * The reads of personal data through the admin API, one stream per UTC day (`access-2026-11-27`): every record is
 * appended with `expected: 'any'`, so readers never wait on each other, and a day's records read as one stream.
 */
export const dataReadsStream = (at: string) => `access-${at.slice(0, 10)}`;

export function categoryOf(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash === -1 ? streamName : streamName.slice(0, dash);
}

export function idOf(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash === -1 ? '' : streamName.slice(dash + 1);
}
