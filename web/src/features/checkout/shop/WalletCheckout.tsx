// /apple-pay-checkout: the single book with wallet payment buttons (Apple Pay / Google Pay through Stripe's Express
// Checkout Element, with the PaymentIntent made by the server at confirmation). Without a wallet the page says so and points to the form; in the sandbox (never a wallet)
// it also offers the test wallet, whose sheet behaves as a wallet's. Either sheet offers only the rate that fits the
// address it is given, and the server refuses any other (decision 073). A discount code applied on the page (decision
// 075) lowers the book's price the sheets show, by the server's answer, and goes with the rates and the payment.
import type {
  ShippingRate,
  Stripe,
  StripeElements,
  StripeExpressCheckoutElement,
  StripeExpressCheckoutElementConfirmEvent,
} from '@stripe/stripe-js';
import { Card, Flex, Heading, Link, Separator, Text } from '@radix-ui/themes';
import { Link as RouterLink } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { singleCheckoutBook, type PaymentIntentResponse } from '#contracts/checkout/model.ts';
import { checkoutApi } from '#contracts/checkout/api.ts';
import { formatPence } from '#contracts/shared/money.ts';
import type { ShippingOption } from '#contracts/checkout/shipping.ts';
import { deliveryOptionFor, oneItemRangeText, zoneOf } from '#contracts/checkout/shippingRates.ts';
import { useQuery } from '@tanstack/react-query';
import { DestinationSelect } from './DestinationSelect.tsx';
import { shippingRatesQuery, useShownDestination } from './shipping.ts';
import {
  walletConfirmParams,
  walletPayer,
  walletSaveBody,
  walletTotal,
  type WalletPayment,
} from '#contracts/checkout/walletPayment.ts';
import { call, serverMessage } from '../../../lib/api.ts';
import { CheckoutLayout } from './CheckoutLayout.tsx';
import { loadStripeOnce, useLoadedPaymentsConfig } from './payments.ts';
import { SandboxWalletSheet, sandboxWalletCard, type SandboxWalletPaid } from './SandboxWalletSheet.tsx';
import { paymentFailed, setUpPayment, usePayment, useSaveOrder } from './usePayment.ts';
import { GiftFields, giftRequestOf, missingRecipientFields, noGift, sendsToRecipient } from './GiftFields.tsx';
import { isoCountries } from '#contracts/shared/countries.ts';
import { CodeSavingLine, DiscountCodeField, usePageCode } from './DiscountCodeField.tsx';

type Wallet = { state: 'checking' } | { state: 'unavailable' } | { state: 'available' };

const lines = [{ bookId: singleCheckoutBook.id, quantity: 1 }];
/** Where a payer's own address may be when the parcel goes to someone else: any country (decision 110). */
const everyCountry = [...isoCountries.keys()];
/** A shop rate as the Express Checkout Element shows it: the option's name, with its detail as the delivery estimate. */
const rateOf = (o: Pick<ShippingOption, 'id' | 'label' | 'detail' | 'amount'>): ShippingRate => ({
  id: o.id,
  displayName: o.label,
  amount: o.amount,
  deliveryEstimate: o.detail,
});

