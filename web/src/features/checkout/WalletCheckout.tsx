// /apple-pay-checkout: the single book with a wallet payment button (Apple Pay / Google Pay through
// Stripe's Payment Request). Without a wallet the page says so and points to the form; in the sandbox (never a wallet)
// it also offers the test wallet, whose sheet behaves as a wallet's. Either sheet offers only the rate that fits the
// address it is given, and the server refuses any other (decision 073).
import type { PaymentRequest, PaymentRequestPaymentMethodEvent, Stripe } from '@stripe/stripe-js';
import { Button, Card, Flex, Heading, Link, Separator, Text } from '@radix-ui/themes';
import { Link as RouterLink } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { singleCheckoutBook, type PaymentIntentResponse } from '../../../../contracts/checkout/model.ts';
import { checkoutApi } from '../../../../contracts/checkout/api.ts';
import { formatPence } from '../../../../contracts/shared/money.ts';
import { cartShippingOptions, walletShippingRangeText } from '../../../../contracts/checkout/shipping.ts';
import {
  walletConfirmParams,
  walletSaveBody,
  walletShippingUpdate,
  walletTotal,
  type WalletPayment,
} from '../../../../contracts/checkout/walletPayment.ts';
import { call, serverMessage } from '../../lib/api.ts';
import { CheckoutLayout } from './CheckoutLayout.tsx';
import { loadStripeOnce, useLoadedPaymentsConfig } from './payments.ts';
import { SandboxWalletSheet, sandboxWalletCard, type SandboxWalletPaid } from './SandboxWalletSheet.tsx';
import { paymentFailed, setUpPayment, usePayment, useSaveOrder } from './usePayment.ts';

type Wallet =
  | { state: 'checking' }
  | { state: 'unavailable' }
  | { state: 'available'; stripe: Stripe; request: PaymentRequest; name: string };

const options = cartShippingOptions();

