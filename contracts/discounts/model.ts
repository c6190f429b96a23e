// Discount codes (decision 075): the owner's codes as events on one stream per code, the request bodies of the owner's
// screen and of the cart's check, the answers both get, and the texts the shop refuses a code with. A code is written
// any way round (" summer-10 " is SUMMER-10); the server decides every amount.
import * as v from 'valibot';
import { formatPence } from '../shared/money.ts';
import { ownerText } from '../shared/ownerText.ts';

/** A code as stored: trimmed, upper-case, 3 to 32 of A–Z, 0–9 and hyphen. */
export const discountCodePattern = /^[A-Z0-9-]{3,32}$/;
/** What a shopper or the owner typed, as the shop keys it: trimmed and upper-case. */
export const normaliseCode = (raw: string): string => raw.trim().toUpperCase();
export const isDiscountCode = (code: string): boolean => discountCodePattern.test(code);

export const discountKinds = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof discountKinds)[number];

/** "10% off" / "£5.00 off": how a code's saving is named to shoppers and on the owner's screen. */
export const describeDiscount = (kind: DiscountKind, amount: number): string =>
  kind === 'percent' ? `${amount}% off` : `${formatPence(amount)} off`;

/** The label of a code's saving wherever an order's amounts show: "Discount code SUMMER-10". */
export const discountCodeLabel = (code: string): string => `Discount code ${code}`;

/** What a payment page says under a line a code made cheaper: "With code SUMMER-10 (was £9.99)". */
export const codeLineDescription = (code: string, listPrice: number): string =>
  `With code ${code} (was ${formatPence(listPrice)})`;