export function WalletCheckout() {
  const config = useLoadedPaymentsConfig();
  const [wallet, setWallet] = useState<Wallet>({ state: 'checking' });
  const host = useRef<HTMLDivElement>(null);
  const payment = usePayment(paymentFailed);
  const saveOrder = useSaveOrder();
  const applied = usePageCode(lines);
  const codeAnswer = applied.code !== null && applied.check.isSuccess ? applied.check.data : null;
  // The book's price after the code, as the server answered; the Express Checkout Element's handlers read it when
  // they run, so they keep up with a code applied or removed after the element was made.
  const book = {
    code: codeAnswer ? codeAnswer.code : null,
    price: codeAnswer ? codeAnswer.total : singleCheckoutBook.price,
  };
  // The destination chosen on the page (decision 099): its rate and total, and the countries its zone takes, are the
  // live table's; the sheet's address must be in that zone.
  const table = useQuery(shippingRatesQuery).data;
  const [shownDestination] = useShownDestination();
  const [gift, setGift] = useState(noGift);
  // A gift sent to someone else goes, and is priced, where they live; the sheet's address is then the payer's own, in
  // any country (decision 110).
  const toRecipient = sendsToRecipient(gift);
  const destination = toRecipient ? gift.country : shownDestination;
  const delivery =
    table && destination ? deliveryOptionFor(table, destination, { items: 1, subtotal: book.price }) : null;
  const zoneCountries = (table && destination && zoneOf(table, destination)?.countries) || [];
  const ready = !missingRecipientFields(gift);
  const current = useRef({ ...book, delivery, zoneCountries, destination, toRecipient, ready });
  current.current = { ...book, delivery, zoneCountries, destination, toRecipient, ready };
  const elementsRef = useRef<StripeElements | null>(null);
  useEffect(() => {
    if (delivery) void elementsRef.current?.update({ amount: walletTotal(delivery.amount, book.price).amount });
  }, [book.price, delivery]);
  const currentGift = useRef(gift);
  currentGift.current = gift;
  // The code and the gift as they are when a handler runs.
  const withCode = () => ({
    ...(current.current.code === null ? {} : { discountCode: current.current.code }),
    ...(currentGift.current.isGift ? { gift: giftRequestOf(currentGift.current) } : {}),
  });

  useEffect(() => {
    if (config.provider !== 'stripe' || !config.publishableKey) {
      setWallet({ state: 'unavailable' });
      return;
    }
    let cancelled = false;
    let element: StripeExpressCheckoutElement | null = null;
    void (async () => {
      let stripe: Stripe | null = null;
      try {
        stripe = await loadStripeOnce(config.publishableKey!);
      } catch {
        stripe = null;
      }
      if (cancelled) return;
      if (!stripe || !host.current) return setWallet({ state: 'unavailable' });
      // Deferred intent creation: the Elements know the amount and currency; the server makes the PaymentIntent at
      // confirmation, at its own price for the rate that fits the address.
      // No list of types: the wallets and Link the account enables (decision 105).
      const elements = stripe.elements({
        mode: 'payment',
        amount: walletTotal(current.current.delivery?.amount ?? 0, current.current.price).amount,
        currency: 'gbp',
      });
      elementsRef.current = elements;
      const express = elements.create('expressCheckout');
      element = express;
      express.on('ready', (event) =>
        setWallet(event.availablePaymentMethods ? { state: 'available' } : { state: 'unavailable' }),
      );
      express.on('click', (event) => {
        const { delivery: chosen, zoneCountries: countries, toRecipient: gifted, ready: whole } = current.current;
        // No destination chosen yet, or a recipient not yet whole: the sheet does not open (the page asks first).
        if (!chosen || !whole) return;
        // A gift to someone else: its address is on the page, so the sheet asks for the payer's billing address and
        // shows the delivery as a line of its own (decision 110).
        if (gifted) {
          event.resolve({
            emailRequired: true,
            billingAddressRequired: true,
            lineItems: [
              { name: singleCheckoutBook.title, amount: current.current.price },
              { name: chosen.label, amount: chosen.amount },
            ],
          });
          return;
        }
        event.resolve({
          emailRequired: true,
          shippingAddressRequired: true,
          allowedShippingCountries: countries,
          lineItems: [{ name: singleCheckoutBook.title, amount: current.current.price }],
          shippingRates: [rateOf(chosen)],
        });
      });
      // The address decides the rate: the server answers with only the one that fits its country, and the total.
      express.on('shippingaddresschange', (event) => {
        void call(checkoutApi.walletShippingRates, { body: { country: event.address.country, ...withCode() } }).then(
          (update) => {
            if (update.status !== 'success') return event.reject();
            void elements.update({ amount: update.total.amount });
            event.resolve({ shippingRates: update.shippingOptions.map(rateOf) });
          },
          () => event.reject(),
        );
      });
      express.on('shippingratechange', (event) => {
        void elements.update({ amount: walletTotal(event.shippingRate.amount, current.current.price).amount });
        event.resolve();
      });
      express.on('confirm', (event) => void pay(stripe, elements, event));
      express.mount(host.current);
    })();
    return () => {
      cancelled = true;
      element?.destroy();
      elementsRef.current = null;
    };
    // One Express Checkout Element per provider: `pay` reads nothing that changes between renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config]);

  async function pay(stripe: Stripe, elements: StripeElements, event: StripeExpressCheckoutElementConfirmEvent) {
    const option = event.shippingRate
      ? { id: event.shippingRate.id, amount: event.shippingRate.amount }
      : (current.current.delivery ?? { id: '', amount: 0 });
    // Without a sheet's delivery address (a gift sent to someone else), the payer's billing address is their own.
    const address =
      event.shippingAddress ??
      (event.billingDetails?.address
        ? { name: event.billingDetails.name, address: event.billingDetails.address }
        : undefined);
    const paid: WalletPayment = {
      paymentMethodId: '',
      payerName: event.billingDetails?.name,
      payerEmail: event.billingDetails?.email,
      shippingAddress: address
        ? {
            recipient: address.name,
            addressLine: [address.address.line1, address.address.line2 ?? ''],
            city: address.address.city,
            postalCode: address.address.postal_code,
            country: address.address.country,
          }
        : null,
    };
    const started = await payment.run(async () => {
      const submitted = await elements.submit();
      if (submitted.error) {
        event.paymentFailed();
        throw new Error(submitted.error.message);
      }
      let intent: PaymentIntentResponse;
      try {
        const country = current.current.toRecipient
          ? current.current.destination
          : (address?.address.country ?? current.current.destination);
        intent = await setUpPayment({
          amount: current.current.price + option.amount,
          shippingOptionId: option.id,
          ...(country ? { country } : {}),
          ...walletPayer(paid),
          ...withCode(),
        });
      } catch (error) {
        event.paymentFailed({ reason: 'invalid_shipping_address' });
        throw error;
      }
      // The payer's name and address go to the provider with the confirmation, so the payment itself carries them
      // whichever report (webhook, confirmation, orders/save) reaches the shop first; the e-mail went with the intent's
      // request, never as Stripe's `receipt_email` (decision 105). A method that leaves the page comes back to the
      // order's success screen with the intent named.
      const { payment_method: _method, ...payer } = walletConfirmParams(paid);
      const result = await stripe.confirmPayment({
        elements,
        clientSecret: intent.clientSecret,
        confirmParams: { ...payer, return_url: new URL('/order-success', window.location.origin).toString() },
        redirect: 'if_required',
      });
      if (result.error) {
        event.paymentFailed();
        throw new Error(result.error.message);
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
    // A second payment while one runs is told it failed.
    if (!started) event.paymentFailed();
  }

  /** The test wallet's payment: set up at the sheet's rate and country, confirmed in the sandbox, then saved. */
  async function paySandbox(paid: SandboxWalletPaid) {
    await payment.run(async () => {
      const intent = await setUpPayment({
        amount: paid.total,
        shippingOptionId: paid.shippingOptionId,
        country: current.current.toRecipient ? (current.current.destination ?? paid.country) : paid.country,
        ...walletPayer(paid.payment),
        ...withCode(),
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
          shippingCost: paid.total - current.current.price,
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
          {codeAnswer && <CodeSavingLine answer={codeAnswer} />}
          <Flex justify="between">
            <Text color="gray">Shipping</Text>
            <Text color="gray" data-testid="wallet-shipping-range">
              {table ? oneItemRangeText(table, book.price) : ''}
            </Text>
          </Flex>
          {!toRecipient && <DestinationSelect />}
          {delivery && (
            <Flex justify="between">
              <Text color="gray">{`Shipping (${delivery.label})`}</Text>
              <Text color="gray" data-testid="wallet-shipping">
                {formatPence(delivery.amount)}
              </Text>
            </Flex>
          )}
          {delivery && (
            <Flex justify="between">
              <Text weight="bold">Total</Text>
              <Text weight="bold" data-testid="wallet-total">
                {formatPence(book.price + delivery.amount)}
              </Text>
            </Flex>
          )}
          <DiscountCodeField lines={lines} applied={applied} />
          <GiftFields value={gift} onChange={setGift} startCountry={shownDestination} />
          <Separator size="4" />
          {wallet.state === 'checking' && <Text color="gray">Checking for a wallet on this device...</Text>}
          {/* Stripe's Express Checkout Element: the wallet buttons the device has, shown once it says which. */}
          <div ref={host} style={{ display: wallet.state === 'unavailable' ? 'none' : 'block' }} />
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
            <SandboxWalletSheet
              busy={payment.processing || !ready}
              onPay={paySandbox}
              discountCode={book.code}
              countries={toRecipient ? everyCountry : zoneCountries}
              {...(toRecipient && destination ? { deliverTo: destination } : {})}
            />
          )}
        </Flex>
      </Card>
    </CheckoutLayout>
  );
}
