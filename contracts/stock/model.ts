// Stock per product: its events, the owner's requests, the answers the storefront and the admin read, and the texts
// both show. A product's stock is counted only once the owner has recorded some (see docs/decisions/040).
import * as v from 'valibot';
import { ownerText } from '../shared/ownerText.ts';
import { orderNumberFrom } from '../shared/constants.ts';

export { lowStockThreshold, stockTexts, type StockLevel, type StockLevelsResponse } from './levels.ts';

/**
 * How a started checkout holds copies (decision 061). Its payment page (the sandbox's and Stripe's alike) expires
 * `minutes` after the start; the hold lasts `graceMinutes` longer, for the provider's report of a payment made in the
 * page's last moments. A hold never stops anyone from buying: it only says who is served first. The caps bound what
 * one address, and all checkouts together, may hold of one product at once; a checkout past a cap starts without a
 * hold and can still buy what is free when it pays. Each is configurable (STOCK_HOLD_MINUTES, STOCK_HOLD_PER_ADDRESS,
 * STOCK_HOLD_PER_PRODUCT).
 */
export const holdDefaults = { minutes: 30, graceMinutes: 2, copiesPerAddress: 10, copiesPerProduct: 20 } as const;
/** Stripe's bounds on a checkout session's `expires_at`: 30 minutes to 24 hours after it is made. */
export const holdMinutesRange = { min: 30, max: 24 * 60 } as const;
/** How long a secured hold (its payment is being taken) is kept at least, even when the page's hold was about to end. */
export const securedMinutes = 5;
/**
 * How long the copies of a payment that settles later stay held while it does (decision 105): Stripe's slowest methods
 * for a UK shop (Bacs Direct Debit, SEPA Direct Debit) settle within 14 days; past that the hold ends as any other does.
 */
export const processingHoldDays = 14;

export type HoldCaps = { copiesPerAddress: number; copiesPerProduct: number };

/** What a shopper is told when the cart asks for more than is on the shelf (409). */
export function notEnoughStockMessage(title: string, available: number): string {
  if (available <= 0) return `Sorry, "${title}" is out of stock. Please remove it from your cart.`;
  return `Sorry, only ${available} ${available === 1 ? 'copy' : 'copies'} of "${title}" ${available === 1 ? 'is' : 'are'} left. Please lower the quantity in your cart.`;
}

/** A paying shopper found the copies their checkout asked for gone to shoppers who paid first (409, nothing charged). */
export function takenWhilePayingMessage(title: string, available: number): string {
  const left =
    available <= 0
      ? `"${title}" has sold out`
      : `only ${available} ${available === 1 ? 'copy' : 'copies'} of "${title}" ${available === 1 ? 'is' : 'are'} left`;
  return `Sorry, ${left}: other shoppers paid first while this checkout was open. Your card has not been charged.`;
}

/** Why a hold was ended by someone other than its own checkout. */
export const holdReleaseReasons = ['owner', 'taken-over', 'payment-failed'] as const;
export type HoldReleaseReason = (typeof holdReleaseReasons)[number];

// --- the owner's requests ---------------------------------------------------------------------------------------------

export const maxStockQuantity = 100_000;
export const maxStockText = 500;

/** POST /api/admin/stock/{bookId}/received */
export const StockReceivedSchema = v.object(
  {
    quantity: v.pipe(
      v.number('Quantity must be a whole number'),
      v.integer('Quantity must be a whole number'),
      v.minValue(1, 'Quantity must be at least 1'),
      v.maxValue(maxStockQuantity, `Quantity must be at most ${maxStockQuantity}`),
    ),
    note: v.optional(
      v.pipe(
        v.string('Note must be text'),
        ownerText('The note'),
        v.trim(),
        v.maxLength(maxStockText, `Note must be at most ${maxStockText} characters`),
      ),
      '',
    ),
  },
  'Send a JSON object with a quantity',
);
export type StockReceivedBody = v.InferInput<typeof StockReceivedSchema>;

