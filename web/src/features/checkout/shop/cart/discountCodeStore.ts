// The discount code the shopper applied to the cart: kept in local storage beside the cart (cartStore.ts), so it
// survives a reload and the trip to the payment page and back, and kept in step across tabs. It is only the code as
// typed: what it takes off is asked of the server each time the cart changes, never worked out here.
import { useSyncExternalStore } from 'react';
import { isDiscountCode } from '#contracts/discounts/model.ts';

export const discountCodeStorageKey = 'cartDiscountCode';

/** Only a code as the shop keys it is kept; anything else stored (a hand-edited value) is no code. */
const storable = (value: string | null): string | null => (value !== null && isDiscountCode(value) ? value : null);

function readStorage(): string | null {
  try {
    return storable(localStorage.getItem(discountCodeStorageKey));
  } catch {
    return null;
  }
}

let code: string | null | undefined;
const listeners = new Set<() => void>();

function current(): string | null {
  if (code === undefined) code = readStorage();
  return code;
}

function publish(next: string | null) {
  code = next;
  for (const listener of listeners) listener();
}

/** Applies `next` to the cart (null: removes the code). */
export function setDiscountCode(next: string | null) {
  if (next === current()) return;
  try {
    if (next === null) localStorage.removeItem(discountCodeStorageKey);
    else localStorage.setItem(discountCodeStorageKey, next);
  } catch {
    // Private mode or a full quota: the code still applies on this page, it just will not survive a reload.
  }
  publish(next);
}

function fromOtherTab(event: StorageEvent) {
  if (event.key === discountCodeStorageKey || event.key === null) publish(readStorage());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', fromOtherTab);
  };
}

export function useDiscountCode(): string | null {
  return useSyncExternalStore(subscribe, current, () => null);
}

/** The code as it is sent: once from the store, outside React (the checkout reads it when it starts). */
export const appliedDiscountCode = (): string | null => current();
