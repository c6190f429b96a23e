// The cart drawer's "Proceed to Checkout": wires checkOutCart to the server, the cart and the browser.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { checkoutApi } from '#contracts/checkout/api.ts';
import { discountsApi } from '#contracts/discounts/api.ts';
import { discountMessages } from '#contracts/discounts/model.ts';
import { stockLevelsApi } from '#contracts/stock/levels.ts';
import { toast } from '../../../../components/toast/toasts.ts';
import { ApiError, call, serverMessage, urlFor } from '../../../../lib/api.ts';
import {
  checkOutCart,
  createCheckoutGuard,
  type CartCheckoutRequest,
  type CartCheckoutResponse,
} from './cartCheckout.ts';
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

const codeRefusals: readonly string[] = [
  discountMessages.notValid,
  discountMessages.usedUp,
  discountMessages.oncePerEmail,
];
/** The words the minimum-basket refusal starts with, before its amount. */
const minimumBasketRefusal = discountMessages.minimumBasket(0).split('£')[0]!;
/** Whether the server's refusal is about the discount code rather than the books (decision 075). */
const isCodeRefusal = (message: string) => codeRefusals.includes(message) || message.startsWith(minimumBasketRefusal);

/**
 * The server refuses a cart whose discount code it will not take (the shopper is told why, and the cart's code is
 * checked again, so the drawer says so too), and (409) one that asks for more copies than are left (the shopper is
 * told what is left, and the books' stock notices are read again). Every other failure stays as it was (logged only).
 */
function tellOfRefusal(error: unknown, queryClient: QueryClient): never {
  const message = serverMessage(error);
  if (error instanceof ApiError && message !== undefined && isCodeRefusal(message)) {
    toast({ title: 'Discount Code Not Accepted', description: message, variant: 'destructive' });
    void queryClient.invalidateQueries({ queryKey: [discountsApi.check.path] });
  } else if (error instanceof ApiError && error.status === 400 && message) {
    // A field the server refused (a gift's recipient, say): its reason, so the shopper can put it right.
    toast({ title: 'Please Check Your Details', description: message, variant: 'destructive' });
  } else if (error instanceof ApiError && error.status === 409) {
    toast({
      title: 'Not Enough Stock',
      description: message ?? 'Some books in your cart are no longer available.',
      variant: 'destructive',
    });
    void queryClient.invalidateQueries({ queryKey: [urlFor(stockLevelsApi.levels)] });
  }
  throw error;
}

export function useCartCheckout(
  cart: Cart,
  destination: string | null,
  discountCode: string | null,
  gift?: CartCheckoutRequest['gift'],
  parcels?: CartCheckoutRequest['parcels'],
): { checkout: () => void; busy: boolean } {
  const isBusy = useSyncExternalStore(
    subscribe,
    () => busy,
    () => false,
  );
  const queryClient = useQueryClient();
  const checkout = useCallback(() => {
    void checkOutCart(
      cart,
      {
        guard,
        post: (body: CartCheckoutRequest): Promise<CartCheckoutResponse> =>
          call(checkoutApi.cartCheckout, { body }).catch((error: unknown) => tellOfRefusal(error, queryClient)),
        clearCart: () => dispatchCart({ type: 'clear' }),
        goTo: (url) => window.location.assign(url),
        setBusy,
        logError: (message, detail) => console.error(message, detail),
      },
      destination,
      discountCode,
      gift,
      parcels,
    );
  }, [cart, destination, discountCode, gift, parcels, queryClient]);
  return { checkout, busy: isBusy };
}
