// The discount codes' events, declared once: the payload schemas of stream discount-<CODE>, and the types derived from
// them.
import * as v from 'valibot';
import { at, causes, defineEvents, text, whole, type EventsOf } from '../shared/eventDefinitions.ts';
import { discountKinds, discountReleaseReasons } from './model.ts';

const { owner, shopper } = causes;
const pence = whole;

const discountCode = v.pipe(v.string(), v.regex(/^[A-Z0-9-]{3,32}$/));
export const DiscountCodeCreatedV1 = v.object({
  code: discountCode,
  kind: v.picklist(discountKinds),
  amount: v.pipe(v.number(), v.integer(), v.minValue(1)),
  validFrom: v.optional(at),
  validUntil: v.optional(at),
  maxUses: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  oncePerEmail: v.boolean(),
  minimumBasket: pence,
  by: text,
  reason: v.optional(text),
  at,
});
export const DiscountCodePausedV1 = v.object({ code: discountCode, by: text, reason: v.optional(text), at });
export const DiscountCodeResumedV1 = v.object({ code: discountCode, by: text, reason: v.optional(text), at });
export const DiscountCodeEndedV1 = v.object({ code: discountCode, by: text, reason: v.optional(text), at });
/**
 * A checkout started with the code holds one use until `until` (its payment page's expiry and a grace). `email` is a
 * keyed hash of the shopper's normalised e-mail address, when the checkout knew it; never the address. `holder` is a
 * keyed hash of the client address the checkout started from (decision 092; absent on holds recorded before), for the
 * cap on holds per address.
 */
export const DiscountUseHeldV1 = v.object({
  code: discountCode,
  checkoutId: text,
  amount: pence,
  email: v.optional(text),
  holder: v.optional(text),
  until: at,
  at,
});
export const DiscountUseReleasedV1 = v.object({
  code: discountCode,
  checkoutId: text,
  reason: v.picklist(discountReleaseReasons),
  at,
});
/**
 * A placed order used the code. `overLimit`: no running hold and the limit already reached (a payment outranks a hold);
 * `repeatEmail`: the e-mail had already used a once-per-address code (known only once paid on a hosted page).
 */
export const DiscountRedeemedV1 = v.object({
  code: discountCode,
  checkoutId: text,
  orderId: text,
  orderNumber: text,
  amount: pence,
  email: v.optional(text),
  overLimit: v.optional(v.boolean()),
  repeatEmail: v.optional(v.boolean()),
  at,
});

export const discountEvents = defineEvents([
  {
    type: 'DiscountCodeCreated',
    stream: 'discount',
    causedBy: owner,
    description:
      'The owner created a discount code: a percentage or a fixed amount off, with its dates, use limit, once per e-mail address or not, and minimum basket.',
    versions: [{ schema: DiscountCodeCreatedV1 }],
  },
  {
    type: 'DiscountCodePaused',
    stream: 'discount',
    causedBy: owner,
    description: 'The owner paused a code: checkouts refuse it until it is resumed.',
    versions: [{ schema: DiscountCodePausedV1 }],
  },
  {
    type: 'DiscountCodeResumed',
    stream: 'discount',
    causedBy: owner,
    description: 'The owner resumed a paused code.',
    versions: [{ schema: DiscountCodeResumedV1 }],
  },
  {
    type: 'DiscountCodeEnded',
    stream: 'discount',
    causedBy: owner,
    description: 'The owner ended a code for good; orders already placed with it keep their saving.',
    versions: [{ schema: DiscountCodeEndedV1 }],
  },
  {
    type: 'DiscountUseHeld',
    stream: 'discount',
    causedBy: shopper,
    description:
      "A checkout started with the code holds one of its uses until its payment page expires (`until`, a short grace after it); `email` is a keyed hash of the shopper's e-mail address when the checkout knew it, never the address.",
    versions: [{ schema: DiscountUseHeldV1 }],
  },
  {
    type: 'DiscountUseReleased',
    stream: 'discount',
    causedBy: `${shopper} whose payment page could not be opened, or the discount reactor (\`system:discounts\`) following the checkout and stock events`,
    description:
      'A checkout gave back the use of the code it held: cancelled, its payment failed, its page never opened, or its page was ended early (its stock hold released by the owner, or taken over with Stripe).',
    versions: [{ schema: DiscountUseReleasedV1 }],
  },
  {
    type: 'DiscountRedeemed',
    stream: 'discount',
    causedBy: 'the discount reactor (`system:discounts`), following the placed order',
    description:
      'A placed order used the code, with the pence it took off; `overLimit` or `repeatEmail` when it was paid for although the limit or the once-per-address rule was reached meanwhile (a payment outranks a hold).',
    versions: [{ schema: DiscountRedeemedV1 }],
  },
]);

export type DiscountEvent = EventsOf<typeof discountEvents>;
export type DiscountCodeCreated = Extract<DiscountEvent, { type: 'DiscountCodeCreated' }>;
export type DiscountUseReleased = Extract<DiscountEvent, { type: 'DiscountUseReleased' }>;
export type DiscountRedeemed = Extract<DiscountEvent, { type: 'DiscountRedeemed' }>;
