// What the three ways to pay share: the custom card form, the wallet button and Buy Now's purchase panel each run
// their steps through `usePayment`, which keeps the button busy and, when a step fails, says why in a toast with the
// server's own words when it sent any. The two card flows set up the payment and save the order with the same calls.
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import { checkoutApi } from '#contracts/checkout/api.ts';
import type { OrderNumberResponse, PaymentIntentResponse } from '#contracts/checkout/model.ts';
import type { BodyOf } from '#contracts/shared/endpoint.ts';
import { toast } from '../../../components/toast/toasts.ts';
import { call, serverMessage } from '../../../lib/api.ts';
import { keepPlacedOrder, keepProcessingPayment } from './placedOrders.ts';

type SaveOrderRequest = BodyOf<typeof checkoutApi.saveOrder>;

/** The payment could not be set up: nothing was charged. */
class PaymentSetupFailed extends Error {}

/** Asks the server for a payment intent (the card form's order, or the wallet sheet's total and shipping option); a
 * refusal throws with the server's message. */
export async function setUpPayment(
  body: BodyOf<typeof checkoutApi.createPaymentIntent>,
): Promise<PaymentIntentResponse> {
  try {
    return await call(checkoutApi.createPaymentIntent, { body });
  } catch (error) {
    throw new PaymentSetupFailed(serverMessage(error) || 'Unable to setup payment. Please try again later.');
  }
}

const postOrder = (body: SaveOrderRequest): Promise<OrderNumberResponse | null> =>
  call(checkoutApi.saveOrder, { body });

/** Saves the order for a confirmed card payment and answers its number; a refusal throws with the server's message. */
export async function saveOrder(body: SaveOrderRequest, post: typeof postOrder = postOrder): Promise<string> {
  let saved: OrderNumberResponse | null;
  try {
    saved = await post(body);
  } catch (error) {
    throw new Error(serverMessage(error) || 'Failed to save order', { cause: error });
  }
  if (!saved?.success) throw new Error('Failed to save order');
  if (saved.order) keepPlacedOrder(saved.order);
  // Paid with a method that settles later: no order yet, and the confirmation screen says so (decision 105).
  if (saved.processing) keepProcessingPayment(saved.orderNumber);
  return saved.orderNumber;
}

/** Saves the order for a confirmed card payment, then shows its confirmation. */
export function useSaveOrder(): (body: SaveOrderRequest) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (body) => {
      const orderNumber = await saveOrder(body);
      await navigate({ to: '/order-success', search: { orderNumber } });
    },
    [navigate],
  );
}

type Failure = { title: string; fallback: string };
/** A card or wallet payment that failed. */
export const paymentFailed: Failure = { title: 'Payment Failed', fallback: 'An error occurred during payment' };

/**
 * Runs a payment's steps one payment at a time. While they run `processing` is true; it stays so when they succeed,
 * since the page then moves on. A failed step shows a destructive toast: "Payment Setup Failed" when the payment could
 * not be set up, else `failure`'s title, with the error's message or `failure`'s fallback.
 */
export function usePayment(failure: Failure): {
  processing: boolean;
  run: (steps: () => Promise<void>) => Promise<boolean>;
} {
  const [processing, setProcessing] = useState(false);
  const running = useRef(false);
  const run = useCallback(
    async (steps: () => Promise<void>) => {
      if (running.current) return false;
      running.current = true;
      setProcessing(true);
      try {
        await steps();
      } catch (error) {
        running.current = false;
        setProcessing(false);
        const message = error instanceof Error ? error.message : '';
        if (error instanceof PaymentSetupFailed)
          toast({ title: 'Payment Setup Failed', description: message, variant: 'destructive' });
        else toast({ title: failure.title, description: message || failure.fallback, variant: 'destructive' });
      }
      return true;
    },
    [failure],
  );
  return { processing, run };
}
