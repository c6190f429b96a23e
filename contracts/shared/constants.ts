// The shop's business constants, timings and status sets, named once.

export const timings = {
  splashMs: 3000,
  cartCheckoutGuardMs: 30_000,
  ordersRefreshMs: 60_000,
  /** how often the console looks again at an order while a refund on it waits for the payment provider */
  refundProgressMs: 1000,
  addedToCartMs: 2000,
  contactSendDelayMs: 2000,
  toastMs: 5000,
  toastRemoveDelayMs: 1_000_000,
  toastSwipeThresholdPx: 50,
  loadingCycleS: 1.5,
  heroAnimationS: 0.6,
  cardFadeS: 0.8,
  cardFadeDelayS: 0.2,
  tooltipDelayMs: 700,
  tooltipSkipMs: 300,
  tooltipOffsetPx: 4,
} as const;

export const layout = {
  mobileBreakpointPx: 768,
  headerShadowScrollPx: 10,
} as const;

export const toastHotkey = 'F8';

export const orderStatuses = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/** Orders saved after a successful card payment carry this status, outside the list above. */
export const placedAfterCardPaymentStatus = 'completed' as const;
export const anyOrderStatuses = [...orderStatuses, placedAfterCardPaymentStatus] as const;
export type AnyOrderStatus = (typeof anyOrderStatuses)[number];
/**
 * The default of a switch over a status: with every status handled `status` is `never` here, so a status added to the
 * list above fails to compile until each switch says what it means (contracts/orders/statusExhaustive.test.ts).
 */
export function unhandledStatus(status: never): never {
  throw new Error(`Unhandled order status: ${String(status)}`);
}

export const reviewStatuses = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const rating = { min: 1, max: 5, default: 5 } as const;

export const quantity = { min: 1, max: 10 } as const;

/** What every book costs: the books section and the cart show it, and the server charges it, whatever the catalog lists. */
export const fixedBookPricePence = 999;
export const defaultCountry = 'GB';
export const orderNumberPrefix = 'AH-';

/** "AH-" + the last 8 characters of a session or payment id. */
export function orderNumberFrom(reference: string): string {
  return orderNumberPrefix + reference.slice(-8);
}
