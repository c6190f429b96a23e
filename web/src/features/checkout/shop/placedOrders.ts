// The order a card or wallet payment just placed, kept in this tab for its /order-success screen (decision 089). The
// server gives it only in answer to saving the order, to the page that holds the payment's id; the screen's address
// names the order by its number alone, so an order number typed in another tab or made up shows no order.
import type { OrderSummary } from '#contracts/checkout/model.ts';

const key = (orderNumber: string) => `placed-order:${orderNumber}`;

export function keepPlacedOrder(order: OrderSummary): void {
  try {
    sessionStorage.setItem(key(order.orderNumber), JSON.stringify(order));
  } catch {
    // Storage full or refused: the screen shows its words without the order.
  }
}

export function placedOrder(orderNumber: string): OrderSummary | null {
  try {
    const kept = sessionStorage.getItem(key(orderNumber));
    const order = kept ? (JSON.parse(kept) as OrderSummary) : null;
    return order && order.orderNumber === orderNumber && Array.isArray(order.items) ? order : null;
  } catch {
    return null;
  }
}

const processingKey = (orderNumber: string) => `processing-payment:${orderNumber}`;

/** The order's payment settles later (decision 105): its screen says "Payment Processing" until it is placed. */
export function keepProcessingPayment(orderNumber: string): void {
  try {
    sessionStorage.setItem(processingKey(orderNumber), '1');
  } catch {
    // Storage refused: the screen shows its usual words.
  }
}

export function paymentProcessing(orderNumber: string): boolean {
  try {
    return sessionStorage.getItem(processingKey(orderNumber)) === '1';
  } catch {
    return false;
  }
}
