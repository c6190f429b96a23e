// The cart drawer's "Proceed to Checkout": wires checkOutCart to the server, the cart and the browser.
import { useCallback, useSyncExternalStore } from 'react';
import { checkoutApi } from '../../../../../contracts/checkout/api.ts';
import { call } from '../../../lib/api.ts';
import { checkOutCart, createCheckoutGuard, type CartCheckoutRequest, type CartCheckoutResponse } from './cartCheckout.ts';
import type { Cart } from './cart.ts';
import { dispatchCart } from './cartStore.ts';

// One guard and one busy flag for the whole page, so a reopened drawer or a second button sees the running checkout.
const guard = createCheckoutGuard();
let busy = false;
const listeners = new Set<() => void>();

function setBusy(next: boolean) {
  busy = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    guard.release();
    setBusy(false);
  });
}

export function useCartCheckout(cart: Cart): { checkout: () => void; busy: boolean } {
  const isBusy = useSyncExternalStore(subscribe, () => busy, () => false);
  const checkout = useCallback(() => {
    void checkOutCart(cart, {
      guard,
      post: (body: CartCheckoutRequest): Promise<CartCheckoutResponse> => call(checkoutApi.cartCheckout, { body }),
      clearCart: () => dispatchCart({ type: 'clear' }),
      goTo: (url) => window.location.assign(url),
      setBusy,
      logError: (message, detail) => console.error(message, detail),
    });
  }, [cart]);
  return { checkout, busy: isBusy };
}
