// /custom-checkout: one story book at 999 pence, paid by card on the shop's own form, with a discount code if the
// shopper has one (decision 075): the server's check says what it takes off, and the payment is set up with it.
import { Button, Card, Flex, Heading, Separator, Text, TextField } from '@radix-ui/themes';
import { useCallback, useId, useRef, useState } from 'react';
import { singleCheckoutBook } from '#contracts/checkout/model.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { deliveryOptionFor } from '#contracts/checkout/shippingRates.ts';
import { useQuery } from '@tanstack/react-query';
import { shippingRatesQuery, useDestination } from './shipping.ts';
import { toast } from '../../../components/toast/toasts.ts';
import { CardField, type CardFieldHandle } from './CardField.tsx';
import { CheckoutLayout } from './CheckoutLayout.tsx';
import { useLoadedPaymentsConfig } from './payments.ts';
import { TestModeNotice } from './TestModeNotice.tsx';
import { ImportDutiesNotice } from './ImportDutiesNotice.tsx';
import { paymentFailed, setUpPayment, usePayment, useSaveOrder } from './usePayment.ts';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { CodeSavingLine, DiscountCodeField, usePageCode } from './DiscountCodeField.tsx';
import { GiftFields, giftRequestOf, missingRecipientFields, noGift } from './GiftFields.tsx';
import { AddressFields, blankAddress, usePostcodeCheck } from '../../../components/AddressFields.tsx';

const required = ['name', 'email', 'line1', 'city', 'postcode'] as const;
const lines = [{ bookId: singleCheckoutBook.id, quantity: 1 }];
const blank = { name: '', email: '', ...blankAddress };

