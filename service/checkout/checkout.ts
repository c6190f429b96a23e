// The checkout decider: a checkout is priced once, then either paid (completed) or abandoned (cancelled).
import type {
  CheckoutCancelled,
  CheckoutCompleted,
  CheckoutEvent,
  CheckoutPaymentFailed,
  CheckoutPaymentProcessing,
  CheckoutStarted,
} from '../../contracts/checkout/events.ts';
import type { Decider } from '../commands.ts';
import { conflict, notFound } from '../../contracts/shared/errors.ts';

export type CheckoutState =
  | { status: 'none' }
  | {
      status: 'started' | 'completed' | 'cancelled' | 'failed';
      started: CheckoutStarted['data'];
      /** paid with a method that settles later, its copies held until then (decision 105) */
      processing?: CheckoutPaymentProcessing['data'];
    };

export type CheckoutCommand =
  | { type: 'StartCheckout'; data: CheckoutStarted['data'] }
  | { type: 'CompleteCheckout'; data: CheckoutCompleted['data'] }
  | { type: 'CancelCheckout'; data: CheckoutCancelled['data'] }
  | { type: 'FailCheckoutPayment'; data: CheckoutPaymentFailed['data'] }
  | { type: 'MarkPaymentProcessing'; data: CheckoutPaymentProcessing['data'] };

export const checkoutDecider: Decider<CheckoutState, CheckoutCommand, CheckoutEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'CheckoutStarted':
        return { status: 'started', started: event.data };
      case 'CheckoutCompleted':
        return state.status === 'none' ? state : { ...state, status: 'completed' };
      case 'CheckoutCancelled':
        return state.status === 'none' ? state : { ...state, status: 'cancelled' };
      case 'CheckoutPaymentFailed':
        return state.status === 'none' || state.status === 'completed' ? state : { ...state, status: 'failed' };
      case 'CheckoutPaymentProcessing':
        return state.status === 'none' ? state : { ...state, processing: event.data };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    if (command.type === 'StartCheckout') {
      if (state.status !== 'none') throw conflict('This checkout has already started');
      return [{ type: 'CheckoutStarted', data: command.data }];
    }
    if (state.status === 'none') throw notFound('No such checkout');
    if (command.data.paymentReference !== state.started.paymentReference)
      throw conflict('That payment belongs to another checkout');
    if (command.type === 'CompleteCheckout') {
      // A shopper may come back and pay after cancelling once: the payment is what counts.
      return state.status === 'completed' ? [] : [{ type: 'CheckoutCompleted', data: command.data }];
    }
    if (command.type === 'MarkPaymentProcessing') {
      // Recorded once, while the checkout waits for its payment: the hold and the shopper's e-mail follow from it.
      return state.status === 'started' && !state.processing
        ? [{ type: 'CheckoutPaymentProcessing', data: command.data }]
        : [];
    }
    if (command.type === 'FailCheckoutPayment') {
      // Recorded once while the checkout waits for its payment; a paid checkout stays paid.
      return state.status === 'started' ? [{ type: 'CheckoutPaymentFailed', data: command.data }] : [];
    }
    return state.status === 'started' ? [{ type: 'CheckoutCancelled', data: command.data }] : [];
  },
};
