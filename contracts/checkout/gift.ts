// A gift: the shopper ticks "This is a gift" at checkout and writes a message for the card in the parcel; on every
// checkout page (the cart, Buy Now, the card form, the wallet page) the parcel may go to someone else, named with their
// address, and, if the buyer wants, told by e-mail that a gift is on its way (decisions 085 and 110). Recorded on the
// checkout and on the order it places; the recipient's name, address and e-mail, and the message, are personal data
// like the buyer's (contracts/personalData.ts).
import * as v from 'valibot';
import { normalisePostcode, postcodeMessage, postcodeProblem } from '../shared/postcode.ts';
import { isoCountryName } from '../shared/countries.ts';
import type { OrderGiftSchema } from '../orders/events.ts';
import type { ShippingAddress } from '../orders/model.ts';

export const giftMessageMaxLength = 300;

export const giftTexts = {
  checkbox: 'This is a gift',
  message: 'Gift message',
  messageHint: `Printed on the packing slip, which shows no prices. Up to ${giftMessageMaxLength} characters.`,
  separateRecipient: 'Send it to someone else',
  recipientName: 'Recipient name',
  recipientEmail: 'Recipient email (optional)',
  noteToRecipient: 'E-mail them a gift note when it is on its way (no prices)',
  noteNeedsEmail: 'Give the recipient’s email to send them a gift note',
  tooLong: `The gift message is ${giftMessageMaxLength} characters at most`,
  /** the payment page's heading where the parcel goes to someone else: it asks for the payer's own address */
  billingHeading: 'Your billing address',
} as const;

/** The gift as an order records it. */
export type OrderGift = v.InferOutput<typeof OrderGiftSchema>;

const message = v.pipe(
  v.string('The gift message must be text'),
  v.trim(),
  v.maxLength(giftMessageMaxLength, giftTexts.tooLong),
);
const required = (max: number, field: string) =>
  v.pipe(
    v.string(`${field} must be text`),
    v.trim(),
    v.minLength(1, `${field} is required`),
    v.maxLength(max, `${field} is too long`),
  );

/**
 * The recipient's country is any ISO 3166-1 code here; whether the shop delivers there, and at what rate, is the
 * delivery table's, decided by the server when the checkout starts (decision 099): a country not served is a 400 at
 * `gift.recipient.address.country`.
 */
const recipientCountry = v.pipe(
  v.string('Choose the recipient’s country'),
  v.trim(),
  v.toUpperCase(),
  v.check((code) => isoCountryName(code) !== undefined, 'Choose the recipient’s country'),
);

const RecipientSchema = v.pipe(
  v.object({
    name: required(200, 'Recipient name'),
    address: v.pipe(
      v.object({
        line1: required(200, 'Recipient address line 1'),
        line2: v.optional(v.pipe(v.string('Recipient address line 2 must be text'), v.trim(), v.maxLength(200))),
        city: required(100, 'Recipient city'),
        postal_code: required(20, 'Recipient postcode'),
        country: recipientCountry,
      }),
      // The recipient's UK postcode is held to the same rule as the buyer's (decision 089).
      v.forward(
        v.check((a) => postcodeProblem(a.country, a.postal_code) === null, postcodeMessage),
        ['postal_code'],
      ),
      v.transform((a) => ({ ...a, postal_code: normalisePostcode(a.country, a.postal_code) })),
    ),
    /** optional: only for the gift note */
    email: v.optional(
      v.union(
        [
          v.literal(''),
          v.pipe(
            v.string('Recipient email must be text'),
            v.trim(),
            v.email('Please enter a valid email address for the recipient'),
            v.maxLength(254, 'Recipient email is too long'),
          ),
        ],
        'Please enter a valid email address for the recipient',
      ),
    ),
    /** the buyer's tick: e-mail the recipient a gift note, without prices, once the parcel is on its way */
    notify: v.optional(v.boolean('notify must be true or false')),
  }),
  v.forward(
    v.check((r) => !r.notify || !!r.email?.trim(), giftTexts.noteNeedsEmail),
    ['email'],
  ),
);

/** "This is a gift" as every checkout start takes it: the message, and optionally someone else to send it to. */
export const GiftSchema = v.object({ message, recipient: v.optional(RecipientSchema) });
export type GiftRequest = v.InferOutput<typeof GiftSchema>;

/** The gift as recorded: a recipient's address in the order's own shape. */
export function orderGiftOf(gift: GiftRequest): OrderGift {
  const { recipient } = gift;
  if (!recipient) return { message: gift.message };
  const { line1, line2, city, postal_code, country } = recipient.address;
  const email = recipient.email?.trim();
  return {
    message: gift.message,
    recipientName: recipient.name,
    recipientAddress: { line1, ...(line2 ? { line2 } : {}), city, postcode: postal_code, country },
    ...(email ? { recipientEmail: email } : {}),
    ...(email && recipient.notify ? { noteToRecipient: true as const } : {}),
  };
}

/** Where a gift is delivered: to its recipient when it has one, else nowhere but the buyer's own address. */
export const giftRecipientOf = (gift: OrderGift | undefined) =>
  gift?.recipientName && gift.recipientAddress ? { name: gift.recipientName, address: gift.recipientAddress } : null;

/** The words every page and e-mail the buyer gets use for a gift sent to someone else (decision 110). */
export const giftForLine = (recipientName: string) => `A gift for ${recipientName}, delivering to:`;

/**
 * Where an order's parcel goes, as everything the buyer reads says it (decision 110): a gift sent to someone else goes
 * to its recipient, by their name, and the buyer's own address is never shown as the delivery; any other order goes to
 * the buyer. `giftFor` is the line that says so; `message`, the gift's message when the order is a gift.
 */
export function deliveryOf<A>(order: { customerName: string; shippingAddress: A; gift?: OrderGift | undefined }): {
  name: string;
  address: A | ShippingAddress;
  giftFor?: string;
  message?: string;
} {
  const recipient = giftRecipientOf(order.gift);
  const message = order.gift ? { message: order.gift.message } : {};
  return recipient
    ? { name: recipient.name, address: recipient.address, giftFor: giftForLine(recipient.name), ...message }
    : { name: order.customerName, address: order.shippingAddress, ...message };
}

/** A gift's message as the buyer's pages and e-mails quote it. */
export const quotedGiftMessage = (message: string) => `“${message}”`;
export const giftMessageHeading = 'Your gift message:';
