// The shopper's cart: lines of bookId, title, price (pence) and quantity; the same book merges
// into one line, a quantity of 0 or less removes the line, and a line never holds more than 10.
import * as v from 'valibot';
import { quantity as quantityLimits } from '#contracts/shared/constants.ts';

export const CartLineSchema = v.object({
  bookId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  title: v.string(),
  /** unit price, integer pence */
  price: v.pipe(v.number(), v.integer(), v.minValue(0)),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(quantityLimits.min), v.maxValue(quantityLimits.max)),
});
export type CartLine = v.InferOutput<typeof CartLineSchema>;
export type Cart = readonly CartLine[];

export type CartAction =
  | { type: 'add'; line: CartLine }
  | { type: 'updateQuantity'; bookId: number; quantity: number }
  | { type: 'remove'; bookId: number }
  | { type: 'clear' };

const capped = (quantity: number) => Math.min(quantityLimits.max, quantity);

export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'add': {
      if (action.line.quantity < quantityLimits.min) return cart;
      const existing = cart.find((line) => line.bookId === action.line.bookId);
      if (!existing) return [...cart, { ...action.line, quantity: capped(action.line.quantity) }];
      return cart.map((line) =>
        line === existing ? { ...line, quantity: capped(line.quantity + action.line.quantity) } : line,
      );
    }
    case 'updateQuantity':
      if (action.quantity <= 0) return cart.filter((line) => line.bookId !== action.bookId);
      return cart.map((line) =>
        line.bookId === action.bookId ? { ...line, quantity: capped(action.quantity) } : line,
      );
    case 'remove':
      return cart.filter((line) => line.bookId !== action.bookId);
    case 'clear':
      return [];
  }
}

/** How many items the cart holds: the number on the header badge and in "Your Cart (count)". */
export function itemCount(cart: Cart): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0);
}

export function totalPence(cart: Cart): number {
  return cart.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

/** Reads a stored cart, dropping anything that is not a valid line (an old or hand-edited value). */
export function parseStoredCart(stored: string | null): Cart {
  if (!stored) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.reduce<Cart>((cart, candidate) => {
    const parsed = v.safeParse(CartLineSchema, candidate);
    return parsed.success ? cartReducer(cart, { type: 'add', line: parsed.output }) : cart;
  }, []);
}

/** The quantity picker's reading of what was typed: whole numbers are kept within 1–10, anything else is 1. */
export function parseQuantity(text: string): number {
  if (!/^\s*\d+\s*$/.test(text)) return quantityLimits.min;
  return Math.max(quantityLimits.min, capped(Number(text)));
}
