// Checking out the cart: one checkout at a time, guarded for 30 s at most; on success the cart is emptied (its
// discount code is kept until the payment succeeds) and the browser goes to the hosted payment page; on failure the
// cart stays and it is logged (what the shopper is told is up to the caller's post).
import type { checkoutApi } from '#contracts/checkout/api.ts';
import { timings } from '#contracts/shared/constants.ts';
import type { BodyOf } from '#contracts/shared/endpoint.ts';
import type { Cart } from './cart.ts';

export type CheckoutGuard = {
  /** Takes the guard; false when a checkout already holds it. */
  tryStart(): boolean;
  release(): void;
  readonly running: boolean;
};

type Timers = { set(run: () => void, ms: number): unknown; clear(handle: unknown): void };
const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createCheckoutGuard(
  resetAfterMs: number = timings.cartCheckoutGuardMs,
  timers: Timers = realTimers,
): CheckoutGuard {
  let running = false;
  let resetTimer: unknown = null;
  const release = () => {
    running = false;
    if (resetTimer !== null) timers.clear(resetTimer);
    resetTimer = null;
  };
  return {
    tryStart() {
      if (running) return false;
      running = true;
      // A checkout that never answers must not lock the cart for good.
      resetTimer = timers.set(release, resetAfterMs);
      return true;
    },
    release,
    get running() {
      return running;
    },
  };
}

/** The cart's lines as the server's checkout takes them (it prices them itself; title and price are only sent along). */
export type CartCheckoutRequest = BodyOf<typeof checkoutApi.cartCheckout>;
export type CartCheckoutResponse = { success?: boolean; url?: string; error?: string } | null;

export type CartCheckoutDeps = {
  guard: CheckoutGuard;
  post(body: CartCheckoutRequest): Promise<CartCheckoutResponse>;
  clearCart(): void;
  goTo(url: string): void;
  setBusy(busy: boolean): void;
  logError(message: string, detail?: unknown): void;
};

export type CartCheckoutOutcome = 'empty' | 'no-destination' | 'blocked' | 'redirected' | 'failed';

/**
 * Starts the cart's checkout to the destination the shopper chose (decision 099; none chosen: nothing starts), with
 * the discount code applied to the cart when there is one (the server decides it), and the gift when the shopper
 * ticked "This is a gift": its message, and its recipient when it goes to someone else, whose country is then the
 * destination (decision 110).
 */
export async function checkOutCart(
  cart: Cart,
  deps: CartCheckoutDeps,
  destination: string | null,
  discountCode: string | null = null,
  gift?: CartCheckoutRequest['gift'],
  /** one parcel or two, for a cart of pre-orders and books in stock (decision 131) */
  parcels?: CartCheckoutRequest['parcels'],
): Promise<CartCheckoutOutcome> {
  if (cart.length === 0) return 'empty';
  if (!destination) return 'no-destination';
  if (!deps.guard.tryStart()) return 'blocked';
  deps.setBusy(true);
  const body: CartCheckoutRequest = {
    items: cart.map(({ bookId, quantity, title, price }) => ({ bookId, quantity, title, price })),
    customerCountry: destination,
    ...(discountCode === null ? {} : { discountCode }),
    ...(gift ? { gift } : {}),
    ...(parcels ? { parcels } : {}),
  };
  try {
    const response = await deps.post(body);
    if (response?.success && response.url) {
      deps.clearCart();
      // The guard stays held while the browser leaves; page unload releases it.
      deps.goTo(response.url);
      return 'redirected';
    }
    deps.logError('Cart checkout failed', response?.error ?? response);
  } catch (error) {
    deps.logError('Cart checkout failed', error);
  }
  deps.setBusy(false);
  deps.guard.release();
  return 'failed';
}