/** POST /api/admin/stock/{bookId}/corrections: copies found (+) or lost, damaged, given away (−), and why. */
export const StockCorrectionSchema = v.object(
  {
    delta: v.pipe(
      v.number('Change must be a whole number'),
      v.integer('Change must be a whole number'),
      v.check((n) => n !== 0, 'Change must not be 0'),
      v.minValue(-maxStockQuantity, `Change must be at least -${maxStockQuantity}`),
      v.maxValue(maxStockQuantity, `Change must be at most ${maxStockQuantity}`),
    ),
    reason: v.pipe(
      v.optional(v.string('Reason must be text'), ''),
      ownerText('The reason'),
      v.trim(),
      v.minLength(1, 'Say why the stock is corrected'),
      v.maxLength(maxStockText, `Reason must be at most ${maxStockText} characters`),
    ),
  },
  'Send a JSON object with a change and a reason',
);
export type StockCorrectionBody = v.InferInput<typeof StockCorrectionSchema>;

/** A book id as it appears in a path; anything else names no product (404). */
export const stockBookIdPattern = /^[1-9]\d{0,8}$/;

// --- the answers ------------------------------------------------------------------------------------------------------

export type StockMovement = {
  kind: 'received' | 'corrected' | 'sold' | 'returned' | 'shortfall';
  quantity: number;
  /** the note or reason the owner gave, or the order concerned */
  detail: string;
  by: string;
  at: string;
};

/** Movements whose detail starts with the order concerned: its id, which the screen shows as the AH- number. */
const byOrder: readonly StockMovement['kind'][] = ['sold', 'returned', 'shortfall'];

/**
 * A movement's note as the owner reads it: the order it concerns named by the AH- number the customer quotes (and its
 * id, to link to it), not the payment's id it is kept under; the owner's own notes as written.
 */
export function movementNote(movement: Pick<StockMovement, 'kind' | 'detail'>): {
  orderId?: string;
  orderNumber?: string;
  text: string;
} {
  if (!byOrder.includes(movement.kind)) return { text: movement.detail };
  const [first = '', ...rest] = movement.detail.split(' ');
  if (!/^[A-Za-z0-9_-]{8,100}$/.test(first)) return { text: movement.detail };
  return { orderId: first, orderNumber: orderNumberFrom(first), text: rest.join(' ') };
}

export type StockShortfallEntry = { orderId: string; quantity: number; at: string };

/** A checkout's hold as the owner sees it: how long it has held, and until when. */
export type StockHoldEntry = {
  checkoutId: string;
  quantity: number;
  /** when the hold was made ('' for reservations recorded before holds kept it) */
  since: string;
  /** seconds since then, at the moment of reading */
  ageSeconds: number;
  expiresAt: string;
  /** its payment is being taken: no other payer can take these copies */
  secured: boolean;
};

/** A checkout id as it appears in a path. */
export const holdCheckoutIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type AdminStockProduct = {
  bookId: number;
  title: string;
  /** false until the owner records stock: the product then sells without limit */
  tracked: boolean;
  /** copies the shop holds that no order has taken */
  onHand: number;
  /** copies held by checkouts not yet paid */
  reserved: number;
  /** copies neither held by a checkout nor promised to a payment: what a new hold may take */
  available: number;
  /** what a shopper can still buy: on hand, less what payments being taken are promised (held copies can be bought) */
  forSale: number;
  /** the checkouts holding copies now, oldest first */
  holds: StockHoldEntry[];
  threshold: number;
  /** paid orders that found no stock: the owner must find copies or refund */
  shortfalls: StockShortfallEntry[];
  /** newest first, at most 20 */
  movements: StockMovement[];
};
/** GET /api/admin/stock */
export type AdminStockResponse = { products: AdminStockProduct[] };
/** POST received / corrections */
export type StockChangeResponse = { success: true; message: string; product: AdminStockProduct };