export function WalletCheckout() {
  const config = useLoadedPaymentsConfig();
  const [wallet, setWallet] = useState<Wallet>({ state: 'checking' });
  const payment = usePayment(paymentFailed);
  const saveOrder = useSaveOrder();

  useEffect(() => {
    if (config.provider !== 'stripe' || !config.publishableKey) {
      setWallet({ state: 'unavailable' });
      return;
    }
    let cancelled = false;
    void (async () => {
      const stripe = await loadStripeOnce(config.publishableKey!);
      if (!stripe || cancelled) return setWallet({ state: 'unavailable' });
      const request = stripe.paymentRequest({
        country: 'GB',
        currency: 'gbp',
        total: walletTotal(options[0]!.amount),
        requestPayerName: true,
        requestPayerEmail: true,
        requestShipping: true,
        shippingOptions: options.map(({ id, label, detail, amount }) => ({ id, label, detail, amount })),
      });
      const can = await request.canMakePayment();
      if (cancelled) return;
      if (!can) return setWallet({ state: 'unavailable' });
      // The address decides the rate: only the one that fits its country is offered, and the total follows it.
      request.on('shippingaddresschange', (event) =>
        event.updateWith(walletShippingUpdate(event.shippingAddress.country)),
      );
      request.on('shippingoptionchange', (event) =>
        event.updateWith({ status: 'success', total: walletTotal(event.shippingOption.amount) }),
      );
      request.on('paymentmethod', (event) => void pay(stripe, event));
      setWallet({ state: 'available', stripe, request, name: can.applePay ? 'Apple Pay' : 'Google Pay' });
    })();
    return () => {
      cancelled = true;
    };
    // One payment request per provider: `pay` reads nothing that changes between renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config]);

  async function pay(stripe: Stripe, event: PaymentRequestPaymentMethodEvent) {
    const option = options.find((o) => o.id === event.shippingOption?.id) ?? options[0]!;
    const started = await payment.run(async () => {
      let intent: PaymentIntentResponse;
      try {
        const country = event.shippingAddress?.country;
        intent = await setUpPayment({
          amount: singleCheckoutBook.price + option.amount,
          shippingOptionId: option.id,
          ...(country ? { country } : {}),
        });
      } catch (error) {
        event.complete('fail');
        throw error;
      }
      // The payer's name, e-mail and address go to the provider with the confirmation, so the payment itself carries
      // them whichever report (webhook, confirmation, orders/save) reaches the shop first.
      const paid: WalletPayment = {
        paymentMethodId: event.paymentMethod.id,
        payerName: event.payerName,
        payerEmail: event.payerEmail,
        shippingAddress: event.shippingAddress,
      };
      const first = await stripe.confirmCardPayment(intent.clientSecret, walletConfirmParams(paid), {
        handleActions: false,
      });
      if (first.error) {
        event.complete('fail');
        throw new Error(first.error.message);
      }
      event.complete('success');
      if (first.paymentIntent.status === 'requires_action') {
        const second = await stripe.confirmCardPayment(intent.clientSecret);
        if (second.error) throw new Error(second.error.message);
      }
      await saveOrder(
        walletSaveBody(paid, {
          paymentIntentId: intent.paymentIntentId,
          amount: intent.amount,
          bookTitle: singleCheckoutBook.title,
          bookPrice: singleCheckoutBook.price,
          shippingCost: option.amount,
        }),
      );
    });
    // The sheet of a second payment while one runs is told to fail.
    if (!started) event.complete('fail');
  }

  /** The test wallet's payment: set up at the sheet's rate and country, confirmed in the sandbox, then saved. */
  async function paySandbox(paid: SandboxWalletPaid) {
    await payment.run(async () => {
      const intent = await setUpPayment({
        amount: paid.total,
        shippingOptionId: paid.shippingOptionId,
        country: paid.country,
      });
      const { payment_method: _method, ...payer } = walletConfirmParams(paid.payment);
      try {
        await call(checkoutApi.sandboxConfirmIntent, {
          params: { id: intent.paymentIntentId },
          body: { clientSecret: intent.clientSecret, card: sandboxWalletCard, ...payer },
        });
      } catch (error) {
        throw new Error(serverMessage(error) || paymentFailed.fallback, { cause: error });
      }
      await saveOrder(
        walletSaveBody(paid.payment, {
          paymentIntentId: intent.paymentIntentId,
          amount: intent.amount,
          bookTitle: singleCheckoutBook.title,
          bookPrice: singleCheckoutBook.price,
          shippingCost: paid.total - singleCheckoutBook.price,
        }),
      );
    });
  }

  return (
    <CheckoutLayout title="Quick Checkout">
      <Card size="3" style={{ maxWidth: 520 }}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="5">
            {singleCheckoutBook.title}
          </Heading>
          <Flex justify="between">
            <Text>Price</Text>
            <Text weight="bold">{formatPence(singleCheckoutBook.price)}</Text>
          </Flex>
          <Flex justify="between">
            <Text color="gray">Shipping</Text>
            <Text color="gray">{walletShippingRangeText}</Text>
          </Flex>
          <Separator size="4" />
          {wallet.state === 'checking' && <Text color="gray">Checking for a wallet on this device...</Text>}
          {wallet.state === 'available' && (
            <Button size="4" highContrast onClick={() => wallet.request.show()}>
              Pay with {wallet.name}
            </Button>
          )}
          {wallet.state === 'unavailable' && (
            <Flex direction="column" gap="1" role="status">
              <Text weight="medium">Apple Pay is not available on this device.</Text>
              <Text color="gray">
                <Link asChild>
                  <RouterLink to="/custom-checkout">Please use the regular checkout form.</RouterLink>
                </Link>
              </Text>
            </Flex>
          )}
          {wallet.state === 'unavailable' && config.provider === 'sandbox' && (
            <SandboxWalletSheet busy={payment.processing} onPay={paySandbox} />
          )}
        </Flex>
      </Card>
    </CheckoutLayout>
  );
}