export function CustomCheckout() {
  const id = useId();
  const config = useLoadedPaymentsConfig();
  const card = useRef<CardFieldHandle | null>(null);
  const [destination, setDestination] = useDestination();
  const [form, setForm] = useState(() => ({ ...blank, country: destination ?? blank.country }));
  const table = useQuery(shippingRatesQuery).data;
  const [gift, setGift] = useState(noGift);
  const payment = usePayment(paymentFailed);
  const saveOrder = useSaveOrder();
  const [ready, setReady] = useState(false);
  const [postcodeError, checkPostcode] = usePostcodeCheck();
  const onReady = useCallback((r: boolean) => setReady(r), []);
  const applied = usePageCode(lines);
  // With a code, the book's price is the server's answer (decision 075); the payment is priced by the server anyway.
  const codeAnswer = applied.code !== null && applied.check.isSuccess ? applied.check.data : null;
  const bookTotal = codeAnswer ? codeAnswer.total : singleCheckoutBook.price;
  // A gift sent to someone else goes, and is priced, where they live; the rate is the live table's (decision 099), and
  // without it there is no price and no payment.
  const deliverTo = gift.isGift && gift.separate ? gift.country : form.country;
  const shippingCost = table && deliveryOptionFor(table, deliverTo, { items: 1, subtotal: bookTotal })?.amount;
  // Until the parcel's rate is known there is no total to state: a book price shown as the total would be untrue.
  const total = shippingCost === undefined ? undefined : bookTotal + shippingCost;
  const set = (field: keyof typeof blank) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  function pay(event: React.FormEvent) {
    event.preventDefault();
    if (required.some((field) => !form[field].trim()) || missingRecipientFields(gift)) {
      toast({
        title: 'Missing Information',
        description: 'Please fill in all required fields',
        variant: 'destructive',
      });
      return;
    }
    // The same postcode rule the server applies (decision 089): said beside the field, and nothing is sent.
    if (!checkPostcode(form)) return;
    const shipping = {
      name: form.name,
      address: {
        line1: form.line1,
        line2: form.line2 || undefined,
        city: form.city,
        postal_code: form.postcode,
        country: form.country,
      },
    };
    if (shippingCost === undefined) return;
    void payment.run(async () => {
      if (!card.current) throw new Error('Card element not found');
      // Stripe checks the card's fields before the server is asked for a payment (deferred intent creation).
      const unfit = await card.current.submit();
      if (unfit) throw new Error(unfit.error);
      const intent = await setUpPayment({
        name: form.name,
        email: form.email,
        shipping,
        totalAmount: bookTotal + shippingCost,
        bookTitle: singleCheckoutBook.title,
        bookPrice: singleCheckoutBook.price,
        shippingCost,
        ...(applied.code === null ? {} : { discountCode: applied.code }),
        ...(gift.isGift ? { gift: giftRequestOf(gift) } : {}),
      });
      const confirmed = await card.current.confirm(intent.clientSecret, { name: form.name, email: form.email });
      if ('error' in confirmed) throw new Error(confirmed.error);
      await saveOrder({
        name: form.name,
        email: form.email,
        shipping,
        paymentIntentId: confirmed.paymentIntentId,
        amount: intent.amount,
        bookTitle: singleCheckoutBook.title,
        bookPrice: singleCheckoutBook.price,
        shippingCost,
        status: 'completed',
      });
    });
  }

  return (
    <CheckoutLayout title="Checkout">
      <div className="checkout-columns">
        <Card size="3">
          <form onSubmit={pay} noValidate aria-label="Checkout">
            <Flex direction="column" gap="3">
              <Heading as="h2" size="4">
                Shipping details
              </Heading>
              <LabelledField id={`${id}-name`} label="Full Name *">
                <TextField.Root
                  id={`${id}-name`}
                  value={form.name}
                  onChange={set('name')}
                  autoComplete="name"
                  required
                />
              </LabelledField>
              <LabelledField id={`${id}-email`} label="Email *">
                <TextField.Root
                  id={`${id}-email`}
                  type="email"
                  value={form.email}
                  onChange={set('email')}
                  autoComplete="email"
                  required
                />
              </LabelledField>
              <AddressFields
                id={id}
                value={form}
                onChange={(change) => {
                  setForm((f) => ({ ...f, ...change }));
                  if (change.country) setDestination(change.country);
                }}
                countries={table?.destinations ?? []}
                required
                autoComplete="address"
                postcodeError={postcodeError}
              />
              <GiftFields value={gift} onChange={setGift} startCountry={form.country} />
              <ImportDutiesNotice country={gift.isGift && gift.separate ? gift.country : form.country} />
              <Separator size="4" my="2" />
              <Heading as="h2" size="4">
                Payment
              </Heading>
              {config.testMode && <TestModeNotice />}
              <CardField ref={card} config={config} amount={total ?? bookTotal} onReady={onReady} />
              <Button
                type="submit"
                size="3"
                mt="2"
                disabled={payment.processing || !ready || shippingCost === undefined}
              >
                {payment.processing ? 'Processing...' : total === undefined ? 'Pay' : `Pay ${formatPence(total)}`}
              </Button>
            </Flex>
          </form>
        </Card>
        <Card size="3" className="checkout-columns__summary">
          <Heading as="h2" size="4" mb="3">
            Order summary
          </Heading>
          <Flex direction="column" gap="2">
            <Flex justify="between" gap="3">
              <Text>{singleCheckoutBook.title}</Text>
              <Text>{formatPence(singleCheckoutBook.price)}</Text>
            </Flex>
            {codeAnswer && <CodeSavingLine answer={codeAnswer} size="2" />}
            <Flex justify="between" gap="3">
              <Text color="gray">Shipping</Text>
              <Text color="gray" data-testid="checkout-shipping">
                {shippingCost !== undefined
                  ? formatPence(shippingCost)
                  : table
                    ? 'Choose where the parcel goes'
                    : 'Calculating shipping...'}
              </Text>
            </Flex>
            <Separator size="4" />
            <Flex justify="between" gap="3">
              <Text weight="bold">Total</Text>
              <Text weight="bold" data-testid="checkout-total">
                {total === undefined ? '—' : formatPence(total)}
              </Text>
            </Flex>
            <Separator size="4" />
            <DiscountCodeField lines={lines} applied={applied} />
          </Flex>
        </Card>
      </div>
    </CheckoutLayout>
  );
}
