// A gift: the shopper ticks "This is a gift" at checkout and writes a message for the card in the parcel; where the
// checkout page takes the address itself (the custom card form), the parcel may go to someone else, named with their
// address. Recorded on the checkout and on the order it places; the recipient's name and address, and the message, are
// personal data like the buyer's (contracts/personalData.ts).
import * as v from 'valibot';
import { normalisePostcode, postcodeMessage, postcodeProblem } from '../shared/postcode.ts';
import type { ShippingAddress } from '../orders/model.ts';
import { checkoutCountries } from './shipping.ts';

export const giftMessageMaxLength = 300;

export const giftTexts = {
  checkbox: 'This is a gift',
  message: 'Gift message',
  messageHint: `Printed on the packing slip, which shows no prices. Up to ${giftMessageMaxLength} characters.`,
  separateRecipient: 'Send it to someone else',
  recipientName: 'Recipient name',
  tooLong: `The gift message is ${giftMessageMaxLength} characters at most`,
  noRecipientHere:
    'This checkout takes the delivery address on the payment page: enter the recipient’s address there, and leave the gift’s recipient out',
} as const;

/** The gift as an order records it. */
export type OrderGift = { message: string; recipientName?: string; recipientAddress?: ShippingAddress };

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
const countryCodes = checkoutCountries.map((c) => c.code) as [string, ...string[]];

/** Where a checkout page takes the address itself: the message, and optionally someone else to send it to. */
export const GiftWithRecipientSchema = v.object({
  message,
  recipient: v.optional(
    v.object({
      name: required(200, 'Recipient name'),
      address: v.pipe(
        v.object({
          line1: required(200, 'Recipient address line 1'),
          line2: v.optional(v.pipe(v.string('Recipient address line 2 must be text'), v.trim(), v.maxLength(200))),
          city: required(100, 'Recipient city'),
          postal_code: required(20, 'Recipient postcode'),
          country: v.picklist(countryCodes, 'We do not ship to the recipient’s country'),
        }),
        // The recipient's UK postcode is held to the same rule as the buyer's (decision 089).
        v.forward(
          v.check((a) => postcodeProblem(a.country, a.postal_code) === null, postcodeMessage),
          ['postal_code'],
        ),
        v.transform((a) => ({ ...a, postal_code: normalisePostcode(a.country, a.postal_code) })),
      ),
    }),
  ),
});
export type GiftWithRecipient = v.InferOutput<typeof GiftWithRecipientSchema>;

/**
 * Where the payment page (hosted checkout, wallet sheet) takes the address: the message only. A recipient sent here is
 * refused with a 400 rather than dropped, so no shopper believes the parcel goes somewhere it does not.
 */
export const GiftMessageOnlySchema = v.object({
  message,
  recipient: v.optional(v.undefined(giftTexts.noRecipientHere)),
});

/** The gift as recorded: a recipient's address in the order's own shape. */
export function orderGiftOf(gift: GiftWithRecipient | v.InferOutput<typeof GiftMessageOnlySchema>): OrderGift {
  const recipient = 'recipient' in gift ? gift.recipient : undefined;
  if (!recipient) return { message: gift.message };
  const { line1, line2, city, postal_code, country } = recipient.address;
  return {
    message: gift.message,
    recipientName: recipient.name,
    recipientAddress: { line1, ...(line2 ? { line2 } : {}), city, postcode: postal_code, country },
  };
}
