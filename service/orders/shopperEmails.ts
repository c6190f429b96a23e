// One e-mail per thing that happened (decision 112): which events of an order write to the shopper, and which are told
// inside another's e-mail instead. The reactions read this table; the decision record repeats it.
import type { DomainEvent } from '../../contracts/shared/events.ts';
import type { SentEmailKind } from '../../contracts/checkout/model.ts';

/**
 * What an event does for the shopper's inbox: `emails` the kind it makes due; `foldsInto` the event whose e-mail tells
 * it instead, when `folds` holds for it on the order's stream (then it sends nothing of its own).
 */
export type ShopperEmailRule = {
  emails: SentEmailKind | null;
  foldsInto?: { event: string; folds: (event: DomainEvent, orderEvents: readonly DomainEvent[]) => boolean };
  why: string;
};

/** Whether the refund `event` names is one of the refunds an accepted cancellation asked for. */
export const refundOfAcceptedRequest = (event: DomainEvent, orderEvents: readonly DomainEvent[]): boolean => {
  const refundId = (event.data as { refundId?: string }).refundId;
  return (
    refundId !== undefined &&
    orderEvents.some(
      (e) => e.type === 'ShopperRequestAccepted' && (e.data as { refundIds: string[] }).refundIds.includes(refundId),
    )
  );
};

export const shopperEmailRules = {
  OrderPlaced: {
    emails: 'order-confirmation',
    why: 'the order and what was paid; for a payment that does not match, payment-mismatch-to-shopper instead (decision 102)',
  },
  OrderCustomerDetailsAdded: {
    emails: 'order-confirmation',
    why: 'the confirmation, when the order had no address to write to before',
  },
  OrderFlagCleared: { emails: 'order-confirmation', why: 'the owner accepted the payment: the confirmation now' },
  OrderShipmentRecorded: { emails: 'order-shipped', why: 'the parcel is on its way, with its tracking' },
  OrderLinkRequested: { emails: 'order-link', why: 'the fresh link the shopper asked for' },
  CancellationRequested: { emails: 'cancellation-requested', why: 'we have the request' },
  ReturnRequested: { emails: 'return-requested', why: 'we have the request' },
  ShopperRequestAccepted: {
    emails: 'request-accepted',
    why: 'the answer; for a cancellation, its items, every amount refunded and the total',
  },
  ShopperRequestDeclined: { emails: 'request-declined', why: 'the answer, with why' },
  PublicationDateChanged: {
    emails: 'preorder-date-changed',
    why: 'each pre-order waiting for a copy then, once: the new date and a one-click cancel for a full refund (decision 132)',
  },
  RefundRequested: { emails: null, why: 'nothing is paid back yet: the shopper hears once the provider pays it' },
  RefundSucceeded: {
    emails: 'refund-confirmation',
    foldsInto: { event: 'ShopperRequestAccepted', folds: refundOfAcceptedRequest },
    why: 'a refund the owner made; one a cancellation asked for is in the cancellation e-mail already',
  },
} as const satisfies Record<string, ShopperEmailRule>;

export type ShopperEmailEvent = keyof typeof shopperEmailRules;

/** Whether `event` e-mails the shopper on its own, by the table: false when it sends none or folds into another. */
export function emailsOnItsOwn(event: DomainEvent & { type: ShopperEmailEvent }, orderEvents: readonly DomainEvent[]) {
  const rule: ShopperEmailRule = shopperEmailRules[event.type];
  if (rule.emails === null) return false;
  return !rule.foldsInto?.folds(event, orderEvents);
}
