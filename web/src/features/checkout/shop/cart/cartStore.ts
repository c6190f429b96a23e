// The one cart of this browser: kept in local storage so it survives a reload, shared by every component
// (header badge, drawer, add-to-cart blocks) and kept in step across tabs.
import { useSyncExternalStore } from 'react';
import { cartReducer, parseStoredCart, type Cart, type CartAction } from './cart.ts';

export const cartStorageKey = 'cart';

function readStorage(): Cart {
  try {
    return parseStoredCart(localStorage.getItem(cartStorageKey));
  } catch {
    return [];
  }
}

let cart: Cart | null = null;
const listeners = new Set<() => void>();

function current(): Cart {
  cart ??= readStorage();
  return cart;
}

function publish(next: Cart) {
  cart = next;
  for (const listener of listeners) listener();
}

export function dispatchCart(action: CartAction) {
  const next = cartReducer(current(), action);
  if (next === cart) return;
  try {
    localStorage.setItem(cartStorageKey, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the cart still works for this page, it just will not survive a reload.
  }
  publish(next);
}

function fromOtherTab(event: StorageEvent) {
  if (event.key === cartStorageKey || event.key === null) publish(readStorage());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', fromOtherTab);
  };
}

const empty: Cart = [];

export function useCart(): Cart {
  return useSyncExternalStore(subscribe, current, () => empty);
}