export const discountMessages = {
  /** Unknown, not yet valid, expired, paused and ended codes all get this one answer (and the same work). */
  notValid: "That code isn't valid. Please check it and try again.",
  usedUp: 'Sorry, that code is no longer available.',
  minimumBasket: (pence: number) => `That code needs a basket of at least ${formatPence(pence)} before delivery.`,
  oncePerEmail: 'That code has already been used with this e-mail address.',
  tooManyTries: 'Too many tries. Please wait a few minutes and try again.',
  /** an address at its cap of running holds on one code (decision 092) */
  holdsPerAddress: (open: number, waitMs: number) => {
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    return `You already have ${open === 1 ? 'a checkout' : `${open} checkouts`} open with this code. Please pay for or cancel one of them, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  },
  enterCode: 'Please enter a code.',
  /**
   * The owner's flag on an order paid by an address that had used a once-per-address code (decision 092): the money is
   * taken at the price with the code, so the saving is what the shop was not owed.
   */
  repeatEmailFlag: (code: string, pence: number) =>
    `Discount code ${code} is once per e-mail address, and the address this order was paid with had already used it: the ${formatPence(pence)} it took off was not due. The order is paid at the lower price.`,
  /** the same, in a line of the code's uses */
  repeatEmailUse: (pence: number) => `E-mail address had used it before: ${formatPence(pence)} off not due`,
  // The owner's screen.
  badCode: 'A code is 3 to 32 letters, numbers or hyphens',
  percentRange: 'A percentage must be a whole number from 1 to 100',
  fixedMinimum: 'A fixed amount must be at least 1p',
  fixedAboveMinimum: 'A fixed amount cannot be more than the minimum basket it needs',
  endBeforeStart: 'A code must end after it starts',
  exists: (code: string) => `There is already a code ${code}`,
  unknown: (code: string) => `There is no code ${code}`,
  alreadyPaused: 'This code is already paused',
  notPaused: 'Only a paused code can be resumed',
  alreadyEnded: 'This code has already ended',
} as const;

const instantMessage = (what: string) => `${what} must be a date and time, such as 2026-12-01T09:00:00Z`;
const instant = (what: string) =>
  v.pipe(
    v.string(instantMessage(what)),
    v.trim(),
    v.check((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)), instantMessage(what)),
    v.transform((s) => new Date(Date.parse(s)).toISOString()),
  );

/** A code in a request: anything typed; the server normalises it, and a malformed one is simply not a valid code. */
export const DiscountCodeTextSchema = v.pipe(
  v.string('The code must be text'),
  v.trim(),
  v.maxLength(64, discountMessages.notValid),
);

/** The optional `discountCode` of every checkout body: blank is none. */
export const OptionalDiscountCodeSchema = v.optional(DiscountCodeTextSchema);

/** POST /api/admin/discounts: a new code. */
export const CreateDiscountCodeSchema = v.pipe(
  v.object(
    {
      code: v.pipe(
        v.string(discountMessages.badCode),
        v.trim(),
        v.toUpperCase(),
        v.regex(discountCodePattern, discountMessages.badCode),
      ),
      kind: v.picklist(discountKinds, 'The kind must be percent or fixed'),
      /** whole percent 1..100 for `percent`, pence ≥ 1 for `fixed` */
      amount: v.pipe(
        v.number('The amount must be a number'),
        v.integer('The amount must be a whole number'),
        v.minValue(1, 'The amount must be at least 1'),
        v.maxValue(100_000_00, 'The amount is too large'),
      ),
      validFrom: v.optional(instant('The start')),
      validUntil: v.optional(instant('The end')),
      /** uses in all; absent for no limit */
      maxUses: v.optional(
        v.pipe(
          v.number('The use limit must be a number'),
          v.integer('The use limit must be a whole number'),
          v.minValue(1, 'The use limit must be at least 1'),
          v.maxValue(1_000_000, 'The use limit is too large'),
        ),
      ),
      oncePerEmail: v.optional(v.boolean('Once per e-mail address must be true or false'), false),
      /** pence of basket (after the bundle, before delivery) the code needs; 0 for none */
      minimumBasket: v.optional(
        v.pipe(
          v.number('The minimum basket must be a number'),
          v.integer('The minimum basket must be whole pence'),
          v.minValue(0, 'The minimum basket cannot be negative'),
          v.maxValue(100_000_00, 'The minimum basket is too large'),
        ),
        0,
      ),
      reason: v.optional(
        v.pipe(
          v.string('The note must be text'),
          ownerText('The note'),
          v.trim(),
          v.maxLength(500, 'The note is too long'),
        ),
      ),
    },
    'Send a JSON object with the code, its kind and amount',
  ),
  v.forward(
    v.check((b) => b.kind !== 'percent' || b.amount <= 100, discountMessages.percentRange),
    ['amount'],
  ),
  v.forward(
    v.check(
      (b) => b.kind !== 'fixed' || b.minimumBasket === 0 || b.amount <= b.minimumBasket,
      discountMessages.fixedAboveMinimum,
    ),
    ['amount'],
  ),
  v.forward(
    v.check((b) => !b.validFrom || !b.validUntil || b.validFrom < b.validUntil, discountMessages.endBeforeStart),
    ['validUntil'],
  ),
);
export type CreateDiscountCodeBody = v.InferInput<typeof CreateDiscountCodeSchema>;
export type CreateDiscountCode = v.InferOutput<typeof CreateDiscountCodeSchema>;

/** POST /api/admin/discounts/:code/pause|resume|end: an optional note kept with the change. */
export const DiscountCodeChangeSchema = v.object(
  {
    reason: v.optional(
      v.pipe(
        v.string('The note must be text'),
        ownerText('The note'),
        v.trim(),
        v.maxLength(500, 'The note is too long'),
      ),
    ),
  },
  'Send a JSON object (it may be empty)',
);
export type DiscountCodeChangeBody = v.InferInput<typeof DiscountCodeChangeSchema>;

/** POST /api/discounts/check: what the cart holds, and the e-mail when it is known (for once-per-address codes). */
export const DiscountCheckRequestSchema = v.object(
  {
    code: v.pipe(DiscountCodeTextSchema, v.minLength(1, discountMessages.enterCode)),
    items: v.pipe(
      v.array(
        v.object({
          bookId: v.pipe(
            v.number('bookId must be a number'),
            v.integer('bookId must be a whole number'),
            v.minValue(1, 'bookId must be positive'),
          ),
          quantity: v.pipe(
            v.number('Quantity must be a number'),
            v.integer('Quantity must be a whole number'),
            v.minValue(1, 'Quantity must be at least 1'),
          ),
        }),
        'items must be a list',
      ),
      v.minLength(1, 'Your cart is empty'),
      v.maxLength(20, 'Too many lines in one cart'),
    ),
    email: v.optional(v.pipe(v.string('The e-mail must be text'), v.trim(), v.maxLength(254, 'Email is too long'))),
  },
  'Send a JSON object with the code and the cart’s items',
);
export type DiscountCheckRequest = v.InferInput<typeof DiscountCheckRequestSchema>;

/** The answer to a code the cart may use: pence, before delivery. */
export type DiscountCheckResponse = {
  /** the code as the shop keys it (trimmed, upper-case) */
  code: string;
  /** "10% off" / "£5.00 off" */
  description: string;
  /** pence the code takes off this basket (capped at the basket) */
  discount: number;
  /** the basket after the bundle saving, before the code */
  subtotal: number;
  /** the basket after the code: subtotal − discount, before delivery */
  total: number;
  /** the bundle saving already in `subtotal` (0 without one) */
  bundleSaving: number;
};

export const discountStatuses = ['scheduled', 'active', 'paused', 'ended', 'expired', 'used-up'] as const;
export type DiscountStatus = (typeof discountStatuses)[number];

/** One code on the owner's screen. Instants are ISO strings; pence and counts are integers. */
export type DiscountCodeSummary = {
  code: string;
  kind: DiscountKind;
  amount: number;
  description: string;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  oncePerEmail: boolean;
  minimumBasket: number;
  status: DiscountStatus;
  /** orders placed with it */
  redeemed: number;
  /** checkouts holding a use now */
  held: number;
  createdAt: string;
  createdBy: string;
  reason: string | null;
};

/** A placed order that used a code. `overLimit`/`repeatEmail`: paid for although the limit was reached meanwhile. */
export type DiscountUseView = {
  orderId: string;
  orderNumber: string;
  /** pence taken off */
  amount: number;
  at: string;
  overLimit: boolean;
  repeatEmail: boolean;
};

/** A checkout holding a use until it is paid, abandoned or its page expires (`until`). */
export type DiscountHoldView = { checkoutId: string; since: string; until: string };

export type DiscountCodeListResponse = { codes: DiscountCodeSummary[] };
export type DiscountCodeDetailResponse = DiscountCodeSummary & { uses: DiscountUseView[]; holds: DiscountHoldView[] };

/**
 * Why a checkout gave its use back: cancelled by the shopper, its payment failed, its page never opened, or its page was
 * ended early because the owner released (or, with Stripe, a payer took over) its stock hold.
 */
export const discountReleaseReasons = ['cancelled', 'payment-failed', 'not-started', 'page-ended'] as const;
